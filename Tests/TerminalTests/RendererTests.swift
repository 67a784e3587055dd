import TermUI
import Testing

@testable import Terminal

@Suite struct RendererTests {
    private func canvas(_ width: Int = 10, _ height: Int = 2, draw: (inout Canvas) -> Void) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: height))
        draw(&canvas)
        return canvas
    }

    @Test func emptyRunsTouchNothing() {
        let seam = RecordingSeam()
        let renderer = CursesRenderer(seam: seam, colorMode: .indexed, glyphMode: .unicode)
        let frame = canvas { $0.write("hi", at: .zero) }
        #expect(renderer.draw(frame, runs: []) == 0)
        #expect(seam.calls.isEmpty)
    }

    @Test func oneRunIsOneUpdate() {
        let seam = RecordingSeam()
        let renderer = CursesRenderer(seam: seam, colorMode: .indexed, glyphMode: .unicode)
        let frame = canvas { $0.write("hey", at: Point(x: 2, y: 1), style: .bold) }
        renderer.draw(frame, runs: [Run(y: 1, x: 2, count: 3)])
        #expect(
            seam.puts == [
                .init(text: "h", row: 1, column: 2, attributes: .bold, pair: 0),
                .init(text: "e", row: 1, column: 3, attributes: .bold, pair: 0),
                .init(text: "y", row: 1, column: 4, attributes: .bold, pair: 0),
            ])
        #expect(seam.calls.last == .update)
        #expect(seam.updates == 1)
    }

    @Test func aFrameFromScratchErasesThenPutsOnlyWhatIsNotBlank() {
        let seam = RecordingSeam()
        let renderer = CursesRenderer(seam: seam, colorMode: .indexed, glyphMode: .unicode)
        let frame = canvas { $0.write("ok", at: Point(x: 4, y: 1)) }
        renderer.draw(frame, runs: [Run(y: 1, x: 4, count: 2)], erasingFirst: true)
        #expect(seam.calls.first == .erase)
        #expect(seam.puts.map(\.text) == ["o", "k"])
        #expect(seam.calls.last == .update)
        // An all-blank frame from scratch still blanks the screen.
        let blank = RecordingSeam()
        CursesRenderer(seam: blank, colorMode: .indexed, glyphMode: .unicode)
            .draw(canvas { _ in }, runs: [], erasingFirst: true)
        #expect(blank.calls == [.erase, .update])
    }

    @Test func colourPairsAreAllocatedOnceAndReused() {
        let seam = RecordingSeam()
        let renderer = CursesRenderer(seam: seam, colorMode: .indexed, glyphMode: .unicode)
        let red = Style(foreground: .red)
        let frame = canvas {
            $0.write("ab", at: .zero, style: red)
            $0.write("c", at: Point(x: 2, y: 0), style: Style(foreground: .brightBlue, background: .indexed(236)))
            $0.write("d", at: Point(x: 3, y: 0), style: red)
        }
        renderer.draw(frame, runs: [Run(y: 0, x: 0, count: 4)])
        #expect(seam.puts.map(\.pair) == [1, 1, 2, 1])
        #expect(
            seam.calls.filter { if case .definePair = $0 { return true } else { return false } } == [
                .definePair(1, foreground: 1, background: -1), .definePair(2, foreground: 12, background: 236),
            ])
        #expect(renderer.pairsInUse == 2)
    }

    @Test func basicColourMapsBrightAndCubeColoursDown() {
        let renderer = CursesRenderer(seam: RecordingSeam(), colorMode: .basic, glyphMode: .unicode)
        let seam = renderer.seam as? RecordingSeam
        _ = renderer.resolve(Style(foreground: .brightRed))
        _ = renderer.resolve(Style(foreground: .indexed(46)))  // pure green in the cube
        #expect(
            seam?.calls == [
                .definePair(1, foreground: 1, background: -1), .definePair(2, foreground: 2, background: -1),
            ])
    }

    @Test func noColourKeepsAttributesOnly() {
        let seam = RecordingSeam()
        let renderer = CursesRenderer(seam: seam, colorMode: .none, glyphMode: .unicode)
        let style = Style(foreground: .red, background: .blue, attributes: [.reverse])
        #expect(renderer.resolve(style) == ([.reverse], 0))
        #expect(seam.calls.isEmpty)
    }

    @Test func pairsBeyondTheLimitFallBackToTheDefaultPair() {
        let seam = RecordingSeam()
        let renderer = CursesRenderer(seam: seam, colorMode: .indexed, glyphMode: .unicode, pairLimit: 3)
        let pairs = (0..<4).map { renderer.resolve(Style(foreground: .indexed(UInt8(20 + $0)))).1 }
        #expect(pairs == [1, 2, 0, 0])
    }

    @Test func refusedPairsFallBackToTheDefaultPair() {
        let seam = RecordingSeam()
        seam.refusesPairs = true
        let renderer = CursesRenderer(seam: seam, colorMode: .indexed, glyphMode: .unicode)
        #expect(renderer.resolve(Style(foreground: .green)).1 == 0)
    }

    @Test func wideCharactersArePutOnceAndCombiningMarksStayWithTheirBase() {
        let seam = RecordingSeam()
        let renderer = CursesRenderer(seam: seam, colorMode: .none, glyphMode: .unicode)
        let frame = canvas { $0.write("漢e\u{301}", at: .zero) }
        renderer.draw(frame, runs: [Run(y: 0, x: 0, count: 3)])
        #expect(seam.puts.map(\.text) == ["漢", "e\u{301}"])
        #expect(seam.puts.map(\.column) == [0, 2])
    }

    @Test func asciiModeReplacesGlyphsAndKeepsWideOnesTwoCellsWide() {
        let seam = RecordingSeam()
        let renderer = CursesRenderer(seam: seam, colorMode: .none, glyphMode: .ascii)
        let frame = canvas { $0.write("♠♥│漢é", at: .zero) }
        renderer.draw(frame, runs: [Run(y: 0, x: 0, count: 6)])
        #expect(seam.puts.map(\.text) == ["S", "H", "|", "?", " ", "?"])
        #expect(seam.puts.map(\.column) == [0, 1, 2, 3, 4, 5])
    }
}
