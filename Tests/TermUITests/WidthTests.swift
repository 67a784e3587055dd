import Testing

@testable import TermUI

@Suite("Display width")
struct WidthTests {
    @Test func asciiTakesOneCellEach() {
        #expect(DisplayWidth.of(Character("a")) == 1)
        #expect(DisplayWidth.of(Character(" ")) == 1)
        #expect(DisplayWidth.of(Character("~")) == 1)
        #expect("Squats x12".displayWidth == 10)
        #expect("".displayWidth == 0)
    }

    @Test(arguments: ["\u{0}", "\u{7}", "\t", "\n", "\r\n", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}"])
    func controlCharactersTakeNoCell(_ text: String) {
        #expect(text.count == 1)
        #expect(DisplayWidth.of(Character(text)) == 0)
        #expect(text.displayWidth == 0)
    }

    @Test func zeroWidthCharactersTakeNoCell() {
        #expect(DisplayWidth.of(Character("\u{200B}")) == 0)  // zero width space
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)  // a combining mark on its own
        #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0xFE0F)!) == 0)
    }

    @Test func eastAsianWideCharactersTakeTwoCells() {
        #expect(DisplayWidth.of(Character("漢")) == 2)
        #expect(DisplayWidth.of(Character("한")) == 2)
        #expect(DisplayWidth.of(Character("ア")) == 2)
        #expect(DisplayWidth.of(Character("Ａ")) == 2)  // fullwidth A
        #expect("漢字".displayWidth == 4)
        #expect(DisplayWidth.of(Character("ｱ")) == 1)  // halfwidth katakana
    }

    @Test func emojiTakeTwoCells() {
        #expect(DisplayWidth.of(Character("🏋")) == 2)
        #expect(DisplayWidth.of(Character("💪")) == 2)
        #expect(DisplayWidth.of(Character("💪🏽")) == 2)  // with a skin tone
        #expect(DisplayWidth.of(Character("🇩🇪")) == 2)  // a flag: two regional indicators
        #expect(DisplayWidth.of(Character("❤️")) == 2)  // text-default symbol with VS16
        #expect(DisplayWidth.of(Character("👨‍👩‍👧")) == 2)  // a ZWJ family
        #expect("💪🏽🇩🇪".displayWidth == 4)
    }

    @Test func keycapsAreWideButTheirDigitsAreNot() {
        #expect(DisplayWidth.of(Character("1️⃣")) == 2)
        #expect(DisplayWidth.of(Character("#️⃣")) == 2)
        #expect(DisplayWidth.of(Character("1")) == 1)
        #expect(DisplayWidth.of(Character("❤")) == 1)  // no VS16: text presentation
        #expect("Set 1️⃣".displayWidth == 6)
    }

    @Test func combiningMarksJoinTheirBase() {
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
        #expect("Cafe\u{301}".displayWidth == 4)
        #expect("n\u{303}a\u{308}".displayWidth == 2)
    }

    @Test func mixedText() {
        #expect("Kniebeuge 漢 💪🏽".displayWidth == 15)
    }

    @Test func glyphsKeepWideClustersWhole() {
        let flexed = Glyph(Character("💪🏽"))
        #expect(flexed.width == 2)
        #expect(flexed.character == "💪🏽")
        let keycap = Glyph(Character("1️⃣"))
        #expect(keycap.width == 2)
        #expect(keycap.scalars.map(\.value) == [0x31, 0xFE0F, 0x20E3])
        #expect(Glyph(Character("\u{7}")).character == "\u{FFFD}")
        #expect(Glyph.continuation.isContinuation)
        #expect(Glyph.continuation.character == " ")
    }

    /// The shortcut for drawing characters agrees with the width from Unicode's properties for
    /// every scalar it covers.
    @Test func oneCellRangesAgreeWithTheirProperties() {
        for range in DisplayWidth.oneCellRanges {
            for value in range.first...range.last {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(DisplayWidth.measured(scalar) == 1, "U+\(String(value, radix: 16, uppercase: true))")
            }
        }
        #expect(DisplayWidth.measured("\u{25FD}") == 2, "◽ just past the shortcut is wide")
    }
}
