import TermUI

/// Turns the bytes a terminal sends into TermFit's events, whatever `TERM` says the terminal is.
///
/// Members arrive from xterm-likes, tmux, GNU screen, PuTTY, phone SSH clients, rxvt, kitty and the
/// Linux console, and their terminfo entries do not describe what those send: the same arrow comes
/// as `ESC [ A` or `ESC O A`, Home as `ESC [ H`, `ESC [ 1 ~` or `ESC [ 7 ~`, F1 as `ESC O P`,
/// `ESC [ 11 ~` or `ESC [ [ A`. So TermFit reads the bytes itself (ncurses only draws) and knows
/// every common form:
///
/// - keys in CSI, SS3, VT220 (`ESC [ n ~`), rxvt (`$ ^ @` finals, `ESC [ a`) and Linux-console
///   forms, with xterm's modifier parameter (`ESC [ 1 ; 5 A` is Ctrl-↑), xterm's
///   `modifyOtherKeys` (`ESC [ 27 ; 5 ; 99 ~`) and the kitty keyboard protocol (`ESC [ 99 ; 5 u`);
/// - Alt with a key as ESC followed by it;
/// - mouse reports in SGR (1006), X10/normal (1000) and urxvt (1015) encodings;
/// - focus in and out, bracketed paste;
/// - 8-bit C1 introducers (0x9B for CSI, 0x8F for SS3) from VT220-style terminals.
///
/// Every other complete CSI, SS3, OSC, DCS, SOS, PM or APC sequence (a terminal's replies
/// included) is consumed whole and ignored, so no stray byte of it reaches a screen as a key. ESC
/// is the Escape key only when nothing follows it within the escape delay.
///
/// A value with no clock: the run loop feeds it bytes with ``feed(_:)``, asks how long it may wait
/// for the rest of a sequence (``waitAfterLastInput``), and calls ``timeOut(quietFor:)`` when input
/// has been quiet that long.
public struct InputDecoder {
    /// How long a lone ESC (or ESC and one introducer) waits for more before it is a key.
    public let escapeDelay: Duration
    /// How long an unfinished sequence or bracketed paste waits before it is given up (a paste:
    /// delivered as it is): an end lost on the way must not swallow every later key.
    public static let silence = Duration.milliseconds(500)
    /// Whether characters come as UTF-8 (else as ISO 8859-1, one byte each).
    public let utf8: Bool

    /// The most a CSI or SS3 sequence and a string (OSC, DCS …) may hold before it is skipped.
    static let sequenceLimit = 256
    static let stringLimit = 4096
    /// The most of a paste that is kept; the rest is dropped until its end.
    static let pasteLimit = 1 << 20

    private var pending: [UInt8] = []
    private var paste: [UInt8]?
    /// The last bytes of a paste, to find its end marker even past `pasteLimit`.
    private var pasteTail: [UInt8] = []
    private var skipping: Skip?
    private var buttonDown = false
    private var waiting: Wait?

    /// An over-long sequence being skipped to its end.
    private enum Skip {
        /// To the final byte of a CSI or SS3 sequence.
        case sequence
        /// To BEL or ST (`ESC \`).
        case string
        /// `ESC` seen inside a skipped string: `\` ends it.
        case stringEscape
    }

    /// What an unfinished input waits for.
    private enum Wait {
        /// The escape delay: a lone ESC, ESC and an introducer, half a character.
        case escapeDelay
        /// Silence: the rest of a longer sequence or of a paste.
        case silence
    }

    /// - Parameters:
    ///   - escapeDelay: how long ESC waits for the rest of a sequence (25 ms on a local terminal,
    ///     100 ms over SSH, where a sequence may arrive in two packets).
    ///   - utf8: whether the locale's characters are UTF-8.
    public init(escapeDelay: Duration = .milliseconds(25), utf8: Bool = true) {
        self.escapeDelay = escapeDelay
        self.utf8 = utf8
    }

    /// Whether a bracketed paste has started and not ended.
    public var isPasting: Bool { paste != nil }

    /// How long after the last byte read ``timeOut(quietFor:)`` should be called, or `nil` when
    /// nothing waits.
    public var waitAfterLastInput: Duration? {
        switch waiting {
        case .escapeDelay: escapeDelay
        case .silence: Self.silence
        case nil: nil
        }
    }

    /// Decodes `bytes` read from the terminal; returns the events they complete. Bytes that may
    /// begin a longer sequence wait for the next call or for ``timeOut(quietFor:)``.
    public mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [Event] {
        pending.append(contentsOf: bytes)
        var events: [Event] = []
        process(into: &events, settling: .none)
        return events
    }

    /// Input has been quiet for `quiet`: what waited for more is decided. After the escape delay a
    /// lone ESC is the Escape key and ESC with one introducer is Alt with it; after ``silence`` an
    /// unfinished sequence is dropped and an unfinished paste is delivered.
    public mutating func timeOut(quietFor quiet: Duration) -> [Event] {
        let level: Settle = quiet >= Self.silence ? .all : (quiet >= escapeDelay ? .short : .none)
        var events: [Event] = []
        if level == .all {
            skipping = nil
            if let event = endPaste() { events.append(event) }
        }
        process(into: &events, settling: level)
        return events
    }

    /// Ends a paste whose end never came: what was collected.
    public mutating func endPaste() -> Event? {
        guard let bytes = paste else { return nil }
        paste = nil
        pasteTail = []
        waiting = pending.isEmpty ? nil : waiting
        return .paste(pasteText(bytes))
    }

    // MARK: The loop

    /// How much of an unfinished input to decide now.
    private enum Settle: Comparable {
        case none, short, all
    }

    private mutating func process(into events: inout [Event], settling level: Settle) {
        var index = 0
        waiting = nil
        loop: while index < pending.count {
            if paste != nil {
                index += collectPaste(from: index, into: &events)
                continue
            }
            if let skip = skipping {
                index += skipUnfinished(skip, from: index)
                continue
            }
            switch parse(at: index, settling: level) {
            case .needMore(let wait):
                waiting = wait
                break loop
            case .token(let token, let length):
                index += length
                switch token {
                case .event(let event): events.append(event)
                case .ignored: break
                case .pasteStart: paste = []
                case .skip(let skip): skipping = skip
                }
            }
        }
        pending.removeFirst(index)
        if paste != nil || skipping != nil { waiting = .silence }
    }

    /// Takes bytes of a paste until its end marker; returns how many it took.
    private mutating func collectPaste(from start: Int, into events: inout [Event]) -> Int {
        guard var bytes = paste else { return 0 }
        paste = []  // `bytes` holds the only copy while it grows
        let marker = Self.pasteEnd
        var index = start
        defer { if paste != nil { paste = bytes } }
        while index < pending.count {
            let byte = pending[index]
            index += 1
            if byte == 0x03 {
                // Ctrl-C is never pasted text: someone wants out, paste or not.
                paste = nil
                pasteTail = []
                events.append(.key(.control("c")))
                return index - start
            }
            if bytes.count < Self.pasteLimit { bytes.append(byte) }
            pasteTail.append(byte)
            if pasteTail.count > marker.count { pasteTail.removeFirst() }
            if pasteTail == marker {
                if bytes.count >= marker.count && bytes.suffix(marker.count).elementsEqual(marker) {
                    bytes.removeLast(marker.count)
                }
                paste = nil
                pasteTail = []
                events.append(.paste(pasteText(bytes)))
                return index - start
            }
        }
        return index - start
    }

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private func pasteText(_ bytes: [UInt8]) -> String {
        // Line ends as the terminal sends them (CR, or CR LF from some clients) become LF.
        var lines: [UInt8] = []
        lines.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated()
        where !(byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) {
            lines.append(byte == 0x0D ? 0x0A : byte)
        }
        return utf8 ? String(decoding: lines, as: UTF8.self) : String(lines.map { Character(Unicode.Scalar($0)) })
    }

    /// Drops the rest of an over-long sequence; returns how many bytes it dropped.
    private mutating func skipUnfinished(_ skip: Skip, from start: Int) -> Int {
        var index = start
        var state = skip
        while index < pending.count {
            let byte = pending[index]
            switch state {
            case .sequence:
                if (0x40...0x7E).contains(byte) {
                    skipping = nil
                    return index + 1 - start
                }
                if !(0x20...0x3F).contains(byte) {
                    skipping = nil
                    return index - start
                }
            case .string, .stringEscape:
                if byte == 0x07 || (state == .stringEscape && byte == 0x5C) {
                    skipping = nil
                    return index + 1 - start
                }
                state = byte == 0x1B ? .stringEscape : .string
            }
            index += 1
        }
        skipping = state
        return index - start
    }

    // MARK: Parsing one token

    private enum Token {
        case event(Event)
        case ignored
        case pasteStart
        case skip(Skip)
    }

    private enum Parse {
        case token(Token, length: Int)
        case needMore(Wait)
    }

    private mutating func parse(at start: Int, settling level: Settle) -> Parse {
        let byte = pending[start]
        switch byte {
        case 0x1B:
            return parseEscape(at: start, settling: level)
        case 0x9B, 0x8F, 0x90, 0x9D, 0x98, 0x9E, 0x9F:
            // 8-bit C1 introducers. In UTF-8 these bytes never begin a character.
            return parseIntroduced(byte - 0x40, body: start + 1, start: start, settling: level)
        case 0x00...0x1F, 0x7F:
            return .token(Self.controlKey(byte).map { .event(.key($0)) } ?? .ignored, length: 1)
        case 0x20...0x7E:
            return .token(.event(.key(.character(Character(Unicode.Scalar(byte))))), length: 1)
        default:
            switch decodeCharacter(at: start, settling: level) {
            case .needMore: return .needMore(.escapeDelay)
            case .invalid(let length): return .token(.ignored, length: length)
            case .character(let character, let length):
                return .token(.event(.key(.character(character))), length: length)
            }
        }
    }

    /// ESC and what follows it: a sequence, Alt with a key, or the Escape key.
    private mutating func parseEscape(at start: Int, settling level: Settle) -> Parse {
        let next = start + 1
        guard next < pending.count else {
            return level >= .short ? .token(.event(.key(.escape)), length: 1) : .needMore(.escapeDelay)
        }
        let byte = pending[next]
        switch byte {
        case 0x5B, 0x4F, 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // [ O ] P X ^ _
            if next + 1 == pending.count {
                // ESC and an introducer alone: Alt with that character once the delay is over.
                if level >= .short {
                    return .token(.event(.key(.modified(.character(Character(Unicode.Scalar(byte))), .alt))), length: 2)
                }
                return .needMore(.escapeDelay)
            }
            return parseIntroduced(byte, body: next + 1, start: start, settling: level)
        case 0x1B:
            // ESC ESC: Alt with the key the second ESC begins (PuTTY's Alt-↑ is ESC ESC [ A), or
            // two Escape keys. A mouse report after ESC is read on its own.
            if next + 2 < pending.count, pending[next + 1] == 0x5B,
                pending[next + 2] == 0x4D || pending[next + 2] == 0x3C
            {
                return .token(.event(.key(.escape)), length: 1)
            }
            switch parseEscape(at: next, settling: level) {
            case .needMore(let wait): return .needMore(wait)
            case .token(.event(.key(.escape)), _): return .token(.event(.key(.escape)), length: 1)
            case .token(.event(.key(let key)), let length):
                return .token(.event(.key(.with(.alt, key))), length: length + 1)
            case .token: return .token(.event(.key(.escape)), length: 1)
            }
        case 0x00...0x1F, 0x7F:
            guard let key = Self.controlKey(byte) else { return .token(.ignored, length: 2) }
            return .token(.event(.key(.modified(key, .alt))), length: 2)
        case 0x20...0x7E:
            return .token(.event(.key(.modified(.character(Character(Unicode.Scalar(byte))), .alt))), length: 2)
        default:
            switch decodeCharacter(at: next, settling: level) {
            case .needMore: return .needMore(.escapeDelay)
            case .invalid: return .token(.event(.key(.escape)), length: 1)
            case .character(let character, let length):
                return .token(.event(.key(.modified(.character(character), .alt))), length: length + 1)
            }
        }
    }

    /// A sequence whose introducer (`[`, `O`, `]`, `P`, `X`, `^` or `_`, as the 7-bit final of its
    /// ESC form) came at `start`; its body begins at `body`.
    private mutating func parseIntroduced(_ introducer: UInt8, body: Int, start: Int, settling level: Settle) -> Parse {
        switch introducer {
        case 0x5B: return parseCSI(body: body, start: start, settling: level)
        case 0x4F: return parseSS3(body: body, start: start, settling: level)
        default: return parseString(body: body, start: start, settling: level)
        }
    }

    /// An 8-bit introducer with nothing after it yet (the 7-bit ones are handled by
    /// `parseEscape`): wait for the rest within the escape delay; `nil` when the body has begun.
    private func introducerAlone(body: Int, start: Int, settling level: Settle) -> Parse? {
        guard body >= pending.count else { return nil }
        return level >= .short ? .token(.ignored, length: body - start) : .needMore(.escapeDelay)
    }

    /// A sequence that has not ended: wait for the rest, or give it up after the silence.
    private func unfinished(from start: Int, settling level: Settle) -> Parse {
        level == .all ? .token(.ignored, length: pending.count - start) : .needMore(.silence)
    }

    private mutating func parseCSI(body: Int, start: Int, settling level: Settle) -> Parse {
        if let alone = introducerAlone(body: body, start: start, settling: level) { return alone }
        switch pending[body] {
        case 0x5B:
            // The Linux console's F1–F5: ESC [ [ A … E.
            guard body + 1 < pending.count else { return unfinished(from: start, settling: level) }
            let final = pending[body + 1]
            let key: Key? = (0x41...0x45).contains(final) ? .function(Int(final - 0x41) + 1) : nil
            return .token(key.map { .event(.key($0)) } ?? .ignored, length: body + 2 - start)
        case 0x4D:
            // An X10 / normal mouse report: ESC [ M and three bytes, each a value + 32.
            guard body + 3 < pending.count else { return unfinished(from: start, settling: level) }
            let values = (1...3).map { Int(pending[body + $0]) - 32 }
            let event =
                values.allSatisfy { $0 >= 0 } ? mouse(values[0], x: values[1], y: values[2], released: false) : nil
            return .token(event.map(Token.event) ?? .ignored, length: body + 4 - start)
        default:
            break
        }
        var index = body
        var intermediates: [UInt8] = []
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x30...0x3F where intermediates.isEmpty:
                index += 1
            case 0x24 where intermediates.isEmpty && index > body && pending[body..<index].allSatisfy(Self.isDigit):
                // rxvt's Shift form (ESC [ 7 $) ends in what would otherwise be an intermediate.
                let sequence = ControlSequence(parameters: Array(pending[body..<index]), final: byte)
                return .token(interpretCSI(sequence), length: index + 1 - start)
            case 0x20...0x2F:
                intermediates.append(byte)
                index += 1
            case 0x40...0x7E:
                let parameters = Array(pending[body..<(index - intermediates.count)])
                let sequence = ControlSequence(parameters: parameters, intermediates: intermediates, final: byte)
                return .token(interpretCSI(sequence), length: index + 1 - start)
            default:
                // A control character or a byte no sequence holds: the sequence was cut off. Drop
                // what came so far; the byte is read again on its own (Ctrl-C still works).
                return .token(.ignored, length: index - start)
            }
            if index - start > Self.sequenceLimit { return .token(.skip(.sequence), length: index - start) }
        }
        return unfinished(from: start, settling: level)
    }

    private mutating func parseSS3(body: Int, start: Int, settling level: Settle) -> Parse {
        if let alone = introducerAlone(body: body, start: start, settling: level) { return alone }
        var index = body
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x30...0x3F:
                index += 1
            case 0x20...0x7E:
                let sequence = ControlSequence(parameters: Array(pending[body..<index]), final: byte)
                return .token(
                    Self.interpretSS3(sequence).map { .event(.key($0)) } ?? .ignored, length: index + 1 - start)
            default:
                return .token(.ignored, length: index - start)
            }
            if index - start > Self.sequenceLimit { return .token(.skip(.sequence), length: index - start) }
        }
        return unfinished(from: start, settling: level)
    }

    /// OSC, DCS, SOS, PM and APC: a string up to BEL or ST (`ESC \`). Never a key; consumed whole.
    private func parseString(body: Int, start: Int, settling level: Settle) -> Parse {
        if let alone = introducerAlone(body: body, start: start, settling: level) { return alone }
        var index = body
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x07:
                return .token(.ignored, length: index + 1 - start)
            case 0x1B:
                guard index + 1 < pending.count else { return unfinished(from: start, settling: level) }
                // ST ends the string; ESC with anything else begins something new.
                return .token(.ignored, length: index - start + (pending[index + 1] == 0x5C ? 2 : 0))
            case 0x9C where !utf8:
                return .token(.ignored, length: index + 1 - start)
            case 0x00...0x06, 0x0E...0x1A, 0x1C...0x1F:
                // CAN, SUB and other controls cancel a string; the control is read on its own.
                return .token(.ignored, length: index - start)
            default:
                index += 1
            }
            if index - start > Self.stringLimit { return .token(.skip(.string), length: index - start) }
        }
        return unfinished(from: start, settling: level)
    }

    // MARK: Characters

    private enum CharacterParse {
        case character(Character, length: Int)
        case invalid(length: Int)
        case needMore
    }

    /// A character from its bytes at `start` (≥ 0x80): UTF-8, or one ISO 8859-1 byte.
    private func decodeCharacter(at start: Int, settling level: Settle) -> CharacterParse {
        let lead = pending[start]
        guard utf8 else {
            return lead >= 0xA0 ? .character(Character(Unicode.Scalar(lead)), length: 1) : .invalid(length: 1)
        }
        let count: Int
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0...0xEF: count = 3
        case 0xF0...0xF4: count = 4
        default: return .invalid(length: 1)
        }
        var scalar = UInt32(lead) & (0xFF >> (count + 1))
        for offset in 1..<count {
            guard start + offset < pending.count else { return level >= .short ? .invalid(length: offset) : .needMore }
            let byte = pending[start + offset]
            guard byte & 0xC0 == 0x80 else { return .invalid(length: offset) }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        let smallest: UInt32 = [0, 0, 0x80, 0x800, 0x10000][count]
        guard scalar >= smallest, let value = Unicode.Scalar(scalar) else { return .invalid(length: count) }
        return .character(Character(value), length: count)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// The key a C0 control or DEL byte stands for.
    static func controlKey(_ byte: UInt8) -> Key? {
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x7F, 0x08: return .backspace
        case 0x00: return .control(" ")
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        default: return nil
        }
    }

    // MARK: Meaning

    /// A CSI or SS3 sequence split into its parts.
    struct ControlSequence {
        /// `<`, `=`, `>` or `?` before the parameters: a reply or a private form.
        var privateMarker: UInt8?
        /// Parameters separated by `;`, each with its `:` sub-parameters (`nil` where empty).
        var parameters: [[Int?]]
        var intermediates: [UInt8]
        var final: UInt8
        /// Whether the parameters were well formed.
        var isValid: Bool

        init(parameters bytes: [UInt8], intermediates: [UInt8] = [], final: UInt8) {
            var body = bytes[...]
            if let first = body.first, (0x3C...0x3F).contains(first) {
                privateMarker = first
                body = body.dropFirst()
            }
            self.intermediates = intermediates
            self.final = final
            isValid = body.allSatisfy { (0x30...0x3B).contains($0) }
            parameters =
                body.isEmpty
                ? []
                : body.split(separator: 0x3B, omittingEmptySubsequences: false).map { parameter in
                    parameter.split(separator: 0x3A, omittingEmptySubsequences: false).map { digits in
                        digits.isEmpty || digits.count > 9 ? nil : Int(String(decoding: digits, as: UTF8.self))
                    }
                }
        }

        /// The first value of parameter `index`, if given.
        func value(_ index: Int) -> Int? {
            parameters.indices.contains(index) ? parameters[index].first ?? nil : nil
        }

        /// The modifiers of xterm's parameter (1 + Shift 1, Alt 2, Ctrl 4, Super 8, Meta 32) at
        /// `index`, and whether the key was let go (the kitty protocol's event type 3).
        func modifiers(at index: Int) -> (KeyModifiers, released: Bool) {
            guard parameters.indices.contains(index), let value = parameters[index].first ?? nil, value > 1 else {
                let released =
                    parameters.indices.contains(index) && parameters[index].count > 1 && parameters[index][1] == 3
                return ([], released)
            }
            let bits = value - 1
            var modifiers: KeyModifiers = []
            if bits & 1 != 0 { modifiers.insert(.shift) }
            if bits & 2 != 0 { modifiers.insert(.alt) }
            if bits & 4 != 0 { modifiers.insert(.control) }
            if bits & (8 | 32) != 0 { modifiers.insert(.meta) }
            let released = parameters[index].count > 1 && parameters[index][1] == 3
            return (modifiers, released)
        }
    }

    private mutating func interpretCSI(_ sequence: ControlSequence) -> Token {
        guard sequence.isValid || sequence.privateMarker == 0x3C else { return .ignored }
        if sequence.privateMarker == 0x3C {
            // SGR mouse: ESC [ < button ; x ; y M (press, motion) or m (release).
            guard sequence.isValid, sequence.intermediates.isEmpty, sequence.final == 0x4D || sequence.final == 0x6D,
                let button = sequence.value(0), let x = sequence.value(1), let y = sequence.value(2)
            else { return .ignored }
            return mouse(button, x: x, y: y, released: sequence.final == 0x6D, sgr: true).map(Token.event) ?? .ignored
        }
        // Replies (`ESC [ ? 62 ; c`, `ESC [ ? 1 u`, `ESC [ ? 2004 ; 1 $ y`) and private forms.
        guard sequence.privateMarker == nil else { return .ignored }
        if sequence.final == 0x24 { return key(Self.tildeKey(sequence.value(0)), [.shift]) }  // rxvt: $
        guard sequence.intermediates.isEmpty else { return .ignored }
        let (modifiers, released) = sequence.modifiers(at: 1)
        if released { return .ignored }
        switch sequence.final {
        case 0x41: return key(.up, modifiers)
        case 0x42: return key(.down, modifiers)
        case 0x43: return key(.right, modifiers)
        case 0x44: return key(.left, modifiers)
        case 0x48: return key(.home, modifiers)
        case 0x46: return key(.end, modifiers)
        case 0x5A: return .event(.key(.backTab))
        case 0x50, 0x51, 0x53:  // P Q S: F1, F2, F4
            return key(.function(Int(sequence.final - 0x50) + 1), modifiers)
        case 0x52:
            // F3 as xterm sends it with modifiers (ESC [ 1 ; 5 R); anything else is a cursor
            // position report, which TermFit never asks for.
            guard sequence.parameters.isEmpty || sequence.value(0) == 1 else { return .ignored }
            return key(.function(3), modifiers)
        case 0x7E:  // ~
            switch sequence.value(0) {
            case 200: return .pasteStart
            case 27:
                // xterm's modifyOtherKeys: ESC [ 27 ; modifiers ; code ~.
                guard let code = sequence.value(2) else { return .ignored }
                return codepointKey(code, shifted: nil, modifiers: modifiers)
            default: return key(Self.tildeKey(sequence.value(0)), modifiers)
            }
        case 0x5E: return key(Self.tildeKey(sequence.value(0)), [.control])  // rxvt: ^
        case 0x40: return key(Self.tildeKey(sequence.value(0)), [.control, .shift])  // rxvt: @
        case 0x75:  // u: the kitty keyboard protocol
            guard let code = sequence.value(0) else { return .ignored }
            let shifted = sequence.parameters.first.flatMap { $0.count > 1 ? $0[1] : nil }
            return codepointKey(code, shifted: shifted, modifiers: modifiers)
        case 0x49 where sequence.parameters.isEmpty: return .event(.focusIn)
        case 0x4F where sequence.parameters.isEmpty: return .event(.focusOut)
        case 0x4D where sequence.parameters.count == 3:
            // urxvt mouse: ESC [ button+32 ; x ; y M.
            guard let button = sequence.value(0), let x = sequence.value(1), let y = sequence.value(2) else {
                return .ignored
            }
            return mouse(button - 32, x: x, y: y, released: false).map(Token.event) ?? .ignored
        case 0x61...0x64 where sequence.parameters.isEmpty:
            // rxvt's Shift-arrows: ESC [ a … d.
            return key([Key.up, .down, .right, .left][Int(sequence.final - 0x61)], [.shift])
        default:
            return .ignored
        }
    }

    private func key(_ key: Key?, _ modifiers: KeyModifiers) -> Token {
        guard let key else { return .ignored }
        return .event(.key(.with(modifiers, key)))
    }

    /// The key of VT220's `ESC [ n ~` (and rxvt's `$ ^ @` forms of it).
    static func tildeKey(_ number: Int?) -> Key? {
        switch number {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case .some(let n) where (11...15).contains(n): return .function(n - 10)
        case .some(let n) where (17...21).contains(n): return .function(n - 11)
        case .some(let n) where (23...26).contains(n): return .function(n - 12)
        case .some(let n) where (28...29).contains(n): return .function(n - 13)
        case .some(let n) where (31...34).contains(n): return .function(n - 14)
        default: return nil
        }
    }

    /// The key of an SS3 sequence (`ESC O A`, the keypad's `ESC O p` …, rxvt's `ESC O a`).
    static func interpretSS3(_ sequence: ControlSequence) -> Key? {
        guard sequence.privateMarker == nil, sequence.isValid else { return nil }
        // Old xterms and Konsole put the modifier straight after O (ESC O 5 A) or as ESC O 1 ; 5 A.
        let modifierIndex = sequence.parameters.count > 1 ? 1 : 0
        let (modifiers, _) = sequence.modifiers(at: modifierIndex)
        let base: Key
        switch sequence.final {
        case 0x41: base = .up
        case 0x42: base = .down
        case 0x43: base = .right
        case 0x44: base = .left
        case 0x48: base = .home
        case 0x46: base = .end
        case 0x50...0x53: base = .function(Int(sequence.final - 0x50) + 1)
        case 0x4D: base = .enter
        case 0x49: base = .tab
        case 0x70...0x79: base = .character(Character(Unicode.Scalar(sequence.final - 0x70 + 0x30)))
        case 0x6A: base = .character("*")
        case 0x6B: base = .character("+")
        case 0x6C: base = .character(",")
        case 0x6D: base = .character("-")
        case 0x6E: base = .character(".")
        case 0x6F: base = .character("/")
        case 0x58: base = .character("=")
        case 0x61...0x64: return .modified([Key.up, .down, .right, .left][Int(sequence.final - 0x61)], .control)
        default: return nil
        }
        return .with(modifiers, base)
    }

    /// A key given by its Unicode code point (the kitty protocol, `modifyOtherKeys`) with modifiers.
    private func codepointKey(_ code: Int, shifted: Int?, modifiers: KeyModifiers) -> Token {
        var modifiers = modifiers
        let base: Key
        switch code {
        case 27: base = .escape
        case 13, 57414: base = .enter
        case 9: base = modifiers.contains(.shift) ? .backTab : .tab
        case 127, 8: base = .backspace
        case 57399...57408: base = .character(Character(Unicode.Scalar(UInt8(code - 57399) + 0x30)))
        case 57409: base = .character(".")
        case 57410: base = .character("/")
        case 57411: base = .character("*")
        case 57412: base = .character("-")
        case 57413: base = .character("+")
        case 57415: base = .character("=")
        case 57416: base = .character(",")
        case 57417: base = .left
        case 57418: base = .right
        case 57419: base = .up
        case 57420: base = .down
        case 57421: base = .pageUp
        case 57422: base = .pageDown
        case 57423: base = .home
        case 57424: base = .end
        case 57425: base = .insert
        case 57426: base = .delete
        case 57376...57398: base = .function(code - 57376 + 13)
        case 32...0x10FFFF:
            // The rest of the private-use block the protocol numbers its other keys in (Caps Lock,
            // media keys, a modifier on its own): not keys TermFit uses.
            guard !(57344...63743).contains(code), code != 127, let scalar = Unicode.Scalar(UInt32(code)) else {
                return .ignored
            }
            var character = Character(scalar)
            if modifiers.contains(.shift) {
                if let shifted, let value = Unicode.Scalar(UInt32(max(0, shifted))) {
                    character = Character(value)
                } else {
                    character = Character(character.uppercased())
                }
                modifiers.remove(.shift)
            }
            if modifiers.contains(.control), let control = Self.controlCharacter(character) {
                modifiers.remove(.control)
                return .event(.key(.with(modifiers, .control(control))))
            }
            return .event(.key(.with(modifiers, .character(character))))
        default:
            return .ignored
        }
        if base == .backTab { modifiers.remove(.shift) }
        return .event(.key(.with(modifiers, base)))
    }

    /// The letter of Ctrl with `character`, as `.control` names it, where the terminal's own
    /// Ctrl form has one (Ctrl-A … Ctrl-Z, Ctrl-Space).
    private static func controlCharacter(_ character: Character) -> Character? {
        if character == " " || character == "@" { return " " }
        guard let ascii = character.asciiValue, (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii) else {
            return nil
        }
        return Character(Unicode.Scalar(ascii | 0x20))
    }

    // MARK: Mouse

    /// A mouse report's event: `button` is the report's button byte (without the X10 offset of
    /// 32), `x` and `y` count from 1. Only the primary button and the wheel mean anything to
    /// TermFit; a release that cannot say which button (X10, urxvt) counts when the primary one is
    /// down, and a drag is motion with it down.
    private mutating func mouse(_ button: Int, x: Int, y: Int, released: Bool, sgr: Bool = false) -> Event? {
        let position = Point(x: max(0, x - 1), y: max(0, y - 1))
        if button & 128 != 0 { return nil }
        if button & 64 != 0 {
            switch button & 3 {
            case 0: return .mouse(MouseEvent(.scrollUp, at: position))
            case 1: return .mouse(MouseEvent(.scrollDown, at: position))
            default: return nil
            }
        }
        let number = button & 3
        if button & 32 != 0 {
            return number == 0 && buttonDown ? .mouse(MouseEvent(.drag, at: position)) : nil
        }
        if released || (!sgr && number == 3) {
            guard number == 0 || (!sgr && buttonDown) else { return nil }
            buttonDown = false
            return .mouse(MouseEvent(.release, at: position))
        }
        guard number == 0 else { return nil }
        buttonDown = true
        return .mouse(MouseEvent(.press, at: position))
    }
}
