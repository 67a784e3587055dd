/// A terminal colour: the terminal's default, or one of the 256 indexed colours
/// (0–7 the classic eight, 8–15 their bright forms). Backends with fewer colours map it down.
public struct Color: Hashable, Sendable {
    /// 0 is the terminal default; 1...256 is indexed colour `raw - 1`.
    public let raw: UInt16

    private init(raw: UInt16) { self.raw = raw }

    /// A colour from its raw value (0 default, 1…256 indexed), as a packed cell stores it.
    init(packed raw: UInt16) { self.raw = min(raw, 256) }

    /// Indexed colour `index` of the 256-colour palette.
    public static func indexed(_ index: UInt8) -> Color { Color(raw: UInt16(index) + 1) }

    public static let `default` = Color(raw: 0)
    public static let black = indexed(0)
    public static let red = indexed(1)
    public static let green = indexed(2)
    public static let yellow = indexed(3)
    public static let blue = indexed(4)
    public static let magenta = indexed(5)
    public static let cyan = indexed(6)
    public static let white = indexed(7)
    public static let brightBlack = indexed(8)
    public static let brightRed = indexed(9)
    public static let brightGreen = indexed(10)
    public static let brightYellow = indexed(11)
    public static let brightBlue = indexed(12)
    public static let brightMagenta = indexed(13)
    public static let brightCyan = indexed(14)
    public static let brightWhite = indexed(15)

    /// The palette index, or `nil` for the terminal default.
    public var index: UInt8? { raw == 0 ? nil : UInt8(raw - 1) }

    /// The nearest of the eight basic colours, for terminals that have only those.
    public var basic: Color {
        guard let index else { return .default }
        switch index {
        case 0..<8: return self
        case 8..<16: return .indexed(index - 8)
        case 232...255: return index < 244 ? .black : .white
        default:
            // 6×6×6 cube: pick the basic colour from the dominant channels.
            let value = Int(index) - 16
            let red = value / 36 >= 3 ? 1 : 0
            let green = (value / 6) % 6 >= 3 ? 2 : 0
            let blue = value % 6 >= 3 ? 4 : 0
            return .indexed(UInt8(red | green | blue))
        }
    }
}

/// Text attributes a terminal can show.
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let reverse = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let italic = Attributes(rawValue: 1 << 4)
}

/// How a cell looks: foreground, background and attributes.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()
    public static let bold = Style(attributes: .bold)
    public static let dim = Style(attributes: .dim)
    public static let reverse = Style(attributes: .reverse)
    public static let underline = Style(attributes: .underline)

    /// This style with a different foreground.
    public func foreground(_ color: Color) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// This style with a different background.
    public func background(_ color: Color) -> Style {
        var copy = self
        copy.background = color
        return copy
    }

    /// This style with `attributes` added.
    public func adding(_ attributes: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }
}
