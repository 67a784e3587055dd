import CNcursesw
import TermUI

#if canImport(Glibc)
    import Glibc
#endif

/// How the terminal should be set up.
public struct TerminalOptions: Sendable {
    /// `false` when the user asked for no colour (`--no-color` or `NO_COLOR`).
    public var allowsColor: Bool
    /// Milliseconds ncurses waits after ESC for the rest of a key's escape sequence.
    public var escapeDelay: Int
    public var mouse: Bool
    /// Seconds one write to the terminal may block before TermFit gives the terminal up and ends
    /// the run as after SIGHUP (``OutputDeadline``).
    public var outputTimeout: Int
    /// Over SSH: how long the terminal may leave a status question unanswered (while TermFit
    /// keeps drawing) before the run ends as after SIGHUP; `nil` asks nothing (``LinkProbe``).
    public var linkTimeout: Duration?

    public init(
        allowsColor: Bool = true, escapeDelay: Int = 25, mouse: Bool = true,
        outputTimeout: Int = OutputDeadline.defaultLimit, linkTimeout: Duration? = nil
    ) {
        self.allowsColor = allowsColor
        self.escapeDelay = escapeDelay
        self.mouse = mouse
        self.outputTimeout = outputTimeout
        self.linkTimeout = linkTimeout
    }

    /// Options from the environment: `NO_COLOR` turns colour off; over SSH (`SSH_CONNECTION`) the
    /// escape delay is 100 ms, so arrow keys split across packets still arrive whole;
    /// `TERMFIT_OUTPUT_TIMEOUT` sets the output limit (``OutputDeadline/limit(environment:)``);
    /// over SSH the link is probed (``LinkProbe``).
    public static func from(environment: [String: String], noColorFlag: Bool) -> TerminalOptions {
        let noColor = noColorFlag || !(environment["NO_COLOR"] ?? "").isEmpty
        let overSSH = !(environment["SSH_CONNECTION"] ?? "").isEmpty
        return TerminalOptions(
            allowsColor: !noColor, escapeDelay: overSSH ? 100 : 25,
            outputTimeout: OutputDeadline.limit(environment: environment),
            linkTimeout: overSSH ? LinkProbe.timeout(environment: environment) : nil)
    }
}

/// Sets up the locale for wide characters: the user's locale if it is UTF-8, else `C.UTF-8`,
/// else ASCII stand-ins for every non-ASCII glyph.
public enum LocaleSetup {
    /// Terminal types that are hardware terminals or consoles, which cannot be assumed to speak
    /// UTF-8 when the locale does not say so.
    static let nonUnicodeTerminals = ["vt52", "vt100", "vt102", "vt220", "vt320", "ansi", "linux", "cons25", "pcansi"]

    /// Sets the process locale and decides how characters outside ASCII are drawn:
    ///
    /// 1. The user's locale when it is UTF-8.
    /// 2. ASCII stand-ins when `TERMFIT_ASCII` is set, or the locale names another character set
    ///    (`en_US.ISO-8859-1`): the terminal most likely speaks that set.
    /// 3. With no usable locale (unset, `C`, `POSIX`, or one that is not generated, as over SSH,
    ///    which does not pass `LANG` on by default): `C.UTF-8` for terminal emulators, ASCII for
    ///    the hardware-style types in ``nonUnicodeTerminals``.
    public static func configure(environment: [String: String]) -> GlyphMode {
        setlocale(LC_ALL, "")
        let forcesASCII = environment["TERMFIT_ASCII"].map { !$0.isEmpty && $0 != "0" } ?? false
        if isUTF8 && !forcesASCII { return .unicode }
        let requested = requestedLocale(environment)
        if forcesASCII || namesOtherCharacterSet(requested) { return .ascii }
        let family = (environment["TERM"] ?? "").split(separator: "-").first.map(String.init) ?? ""
        if nonUnicodeTerminals.contains(family) { return .ascii }
        if setlocale(LC_CTYPE, "C.UTF-8") != nil, isUTF8 { return .unicode }
        setlocale(LC_ALL, "")
        return .ascii
    }

    /// The locale the environment asks for character handling, as POSIX orders the variables.
    static func requestedLocale(_ environment: [String: String]) -> String {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return ""
    }

    /// Whether `locale` names a character set other than UTF-8 (`de_DE.ISO-8859-1`, `ru_RU.KOI8-R`).
    static func namesOtherCharacterSet(_ locale: String) -> Bool {
        guard let dot = locale.firstIndex(of: ".") else { return false }
        let codeset = locale[locale.index(after: dot)...].prefix { $0 != "@" }.lowercased()
        return !codeset.isEmpty && codeset != "utf-8" && codeset != "utf8"
    }

    /// Whether the process locale's characters are UTF-8.
    static var isUTF8: Bool {
        guard let codeset = termfit_codeset() else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}

/// The escape sequences for the modes TermFit turns on beyond what ncurses does itself.
enum ModeSequence {
    /// Button-event mouse tracking (drags) with SGR coordinates.
    static let mouseOn = "\u{1B}[?1002h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?1000l"
    static let focusOn = "\u{1B}[?1004h"
    static let focusOff = "\u{1B}[?1004l"
    static let pasteOn = "\u{1B}[?2004h"
    static let pasteOff = "\u{1B}[?2004l"
    /// The secondary device attributes question: the answer says which terminal this is, whatever
    /// `TERM` says (GNU screen answers 83, also at the far end of an SSH link).
    static let askTerminalType = "\u{1B}[>c"
    /// Everything off, the cursor back, the main screen back: what a fatal signal writes.
    static let resetAll = mouseOff + focusOff + pasteOff + "\u{1B}[?1003l\u{1B}[?25h\u{1B}[?1049l\u{1B}[0m"
}

/// The real terminal: ncurses on standard input and output.
public final class NcursesScreen {
    public let glyphMode: GlyphMode
    public let colorMode: ColorMode
    public private(set) var size: Size
    public let renderer: CursesRenderer
    private let seam = NcursesSeam()
    private let options: TerminalOptions
    private var screen: OpaquePointer?
    /// TermFit reads and decodes the terminal's bytes itself; ncurses only draws.
    private var decoder: InputDecoder
    private var inputBuffer = [UInt8](repeating: 0, count: 4096)
    private var mouseOn = false
    /// The terminal is GNU screen, which holds a lone ESC back for as long as mouse reporting is
    /// on (it waits for the rest of a mouse report that never comes), so the Escape key would
    /// not arrive until the next key: there the mouse stays off.
    private var holdsEscapeWithMouse = false
    private var isOpen = false
    /// Reading the terminal failed for good: the run must end rather than poll it again.
    public private(set) var inputClosed = false
    private var output = [UInt8]()

    /// Starts ncurses on the terminal. Throws, without touching the terminal, when standard input
    /// or output is not a terminal or the terminal type is unusable.
    public init(options: TerminalOptions, glyphMode: GlyphMode) throws(TerminalError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notInteractive }
        let terminalName = getenv("TERM").map { String(cString: $0) }
        guard let name = terminalName, !name.isEmpty else { throw .unknownTerminal(nil) }
        // Check the terminal type first: newterm() on an unknown type would print and exit.
        switch termfit_probe_terminal(name) {
        case -1: throw .unknownTerminal(name)
        case 0: throw .cannotAddressCursor(name)
        default: break
        }
        self.options = options
        self.glyphMode = glyphMode
        seam.outputTimeout = options.outputTimeout
        decoder = InputDecoder(escapeDelay: .milliseconds(options.escapeDelay), utf8: LocaleSetup.isUTF8)
        Self.startOutput()
        guard let screen = termfit_newterm(name) else { throw .unknownTerminal(name) }
        self.screen = screen
        isOpen = true
        Self.leaveInitialState()
        colorMode = Self.startColors(allowed: options.allowsColor)
        let pairLimit = colorMode == .none ? 1 : Int(max(1, min(termfit_color_pairs(), 32767)))
        renderer = CursesRenderer(seam: seam, colorMode: colorMode, glyphMode: glyphMode, pairLimit: pairLimit)
        size = Self.kernelSize() ?? Size(width: Int(termfit_cols()), height: Int(termfit_lines()))
        configure()
    }

    deinit { close() }

    private func configure() {
        raw()
        noecho()
        nonl()
        curs_set(0)
        leaveok(termfit_newscr(), true)
        Self.shrinkStandardScreen()
        if size.width != Int(termfit_cols()) || size.height != Int(termfit_lines()) {
            resizeterm(Int32(size.height), Int32(size.width))
        }
        // Paint the blank screen (this switches to the alternate screen) before turning modes on.
        doupdate()
        setMouseTracking(options.mouse)
        writeRaw(ModeSequence.focusOn + ModeSequence.pasteOn + ModeSequence.askTerminalType)
    }

    /// Until ncurses has once been suspended and resumed, it flushes its output at every cursor
    /// move, so a frame leaves in one write per line it changes (each a system call, and a wake-up
    /// for whatever reads the terminal). One `endwin()`/`doupdate()` round, before anything is
    /// drawn, puts it in its running state: from then on every frame is a single write. The
    /// round trip to the shell's screen shows what was on screen a moment before.
    ///
    /// It also stops ncurses polling the keyboard while it writes a frame (`typeahead`): TermFit
    /// reads every key before it draws, and a frame is always sent whole.
    static func leaveInitialState() {
        typeahead(-1)
        endwin()
        doupdate()
    }

    /// TermFit draws straight into ncurses' picture of the next screen (`newscr`), which
    /// `doupdate()` compares with what the terminal shows (`curscr`), so the standard window, a
    /// third copy of the screen that `wnoutrefresh` would copy over, is cut to one cell: 336 KB
    /// less on a 200×60 terminal, and no copy per frame. A resize grows only windows reaching the
    /// screen's right and bottom edges, which a one-cell window at the top left does not.
    static func shrinkStandardScreen() {
        wresize(termfit_stdscr(), 1, 1)
    }

    private static func startColors(allowed: Bool) -> ColorMode {
        guard allowed && has_colors() else { return .none }
        start_color()
        use_default_colors()
        let colors = termfit_colors()
        return colors >= 256 ? .indexed : (colors >= 8 ? .basic : .none)
    }

    /// Restarts terminal output another program left suspended (`tcflow(TCOOFF)`). Raw mode has
    /// IXON off, so no key could restart it, and every write would wait for ever.
    private static func startOutput() { _ = tcflow(STDOUT_FILENO, TCOON) }

    /// The window size the kernel reports for standard output.
    public static func kernelSize() -> Size? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard termfit_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
        return Size(width: Int(columns), height: Int(rows))
    }

    // MARK: Input

    /// Reads what waits on standard input (one `read`, so a terminal shared with the shell is
    /// never switched to non-blocking) and decodes it into events.
    public func readEvents() -> [Event] {
        let count = inputBuffer.withUnsafeMutableBytes { buffer in
            read(STDIN_FILENO, buffer.baseAddress, buffer.count)
        }
        if count == 0 || (count < 0 && (errno == EIO || errno == EBADF)) {
            // Readable, yet at its end or failing: the terminal is gone (EIO after a hang-up, or
            // a read from the background with SIGTTIN ignored). Reading again would fail the same
            // way at once, for ever.
            inputClosed = true
            return []
        }
        guard count > 0 else { return [] }
        let events = decoder.feed(inputBuffer[..<count])
        if decoder.reportedTerminalType == Self.gnuScreen && !holdsEscapeWithMouse {
            setMouseTracking(false)
            holdsEscapeWithMouse = true
        }
        return events
    }

    /// The secondary device attributes answer of GNU screen (`S`).
    static let gnuScreen = 83

    /// How long after the last byte read the decoder wants ``timeOutInput(quietFor:)``: the
    /// escape delay after a lone ESC, longer for half a sequence or a paste; `nil` when nothing waits.
    public var inputWait: Duration? { decoder.waitAfterLastInput }

    /// Input has been quiet for `quiet`: what waited for more is decided (ESC alone is the
    /// Escape key; a paste whose end never came is delivered).
    public func timeOutInput(quietFor quiet: Duration) -> [Event] { decoder.timeOut(quietFor: quiet) }

    // MARK: Modes

    /// Turns mouse reporting (clicks and drags) on or off; in GNU screen it stays off.
    public func setMouseTracking(_ on: Bool) {
        if on && holdsEscapeWithMouse { return }
        if on {
            writeRaw(ModeSequence.mouseOn)
        } else if mouseOn {
            writeRaw(ModeSequence.mouseOff)
        }
        mouseOn = on
    }

    /// Rings the terminal bell.
    public func ringBell() { _ = OutputDeadline.guarding(seconds: options.outputTimeout) { beep() } }

    /// Whether a write to the terminal blocked past ``TerminalOptions/outputTimeout``: the terminal
    /// is given up (its output goes nowhere) and the run must end.
    public var outputStalled: Bool { OutputDeadline.hasExpired }

    /// Gives the terminal back (Ctrl-Z): modes off, ncurses suspended, the process stopped until
    /// the shell continues it; then takes the terminal again and returns the size it has now.
    public func suspend() -> Size {
        release()
        SignalPipe.restoreDefault(for: SIGTSTP)
        kill(getpid(), SIGTSTP)
        // Continued.
        SignalPipe.reinstall(for: SIGTSTP)
        reacquire()
        return size
    }

    private func release() {
        OutputDeadline.guarding(seconds: options.outputTimeout) {
            if mouseOn { writeRaw(ModeSequence.mouseOff) }
            writeRaw(ModeSequence.focusOff + ModeSequence.pasteOff)
            curs_set(1)
            endwin()
        }
    }

    private func reacquire() {
        // A program run while TermFit was stopped may have left the output suspended.
        Self.startOutput()
        reset_prog_mode()
        if let newSize = Self.kernelSize(), newSize != size {
            size = newSize
            resizeterm(Int32(newSize.height), Int32(newSize.width))
        }
        seam.invalidate()
        _ = OutputDeadline.guarding(seconds: options.outputTimeout) { doupdate() }
        // ncurses brings back the cursor as it was at release, which was shown for the shell.
        curs_set(0)
        writeModes()
    }

    /// Takes the terminal back after the process was stopped and continued by someone else
    /// (SIGSTOP, then SIGCONT), without a release first: the tty's modes, the alternate screen,
    /// the hidden cursor and mouse, focus and paste reporting are all set again, since whoever had
    /// the terminal meanwhile may have changed them. The next frame is drawn whole.
    public func retake() {
        guard isOpen else { return }
        Self.startOutput()
        reset_prog_mode()
        writeRaw(
            (termfit_capability("smcup").map { String(cString: $0) } ?? "")
                + (termfit_capability("civis").map { String(cString: $0) } ?? ""))
        seam.invalidate()
        writeModes()
    }

    private func writeModes() {
        if mouseOn { writeRaw(ModeSequence.mouseOn) }
        writeRaw(ModeSequence.focusOn + ModeSequence.pasteOn)
    }

    /// Re-reads the window size after SIGWINCH; returns it when it changed.
    public func refreshSize() -> Size? {
        guard let newSize = Self.kernelSize(), newSize != size else { return nil }
        size = newSize
        seam.resize(to: newSize)
        return newSize
    }

    /// Restores the terminal: every mode off, ncurses ended, the main screen back.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        release()
        if let screen {
            delscreen(screen)
            self.screen = nil
        }
    }

    /// Asks the terminal for its status (`CSI 5 n`); a live one answers `CSI 0 n` at once, which
    /// the input decoder swallows like any other reply.
    public func askForStatus() {
        writeRaw(LinkProbe.question)
    }

    /// Writes bytes straight to the terminal, after ncurses has flushed its own output.
    private func writeRaw(_ sequence: String) {
        output = Array(sequence.utf8)
        OutputDeadline.guarding(seconds: options.outputTimeout) { writeOutput() }
    }

    private func writeOutput() {
        output.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = write(STDOUT_FILENO, base + offset, bytes.count - offset)
                if written <= 0 {
                    if written < 0 && errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// The real `CursesSeam`: ncurses' picture of the next screen (`newscr`).
final class NcursesSeam: CursesSeam {
    /// Seconds one frame's write may block (``OutputDeadline``).
    var outputTimeout = OutputDeadline.defaultLimit

    public func defineColorPair(_ pair: Int, foreground: Int, background: Int) -> Bool {
        termfit_init_pair(Int32(pair), Int32(foreground), Int32(background)) == termfit_ok()
    }

    public func putCell(_ text: UnsafePointer<wchar_t>, row: Int, column: Int, attributes: Attributes, pair: Int) {
        _ = termfit_put_cell(
            termfit_newscr(), Int32(row), Int32(column), text, Self.attributes(attributes), Int32(pair))
    }

    public func update() {
        _ = OutputDeadline.guarding(seconds: outputTimeout) { doupdate() }
    }

    public func invalidate() {
        clearok(termfit_curscr(), true)
    }

    public func erase() {
        werase(termfit_newscr())
    }

    public func resize(to size: Size) {
        resizeterm(Int32(size.height), Int32(size.width))
        clearok(termfit_curscr(), true)
    }

    static func attributes(_ attributes: Attributes) -> attr_t {
        var result = termfit_a_normal()
        if attributes.contains(.bold) { result |= termfit_a_bold() }
        if attributes.contains(.dim) { result |= termfit_a_dim() }
        if attributes.contains(.reverse) { result |= termfit_a_reverse() }
        if attributes.contains(.underline) { result |= termfit_a_underline() }
        if attributes.contains(.italic) { result |= termfit_a_italic() }
        return result
    }

}
