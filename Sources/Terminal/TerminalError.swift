/// Why the terminal could not be used, worded for the person at the keyboard.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, no terminal at all).
    case notInteractive
    /// `TERM` names a terminal the terminfo database does not know, or is unset.
    case unknownTerminal(String?)
    /// The terminal cannot move the cursor (`TERM=dumb`, a printing terminal).
    case cannotAddressCursor(String)
    /// A system call failed.
    case system(String)

    public var description: String {
        switch self {
        case .notInteractive:
            return "termfit: needs an interactive terminal (standard input and output must be a terminal)"
        case .unknownTerminal(nil):
            return "termfit: TERM is not set; set it to your terminal's type, e.g. TERM=xterm-256color"
        case .unknownTerminal(let name?):
            return
                "termfit: unknown terminal type '\(name)'; set TERM to your terminal's type, e.g. TERM=xterm-256color"
        case .cannotAddressCursor(let name):
            return "termfit: the terminal type '\(name)' cannot move the cursor, so a full-screen program cannot run; "
                + "set TERM to your terminal's type, e.g. TERM=xterm-256color"
        case .system(let message):
            return "termfit: \(message)"
        }
    }

    /// The exit status for this error: 2 for a wrong environment, 1 otherwise.
    public var exitStatus: Int32 {
        switch self {
        case .system: return 1
        default: return 2
        }
    }
}
