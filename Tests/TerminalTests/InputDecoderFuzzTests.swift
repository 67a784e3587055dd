import Foundation
import TermUI
import TestSupport
import Testing

@testable import Terminal

/// A seeded property run over the input decoder: random byte streams made of what terminals and
/// hostile pastes send (paste markers, cut-off CSI, mouse reports in every encoding, UTF-8
/// fragments, huge numbers, strings, C1 bytes, replies), fed split at random read boundaries.
///
/// `TERMFIT_FUZZ_INPUTS` sets how many streams (a few thousand by default, a few seconds;
/// `make fuzz` runs 100,000); `TERMFIT_FUZZ_SEED` replays another seed.
@Suite struct InputDecoderFuzzTests {
    private static let environment = ProcessInfo.processInfo.environment
    private static let inputs = environment["TERMFIT_FUZZ_INPUTS"].flatMap { Int($0) } ?? 2000
    private static let seed = environment["TERMFIT_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x31_F022
    private static let delay = Duration.milliseconds(25)

    /// The most a decoder may hold between reads outside a paste: an unfinished string up to its
    /// limit, and the few bytes of the read that overran it.
    private static let heldOutsidePaste = InputDecoder.stringLimit + 64

    /// Pieces the streams are made of.
    private static let fragments: [[UInt8]] =
        [
            "\u{1B}[200~", "\u{1B}[201~", "\u{1B}[20", "\u{1B}[", "\u{1B}O", "\u{1B}", "\u{1B}\u{1B}", "\u{1B}[1;5",
            "\u{1B}[<0;12;5M", "\u{1B}[<32;13;5M", "\u{1B}[<0;13;5m", "\u{1B}[<64;1;1M", "\u{1B}[32;2;2M", "\u{1B}[M",
            "\u{1B}[>83;40900;0c", "\u{1B}[?62;22c", "\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}P1$r0m\u{1B}\\",
            "\u{1B}[99999999999999999999999;5A", "\u{1B}[27;5;99999999999~", "\u{1B}[1114112;5u", "\u{1B}[57441u",
            "\u{1B}[-1;-1M", "\u{1B}[15;2~", "\u{1B}OP", "\u{1B}[[A", "\u{1B}[I", "\u{1B}[O", "漢", "é", "q", "y", "x",
            "\r\n", "\u{03}", "\u{1A}", "\u{7F}",
        ].map { Array($0.utf8) } + [
            [0xE6, 0xBC], [0xF0, 0x9F], [0xC3], [0x80], [0xFF], [0xC0, 0x80], [0x9B], [0x9B, 0x41], [0x8F, 0x50],
            [0x90], [0x9D], [0x1B, 0x5B, 0x4D, 32], [0x1B, 0x5B, 0x4D, 0xFF, 0xFF, 0xFF], [0x00], [0xED, 0xA0, 0x80],
        ]

    private static func stream(using random: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...40, using: &random) {
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<12: bytes += fragments.randomElement(using: &random) ?? []
            case 12..<18: bytes.append(UInt8.random(in: 0...255, using: &random))
            case 8:
                bytes += (0..<Int.random(in: 1...12, using: &random)).map { _ in
                    UInt8.random(in: 0x30...0x3B, using: &random)
                }
            default:
                bytes += Array("\u{1B}[".utf8) + Array(repeating: 0x39, count: Int.random(in: 1...300, using: &random))
            }
        }
        return bytes
    }

    /// Feeds `bytes` in pieces cut at random, checking what the decoder holds after each read,
    /// then lets input go quiet for good.
    private static func decode(_ bytes: [UInt8], cuts random: inout SeededGenerator?) -> [Event] {
        var decoder = InputDecoder(escapeDelay: delay)
        var events: [Event] = []
        var index = 0
        while index < bytes.count {
            var size = bytes.count
            if var cuts = random {
                size = Int.random(in: 1...16, using: &cuts)
                random = cuts
            }
            events += decoder.feed(bytes[index..<min(bytes.count, index + size)])
            index += size
            let limit = decoder.isPasting ? 2 * InputDecoder.pasteLimit : heldOutsidePaste
            // A plain test here, not `#expect`: this runs after every read of every stream.
            if decoder.bufferedByteCount > limit { Issue.record("\(decoder.bufferedByteCount) bytes held: \(bytes)") }
        }
        events += decoder.timeOut(quietFor: InputDecoder.silence)
        #expect(decoder.waitAfterLastInput == nil, "left waiting after the silence: \(bytes)")
        #expect(!decoder.isPasting && decoder.bufferedByteCount == 0, "\(bytes)")
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))], "a key after the silence: \(bytes)")
        return events
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
    }

    /// No crash, no hang, bounded state, and the same events however the bytes were cut into reads.
    @Test(.timeLimit(.minutes(10))) func anyStreamDecodesTheSameHoweverItIsSplit() {
        var random = SeededGenerator(seed: Self.seed)
        for _ in 0..<Self.inputs {
            let bytes = Self.stream(using: &random)
            var whole: SeededGenerator? = nil
            var cuts: SeededGenerator? = SeededGenerator(seed: random.next())
            let reference = Self.decode(bytes, cuts: &whole)
            let split = Self.decode(bytes, cuts: &cuts)
            #expect(split == reference, "\(bytes)")
            for case .paste(let text) in reference {
                #expect(!text.unicodeScalars.contains(where: Self.isControl), "a control character pasted: \(bytes)")
            }
        }
    }

    /// Whatever a paste holds (markers, keys, Ctrl-C, mouse reports), wrapped by the terminal's
    /// own markers it is one paste and nothing else.
    @Test(.timeLimit(.minutes(10))) func whateverAPasteHoldsItIsOnePasteAndNoKey() {
        var random = SeededGenerator(seed: Self.seed ^ 0xFA57E)
        for _ in 0..<Self.inputs {
            let bytes = Array("\u{1B}[200~".utf8) + Self.stream(using: &random) + Array("\u{1B}[201~".utf8)
            var cuts: SeededGenerator? = SeededGenerator(seed: random.next())
            let events = Self.decode(bytes, cuts: &cuts)
            #expect(events.count == 1, "\(bytes) → \(events)")
            if case .paste = events.first {} else { Issue.record("not a paste: \(bytes) → \(events)") }
        }
    }

    /// Floods: an endless sequence, string or paste is held only up to its limit.
    @Test func floodsStayBounded() {
        let floods: [(start: String, byte: UInt8)] = [
            ("\u{1B}[", 0x39), ("\u{1B}]", 0x61), ("\u{1B}P", 0x61), ("\u{1B}[200~", 0x61), ("", 0xE6),
        ]
        for flood in floods {
            var decoder = InputDecoder(escapeDelay: Self.delay)
            _ = decoder.feed(Array(flood.start.utf8))
            // Past the limit: a paste's is a mebibyte, a sequence's or string's a few KiB.
            let isPaste = flood.start == "\u{1B}[200~"
            let chunk = [UInt8](repeating: flood.byte, count: isPaste ? 128 * 1024 : 4 * 1024)
            var most = 0
            for _ in 0..<(isPaste ? 9 : 4) {
                _ = decoder.feed(chunk)
                most = max(most, decoder.bufferedByteCount)
            }
            let limit = isPaste ? InputDecoder.pasteLimit : Self.heldOutsidePaste
            #expect(most <= limit, "\(flood.start.debugDescription): \(most) bytes held")
            _ = decoder.timeOut(quietFor: InputDecoder.silence)
            #expect(decoder.bufferedByteCount == 0)
        }
    }
}
