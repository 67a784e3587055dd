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
/// - focus in and out, bracketed paste (text, never keys: see ``PasteCollector``);
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
    static let pasteLimit = PasteCollector.limit

    private var pending: [UInt8] = []
    private var paste: PasteCollector?
    private var skipping: Skip?
    var buttonDown = false
    private var waiting: Wait?

    /// An over-long sequence being skipped to its end.
    enum Skip {
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

    /// Whether a bracketed paste has started and not been delivered.
    public var isPasting: Bool { paste != nil }

    /// The first parameter of the terminal's answer to the secondary device attributes question
    /// (`CSI > c`), once it came: 83 (`S`) is GNU screen, 84 (`T`) tmux, 41 xterm.
    public internal(set) var reportedTerminalType: Int?

    /// How many bytes wait in the decoder (an unfinished sequence, a paste being collected): never
    /// more than a paste's limit and a sequence's.
    public var bufferedByteCount: Int { pending.count + (paste?.count ?? 0) }

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
    /// lone ESC is the Escape key, ESC with one introducer is Alt with it, and a paste whose end
    /// marker came is delivered (what came after it in its burst is read as keys); after
    /// ``silence`` an unfinished sequence is dropped and an unfinished paste is delivered.
    public mutating func timeOut(quietFor quiet: Duration) -> [Event] {
        let level: Settle = quiet >= Self.silence ? .all : (quiet >= escapeDelay ? .short : .none)
        var events: [Event] = []
        repeat {
            if level == .all { skipping = nil }
            if level == .all || (level == .short && paste?.hasEnded == true), let event = endPaste() {
                events.append(event)
            }
            process(into: &events, settling: level)
            // Bytes held after a paste's end, read again, may start another paste or a long
            // sequence: after the silence that is decided too.
        } while level == .all && (paste != nil || skipping != nil)
        return events
    }

    /// Ends the paste under way, whether or not its end came: what was collected. Bytes held back
    /// after its end marker are read as keys from the next call on.
    public mutating func endPaste() -> Event? {
        guard let collected = paste else { return nil }
        paste = nil
        pending.insert(contentsOf: collected.afterEnd ?? [], at: 0)
        waiting = pending.isEmpty ? nil : waiting
        return .paste(collected.text(utf8: utf8))
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
                // Everything read while a paste is under way is the paste's, until it is delivered.
                paste?.take(pending[index...])
                index = pending.count
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
                case .pasteStart: paste = PasteCollector()
                case .skip(let skip): skipping = skip
                }
            }
        }
        pending.removeFirst(index)
        if let paste { waiting = paste.hasEnded ? .escapeDelay : .silence }
        if skipping != nil { waiting = .silence }
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

    enum Token {
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
}
