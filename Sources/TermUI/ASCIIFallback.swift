/// ASCII stand-ins for the glyphs TermFit draws, for terminals without a UTF-8 locale: suits as
/// S/H/D/C, box lines as + - |, blocks as # (half blocks " and _), so nothing is dropped or drawn as garbage.
public enum ASCIIFallback {
    /// The ASCII byte that best stands for `scalar`.
    public static func byte(for scalar: Unicode.Scalar) -> UInt8 {
        let value = scalar.value
        if value < 0x80 { return UInt8(value) }
        switch value {
        case 0x2660, 0x2664: return UInt8(ascii: "S")  // ♠ ♤
        case 0x2665, 0x2661: return UInt8(ascii: "H")  // ♥ ♡
        case 0x2666, 0x2662: return UInt8(ascii: "D")  // ♦ ♢
        case 0x2663, 0x2667: return UInt8(ascii: "C")  // ♣ ♧
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A:
            return UInt8(ascii: "-")
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B:
            return UInt8(ascii: "|")
        case 0x250C...0x254B, 0x2552...0x256C, 0x256D...0x2570: return UInt8(ascii: "+")
        // Half blocks keep their half, so big lettering keeps its shape: ▀ " and ▄ _.
        case 0x2580, 0x2594: return UInt8(ascii: "\"")
        case 0x2581, 0x2584: return UInt8(ascii: "_")
        case 0x2582...0x2583, 0x2585...0x259F, 0x25A0, 0x25AE, 0x25FC: return UInt8(ascii: "#")
        case 0x2190, 0x25C0, 0x25C2, 0x2039, 0x00AB, 0x232B: return UInt8(ascii: "<")  // … ⌫
        case 0x2192, 0x25B6, 0x25B8, 0x203A, 0x00BB: return UInt8(ascii: ">")
        case 0x2191, 0x25B2, 0x25B4: return UInt8(ascii: "^")
        case 0x2193, 0x25BC, 0x25BE: return UInt8(ascii: "v")
        case 0x2194: return UInt8(ascii: "/")  // ↔ ("flip mode / deck mode")
        case 0x21B5: return UInt8(ascii: "/")  // ↵ (a line break in a text field, as " / " elsewhere)
        case 0x2022, 0x00B7, 0x25CF, 0x25CB, 0x25E6, 0x2219: return UInt8(ascii: "*")
        case 0x2713, 0x2714: return UInt8(ascii: "v")  // ✓
        case 0x2717, 0x2718, 0x00D7: return UInt8(ascii: "x")  // ✗ ×
        case 0x2026: return UInt8(ascii: ".")  // …
        case 0x2605: return UInt8(ascii: "*")  // ★
        case 0x2606: return UInt8(ascii: ".")  // ☆: an empty mark must not read as a filled one
        case 0x2013, 0x2014, 0x2212: return UInt8(ascii: "-")
        case 0x2018, 0x2019: return UInt8(ascii: "'")
        case 0x201C, 0x201D: return UInt8(ascii: "\"")
        case 0x00A0, 0x2002...0x200A: return UInt8(ascii: " ")
        case 0x1F44B: return UInt8(ascii: "*")  // 👋 (the welcome page's dot)
        default: return UInt8(ascii: "?")
        }
    }

    /// `text` with every character replaced by its ASCII stand-in (wide ones keep two columns).
    public static func string<S: StringProtocol>(_ text: S) -> String {
        var result = ""
        for character in text {
            guard let scalar = character.unicodeScalars.first else { continue }
            let byte = byte(for: scalar)
            result.append(Character(Unicode.Scalar(byte)))
            if DisplayWidth.of(character) == 2 { result.append(" ") }
        }
        return result
    }
}
