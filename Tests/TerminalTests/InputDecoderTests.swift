import TermUI
import TestSupport
import Testing

@testable import Terminal

/// The decoder against what real terminals send (`TerminalInputTable`), whole, split at every
/// byte, and followed by a key that must still come through; then the edges: ESC alone, cut-off
/// sequences, pastes, the mouse, and random bytes.
@Suite struct InputDecoderTests {
    private let delay = Duration.milliseconds(25)

    private func decodeWhole(_ bytes: [UInt8]) -> (events: [Event], waits: Bool) {
        var decoder = InputDecoder(escapeDelay: delay)
        var events = decoder.feed(bytes)
        let waits = decoder.waitAfterLastInput != nil
        events += decoder.timeOut(quietFor: delay)
        #expect(decoder.waitAfterLastInput == nil)
        return (events, waits)
    }

    /// Whether `input` is a paste: its end waits for the quiet after it (the rest of its burst may
    /// be pasted too); every other complete sequence is decided at once.
    private static func waitsForItsBurst(_ input: TerminalInput) -> Bool {
        input.events.contains { if case .paste = $0 { true } else { false } }
    }

    @Test(arguments: TerminalInputTable.all)
    func eachSequenceDecodesAsTheTerminalMeantIt(_ input: TerminalInput) {
        let (events, waits) = decodeWhole(input.bytes)
        #expect(events == input.events, "\(input)")
        #expect(waits == Self.waitsForItsBurst(input), "\(input) was left waiting for more")
    }

    @Test(arguments: TerminalInputTable.all)
    func aSequenceSplitAcrossReadsDecodesTheSame(_ input: TerminalInput) {
        // A slow link delivers a sequence a byte at a time, each within the escape delay.
        var decoder = InputDecoder(escapeDelay: delay)
        var events: [Event] = []
        for byte in input.bytes { events += decoder.feed([byte]) }
        #expect((decoder.waitAfterLastInput != nil) == Self.waitsForItsBurst(input))
        events += decoder.timeOut(quietFor: delay)
        #expect(events == input.events, "\(input)")
        #expect(decoder.waitAfterLastInput == nil)
    }

    @Test(arguments: TerminalInputTable.all)
    func nothingOfASequenceLeaksIntoTheNextKey(_ input: TerminalInput) {
        let (events, _) = decodeWhole(input.bytes + Array("zq".utf8))
        #expect(events == input.events + [.key(.character("z")), .key(.character("q"))], "\(input)")
    }

    @Test func theTableCoversTheTerminalsMembersHave() {
        let table = TerminalInputTable.all
        #expect(table.count >= 80)
        for terminal in ["xterm", "VT220", "rxvt", "Linux console", "PuTTY", "tmux", "screen", "kitty", "phone"] {
            #expect(table.contains { $0.terminals.contains(terminal) }, "no sequence from \(terminal)")
        }
    }

    // MARK: ESC and the escape delay

    @Test func escapeAloneIsTheEscapeKeyOnlyAfterTheDelay() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.waitAfterLastInput == delay)
        #expect(decoder.timeOut(quietFor: .milliseconds(10)).isEmpty, "too early")
        #expect(decoder.timeOut(quietFor: delay) == [.key(.escape)])
        #expect(decoder.waitAfterLastInput == nil)
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
    }

    @Test func escapeFollowedSoonByTheRestIsOneKey() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("[B".utf8)) == [.key(.down)])
    }

    @Test func twoEscapesAreTwoEscapeKeys() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.feed([0x1B, 0x1B]).isEmpty)
        #expect(decoder.timeOut(quietFor: delay) == [.key(.escape), .key(.escape)])
    }

    @Test func escapeAndAnIntroducerAloneAreAltWithIt() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.feed(Array("\u{1B}[".utf8)).isEmpty)
        #expect(decoder.timeOut(quietFor: delay) == [.key(.modified(.character("["), .alt))])
        #expect(decoder.feed(Array("\u{1B}O".utf8)).isEmpty)
        #expect(decoder.timeOut(quietFor: delay) == [.key(.modified(.character("O"), .alt))])
    }

    @Test func aSequenceCutOffWaitsThenIsDropped() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.feed(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.waitAfterLastInput == InputDecoder.silence, "half a sequence waits longer than ESC")
        #expect(decoder.timeOut(quietFor: delay).isEmpty)
        #expect(decoder.feed(Array("5A".utf8)) == [.key(.modified(.up, .control))], "the rest came late, still one key")

        #expect(decoder.feed(Array("\u{1B}]11;rgb:00".utf8)).isEmpty)
        #expect(decoder.timeOut(quietFor: InputDecoder.silence).isEmpty)
        #expect(decoder.waitAfterLastInput == nil)
        #expect(decoder.feed(Array("j".utf8)) == [.key(.character("j"))])
    }

    @Test func aControlKeyInsideASequenceEndsItAndStillCounts() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.feed(Array("\u{1B}[1;\u{03}".utf8)) == [.key(.control("c"))])
        #expect(decoder.feed(Array("\u{1B}]0;title\u{1A}".utf8)) == [.key(.control("z"))])
        #expect(decoder.feed(Array("\u{1B}]0;title\u{1B}[A".utf8)) == [.key(.up)], "ESC begins something new")
    }

    @Test func anOverlongSequenceIsSkippedToItsEnd() {
        var decoder = InputDecoder(escapeDelay: delay)
        let long = "\u{1B}[" + String(repeating: "1;", count: 400) + "A" + "k"
        #expect(decoder.feed(Array(long.utf8)) == [.key(.character("k"))])
        let string = "\u{1B}]52;c;" + String(repeating: "QUFB", count: 3000) + "\u{07}" + "k"
        #expect(decoder.feed(Array(string.utf8)) == [.key(.character("k"))])
    }

    // MARK: Characters

    @Test func utf8SplitAcrossReadsAndInvalidBytes() {
        var decoder = InputDecoder(escapeDelay: delay)
        let bytes = Array("漢".utf8)
        #expect(decoder.feed(bytes.prefix(2)).isEmpty)
        #expect(decoder.feed(bytes.suffix(1)) == [.key(.character("漢"))])
        #expect(decoder.feed([0xC3, 0x28, 0x41]) == [.key(.character("(")), .key(.character("A"))])
        #expect(decoder.feed([0xFF, 0xC0, 0x80, 0x61]) == [.key(.character("a"))])
        #expect(decoder.feed([0xE2, 0x82]).isEmpty)
        #expect(decoder.timeOut(quietFor: delay).isEmpty, "half a character is dropped")
        #expect(decoder.feed([0x62]) == [.key(.character("b"))])
    }

    @Test func latin1WhenTheLocaleIsNotUTF8() {
        var decoder = InputDecoder(escapeDelay: delay, utf8: false)
        #expect(decoder.feed([0xE9, 0x61]) == [.key(.character("é")), .key(.character("a"))])
        #expect(decoder.feed([0x9B, 0x42]) == [.key(.down)])
    }

    // MARK: Paste

    @Test func bracketedPasteArrivesAsOneEventOnceItsBurstIsOver() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.feed(Array("\u{1B}[200~q 1.5\r\n漢\tx".utf8)).isEmpty)
        #expect(decoder.isPasting)
        #expect(decoder.feed(Array("\u{1B}[201~".utf8)).isEmpty, "the end waits for the quiet after it")
        #expect(decoder.waitAfterLastInput == delay)
        #expect(decoder.timeOut(quietFor: delay) == [.paste("q 1.5\n漢\tx")])
        #expect(!decoder.isPasting)
        #expect(decoder.waitAfterLastInput == nil)
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
    }

    @Test func pasteEndSplitAcrossReads() {
        var decoder = InputDecoder(escapeDelay: delay)
        var events = decoder.feed(Array("\u{1B}[200~80\u{1B}[20".utf8))
        events += decoder.feed(Array("1~".utf8))
        events += decoder.timeOut(quietFor: delay)
        #expect(events == [.paste("80")])
    }

    /// Issue 31: `tmux set-buffer $'hello\e[201~dxy'; tmux paste-buffer -p` in Flashcards deleted a
    /// deck: the marker inside the paste ended it, and d, x and y acted as keys.
    @Test func anEndMarkerInsideAPasteIsNotItsEnd() {
        let bytes = Array("\u{1B}[200~hello\u{1B}[201~dxy\u{1B}[201~".utf8)
        for split in 0...bytes.count {
            var decoder = InputDecoder(escapeDelay: delay)
            var events = decoder.feed(bytes[..<split])
            events += decoder.feed(bytes[split...])
            events += decoder.timeOut(quietFor: delay)
            #expect(events == [.paste("hellodxy")], "split at \(split)")
        }
    }

    @Test func aStartMarkerAfterAPasteEndInTheSameBurstGoesOnWithThePaste() {
        var decoder = InputDecoder(escapeDelay: delay)
        let bytes = "\u{1B}[200~a\u{1B}[201~x\u{1B}[200~b\u{1B}[200~c\u{1B}[201~"
        #expect(decoder.feed(Array(bytes.utf8)).isEmpty)
        #expect(decoder.timeOut(quietFor: delay) == [.paste("axbc")])
    }

    @Test func keysRightAfterAPasteWaitForItsBurstToEndAndAreKeys() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.feed(Array("\u{1B}[200~hi\u{1B}[201~q\u{1B}".utf8)).isEmpty)
        #expect(decoder.timeOut(quietFor: .milliseconds(10)).isEmpty, "still within the burst")
        #expect(decoder.timeOut(quietFor: delay) == [.paste("hi"), .key(.character("q")), .key(.escape)])
        #expect(decoder.waitAfterLastInput == nil)
    }

    /// Issue 31: a Ctrl-C byte in a paste (xterm passes it through) quit TermFit and lost the
    /// card being written. Control characters in a paste are dropped from its text, never keys.
    @Test func controlCharactersInAPasteAreDroppedNeverKeys() {
        var decoder = InputDecoder(escapeDelay: delay)
        let bytes: [UInt8] =
            Array("\u{1B}[200~a".utf8) + [0x03, 0x62, 0x1B, 0x63, 0x7F, 0x64, 0x09, 0x65, 0x0D, 0x0A, 0x66, 0x0D, 0x1A]
            + [0xC2, 0x85, 0x67, 0x00, 0x1C] + Array("\u{1B}[A\u{1B}[201~".utf8)
        var events = decoder.feed(bytes)
        events += decoder.timeOut(quietFor: delay)
        #expect(events == [.paste("abcd\te\nf\ng[A")])
        var latin1 = InputDecoder(escapeDelay: delay, utf8: false)
        var latin1Events = latin1.feed(
            Array("\u{1B}[200~".utf8) + [0x61, 0x9B, 0x85, 0xE9] + Array("\u{1B}[201~".utf8))
        latin1Events += latin1.timeOut(quietFor: delay)
        #expect(latin1Events == [.paste("aé")])
    }

    @Test func aPasteWhoseEndIsLostEndsAfterSilence() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.endPaste() == nil, "no paste, nothing to end")
        #expect(decoder.feed(Array("\u{1B}[200~a".utf8)).isEmpty)
        #expect(decoder.waitAfterLastInput == InputDecoder.silence)
        #expect(decoder.timeOut(quietFor: delay).isEmpty, "a paste is not over after the escape delay")
        #expect(decoder.timeOut(quietFor: InputDecoder.silence) == [.paste("a")])
        #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))])
    }

    @Test func aHugePasteIsCutButStillEnds() {
        var decoder = InputDecoder(escapeDelay: delay)
        let body = [UInt8](repeating: 0x61, count: InputDecoder.pasteLimit + 1000)
        var events = decoder.feed(Array("\u{1B}[200~".utf8))
        for chunk in stride(from: 0, to: body.count, by: 4096) {
            events += decoder.feed(body[chunk..<min(body.count, chunk + 4096)])
        }
        events += decoder.feed(Array("\u{1B}[201~k".utf8))
        events += decoder.timeOut(quietFor: delay)
        #expect(events.count == 2)
        if case .paste(let text) = events.first { #expect(text.utf8.count <= InputDecoder.pasteLimit) }
        #expect(events.last == .key(.character("k")))
    }

    // MARK: Replies

    @Test func theSecondaryDeviceAttributesAnswerSaysWhichTerminalThisIs() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.reportedTerminalType == nil)
        #expect(decoder.feed(Array("\u{1B}[>83;40900;0cq".utf8)) == [.key(.character("q"))])
        #expect(decoder.reportedTerminalType == 83, "GNU screen")
        #expect(decoder.feed(Array("\u{1B}[>84;0;0c".utf8)).isEmpty)
        #expect(decoder.reportedTerminalType == 84, "tmux")
        #expect(decoder.feed(Array("\u{1B}[?62;22c".utf8)).isEmpty, "a primary answer says nothing of the type")
        #expect(decoder.reportedTerminalType == 84)
    }

    // MARK: Mouse

    @Test func pressDragReleaseInEveryEncoding() {
        var sgr = InputDecoder(escapeDelay: delay)
        #expect(sgr.feed(Array("\u{1B}[<32;5;5M".utf8)).isEmpty, "motion without a press is no drag")
        #expect(
            sgr.feed(Array("\u{1B}[<0;4;5M\u{1B}[<32;6;5M\u{1B}[<0;7;5m".utf8)) == [
                .mouse(MouseEvent(.press, at: Point(x: 3, y: 4))), .mouse(MouseEvent(.drag, at: Point(x: 5, y: 4))),
                .mouse(MouseEvent(.release, at: Point(x: 6, y: 4))),
            ])
        var x10 = InputDecoder(escapeDelay: delay)
        #expect(x10.feed([0x1B, 0x5B, 0x4D, 35, 40, 40]).isEmpty, "a release with nothing pressed (a right click)")
        #expect(
            x10.feed([0x1B, 0x5B, 0x4D, 32, 40, 40, 0x1B, 0x5B, 0x4D, 64, 41, 40, 0x1B, 0x5B, 0x4D, 35, 42, 40]) == [
                .mouse(MouseEvent(.press, at: Point(x: 7, y: 7))), .mouse(MouseEvent(.drag, at: Point(x: 8, y: 7))),
                .mouse(MouseEvent(.release, at: Point(x: 9, y: 7))),
            ])
        var urxvt = InputDecoder(escapeDelay: delay)
        #expect(
            urxvt.feed(Array("\u{1B}[32;2;2M\u{1B}[35;2;2M".utf8)) == [
                .mouse(MouseEvent(.press, at: Point(x: 1, y: 1))), .mouse(MouseEvent(.release, at: Point(x: 1, y: 1))),
            ])
    }

    @Test func anX10ReportCutOffWaitsForItsBytes() {
        var decoder = InputDecoder(escapeDelay: delay)
        #expect(decoder.feed([0x1B, 0x5B, 0x4D, 32]).isEmpty)
        #expect(decoder.feed([0xB6, 37]) == [.mouse(MouseEvent(.press, at: Point(x: 149, y: 4)))])
    }

    // MARK: Anything at all

    /// Random bytes, random splits: the decoder never traps, never waits for ever, and a key
    /// after a quiet moment always comes through as itself.
    @Test func randomBytesNeverStickOrTrap() {
        var random = SeededGenerator(seed: 0x7E12_F17A)
        let interesting: [UInt8] = [0x1B, 0x5B, 0x4F, 0x5D, 0x50, 0x3B, 0x3C, 0x4D, 0x7E, 0x07, 0x5C, 0x9B, 0x8F, 0x03]
        for _ in 0..<300 {
            var decoder = InputDecoder(escapeDelay: delay)
            let length = Int.random(in: 1...64, using: &random)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &random)
                    ? interesting.randomElement(using: &random) ?? 0 : UInt8.random(in: 0...255, using: &random)
            }
            var index = 0
            while index < bytes.count {
                let size = Int.random(in: 1...8, using: &random)
                _ = decoder.feed(bytes[index..<min(bytes.count, index + size)])
                index += size
            }
            _ = decoder.timeOut(quietFor: InputDecoder.silence)
            #expect(decoder.waitAfterLastInput == nil, "\(bytes)")
            #expect(!decoder.isPasting)
            #expect(decoder.feed(Array("q".utf8)) == [.key(.character("q"))], "\(bytes)")
        }
    }
}
