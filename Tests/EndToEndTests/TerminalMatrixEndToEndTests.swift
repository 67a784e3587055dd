import Foundation
import Testing

/// The terminals and locales members arrive with, each run with the real binary in tmux: it works
/// (in colour where the terminal has it, with ASCII stand-ins where it cannot show more) or it
/// says clearly why not and ends. Nothing draws garbage.
@Suite struct TerminalMatrixEndToEndTests {
    enum Outcome: Sendable {
        /// The home screen in Unicode, with this much colour.
        case unicode(Colour)
        /// The home screen in ASCII stand-ins.
        case ascii
        /// Refused with exit status 2 and a message naming TERM.
        case refused
    }

    enum Colour: Sendable {
        case indexed, basic, none
    }

    struct Setting: Sendable, CustomTestStringConvertible {
        /// `nil`: TERM unset.
        var term: String?
        var lang: String
        var extra: [String: String] = [:]
        var outcome: Outcome

        var testDescription: String { "TERM=\(term ?? "(unset)") LANG=\(lang) \(extra)" }
    }

    static let settings: [Setting] = [
        Setting(term: "xterm-256color", lang: "C.UTF-8", outcome: .unicode(.indexed)),
        Setting(term: "xterm", lang: "C.UTF-8", outcome: .unicode(.basic)),
        Setting(term: "vt100", lang: "C.UTF-8", outcome: .unicode(.none)),
        Setting(term: "tmux-256color", lang: "C.UTF-8", outcome: .unicode(.indexed)),
        Setting(term: "linux", lang: "C.UTF-8", outcome: .unicode(.basic)),
        Setting(term: "dumb", lang: "C.UTF-8", outcome: .refused),
        Setting(term: nil, lang: "C.UTF-8", outcome: .refused),
        // No usable locale, as over SSH: C.UTF-8 for a terminal emulator...
        Setting(term: "xterm-256color", lang: "C", outcome: .unicode(.indexed)),
        Setting(term: "xterm-256color", lang: "POSIX", outcome: .unicode(.indexed)),
        Setting(term: "xterm-256color", lang: "de_DE.UTF-8", outcome: .unicode(.indexed)),
        // ...ASCII for a hardware-style terminal, a locale of another character set, or on request.
        Setting(term: "vt100", lang: "C", outcome: .ascii),
        Setting(term: "linux", lang: "POSIX", outcome: .ascii),
        Setting(term: "xterm-256color", lang: "en_US.ISO-8859-1", outcome: .ascii),
        Setting(term: "xterm-256color", lang: "C.UTF-8", extra: ["TERMFIT_ASCII": "1"], outcome: .ascii),
    ]

    /// Pieces of escape sequences that would show if something was written the terminal did not
    /// understand.
    private static let garbage = ["\u{FFFD}", "\u{1B}", "[?", "^[", ";1H", "[0m", "(B"]

    @Test(arguments: settings)
    func eachTerminalWorksOrSaysWhy(setting: Setting) throws {
        var environment = ["LANG": setting.lang, "LC_ALL": "", "LC_CTYPE": ""]
        for (key, value) in setting.extra { environment[key] = value }
        var command = [Binary.termfit, "--profile", "matrix"]
        if let term = setting.term {
            environment["TERM"] = term
        } else {
            command = ["env", "-u", "TERM"] + command
        }
        let session = try TmuxSession(command, environment: environment)
        defer { session.close() }

        switch setting.outcome {
        case .refused:
            #expect(try session.waitForExit() == 2)
            // The message wraps at the pane's edge: join the rows back into one line.
            let screen = try session.screen().joined()
            #expect(screen.contains("termfit: "), "\(screen)")
            #expect(screen.contains("TERM=xterm-256color"), "the message says what to set:\n\(screen)")
            #expect(try session.terminalIsRestored())
            return
        case .unicode(let colour):
            let screen = try session.waitFor("Workouts")
            let text = screen.joined(separator: "\n")
            #expect(text.contains("╭ Workouts"), "\(text)")
            #expect(text.contains("▸ 1  HIIT"))
            for piece in Self.garbage { #expect(!text.contains(piece), "\(piece) on screen:\n\(text)") }
            let styled = try session.tmux(["capture-pane", "-p", "-e", "-t", "0"])
            let indexed = styled.contains("38;5;")
            let basic = (30...37).contains { styled.contains("[\($0)m") || styled.contains(";\($0)m") }
            switch colour {
            case .indexed: #expect(indexed, "256 colours in use")
            case .basic: #expect(!indexed && basic, "8 colours only")
            case .none: #expect(!indexed && !basic, "no colour at all")
            }
        case .ascii:
            let screen = try session.waitFor("Workouts")
            let text = screen.joined(separator: "\n")
            let onlyASCII = text.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(onlyASCII, "only ASCII on screen:\n\(text)")
            #expect(text.contains("> 1  HIIT") || text.contains("* 1  HIIT") || text.contains("1  HIIT"))
            #expect(text.contains("+ Workouts") || text.contains("Workouts"))
            for piece in Self.garbage { #expect(!text.contains(piece), "\(piece) on screen:\n\(text)") }
        }
        // Whatever it drew, a key still works and the terminal comes back whole.
        try session.send("j")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalIsRestored())
    }
}
