import CNcursesw
import TermUI
import Testing

@testable import Terminal

@Suite struct InputDecoderTests {
    @Test func printableAndControlCharacters() {
        var decoder = InputDecoder()
        #expect(decoder.decode(character: 0x61) == .key(.character("a")))
        #expect(decoder.decode(character: 0x20) == .key(.character(" ")))
        #expect(decoder.decode(character: 0x6F22) == .key(.character("漢")))
        #expect(decoder.decode(character: 0x0D) == .key(.enter))
        #expect(decoder.decode(character: 0x0A) == .key(.enter))
        #expect(decoder.decode(character: 0x09) == .key(.tab))
        #expect(decoder.decode(character: 0x1B) == .key(.escape))
        #expect(decoder.decode(character: 0x7F) == .key(.backspace))
        #expect(decoder.decode(character: 0x08) == .key(.backspace))
        #expect(decoder.decode(character: 0x03) == .key(.control("c")))
        #expect(decoder.decode(character: 0x1A) == .key(.control("z")))
        #expect(decoder.decode(character: 0x1C) == nil)
    }

    @Test func keyCodes() {
        var decoder = InputDecoder()
        #expect(decoder.decode(keyCode: termfit_key_up()) == .key(.up))
        #expect(decoder.decode(keyCode: termfit_key_down()) == .key(.down))
        #expect(decoder.decode(keyCode: termfit_key_left()) == .key(.left))
        #expect(decoder.decode(keyCode: termfit_key_right()) == .key(.right))
        #expect(decoder.decode(keyCode: termfit_key_btab()) == .key(.backTab))
        #expect(decoder.decode(keyCode: termfit_key_backspace()) == .key(.backspace))
        #expect(decoder.decode(keyCode: termfit_key_dc()) == .key(.delete))
        #expect(decoder.decode(keyCode: termfit_key_npage()) == .key(.pageDown))
        #expect(decoder.decode(keyCode: termfit_key_f(1)) == .key(.function(1)))
        #expect(decoder.decode(keyCode: termfit_key_f(12)) == .key(.function(12)))
        #expect(decoder.decode(keyCode: termfit_key_resize()) == nil)
    }

    @Test func focusReports() {
        var decoder = InputDecoder()
        #expect(decoder.decode(keyCode: InputDecoder.CustomKey.focusOut) == .focusOut)
        #expect(decoder.decode(keyCode: InputDecoder.CustomKey.focusIn) == .focusIn)
    }

    @Test func bracketedPasteArrivesAsOneEvent() {
        var decoder = InputDecoder()
        #expect(decoder.decode(keyCode: InputDecoder.CustomKey.pasteStart) == nil)
        for scalar in "q 1.5\r漢".unicodeScalars {
            #expect(decoder.decode(character: scalar.value) == nil)
        }
        #expect(decoder.decode(keyCode: termfit_key_up()) == nil)
        #expect(decoder.decode(keyCode: InputDecoder.CustomKey.pasteEnd) == .paste("q 1.5\n漢"))
        #expect(decoder.decode(character: 0x71) == .key(.character("q")))
    }

    /// On a slow link ncurses hands the end of a paste over as loose characters.
    @Test func pasteEndsOnItsEndSequenceInLooseCharacters() {
        var decoder = InputDecoder()
        _ = decoder.decode(keyCode: InputDecoder.CustomKey.pasteStart)
        var events: [Event] = []
        for scalar in "80\u{1B}[201~".unicodeScalars {
            if let event = decoder.decode(character: scalar.value) { events.append(event) }
        }
        #expect(events == [.paste("80")])
        #expect(!decoder.isPasting)
        #expect(decoder.decode(character: 0x71) == .key(.character("q")))
    }

    @Test func controlCEndsAPasteThatNeverEnds() {
        var decoder = InputDecoder()
        _ = decoder.decode(keyCode: InputDecoder.CustomKey.pasteStart)
        #expect(decoder.decode(character: 0x61) == nil)
        #expect(decoder.decode(character: 0x03) == .key(.control("c")))
        #expect(!decoder.isPasting)
        #expect(decoder.decode(character: 0x71) == .key(.character("q")))
    }

    @Test func aPasteWithoutItsEndCanBeEnded() {
        var decoder = InputDecoder()
        #expect(decoder.endPaste() == nil, "no paste, nothing to end")
        _ = decoder.decode(keyCode: InputDecoder.CustomKey.pasteStart)
        _ = decoder.decode(character: 0x61)
        #expect(decoder.isPasting)
        #expect(decoder.endPaste() == .paste("a"))
        #expect(decoder.decode(character: 0x71) == .key(.character("q")))
    }

    @Test func mousePressDragRelease() {
        var decoder = InputDecoder()
        let motion = termfit_report_mouse_position()
        #expect(decoder.decode(mouse: motion, x: 1, y: 1) == nil, "motion without a button is not a drag")
        #expect(
            decoder.decode(mouse: termfit_button1_pressed(), x: 3, y: 4)
                == .mouse(MouseEvent(.press, at: Point(x: 3, y: 4))))
        #expect(decoder.decode(mouse: motion, x: 5, y: 4) == .mouse(MouseEvent(.drag, at: Point(x: 5, y: 4))))
        #expect(
            decoder.decode(mouse: termfit_button1_released(), x: 6, y: 4)
                == .mouse(MouseEvent(.release, at: Point(x: 6, y: 4))))
        #expect(decoder.decode(mouse: motion, x: 7, y: 4) == nil)
        #expect(
            decoder.decode(mouse: termfit_button4_pressed(), x: 0, y: 0) == .mouse(MouseEvent(.scrollUp, at: .zero)))
        #expect(
            decoder.decode(mouse: termfit_button5_pressed(), x: 0, y: 0) == .mouse(MouseEvent(.scrollDown, at: .zero)))
    }
}
