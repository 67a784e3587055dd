/// What one cell shows: a grapheme of up to three Unicode scalars (a base character and its
/// combining marks, an emoji with a variation selector or skin tone, a flag), or the right half
/// of a wide character drawn in the cell to its left.
///
/// Stored as plain integers so that comparing two frames is a tight loop over memory.
public struct Glyph: Hashable, Sendable {
    /// The first scalar; 0 marks the continuation (right half) of a wide character.
    public let first: UInt32
    /// Up to two more scalars (16 bits apart are not enough for emoji, so two words).
    public let second: UInt32
    public let third: UInt32
    /// 0, 1 or 2 cells.
    public let width: UInt8

    /// The right half of a wide character.
    public static let continuation = Glyph(first: 0, second: 0, third: 0, width: 0)
    public static let space = Glyph(first: 0x20, second: 0, third: 0, width: 1)

    /// A glyph rebuilt from a packed cell.
    init(packedFirst first: UInt32, second: UInt32, third: UInt32, width: UInt8) {
        self.init(first: first, second: second, third: third, width: width)
    }

    private init(first: UInt32, second: UInt32, third: UInt32, width: UInt8) {
        self.first = first
        self.second = second
        self.third = third
        self.width = width
    }

    /// The glyph for `character`. A cluster longer than three scalars (a ZWJ family emoji) keeps
    /// its first scalar, which terminals draw at the same width.
    public init(_ character: Character) {
        let width = DisplayWidth.of(character)
        var iterator = character.unicodeScalars.makeIterator()
        let first = iterator.next()?.value ?? 0x20
        let second = iterator.next()?.value ?? 0
        let third = iterator.next()?.value ?? 0
        let longer = iterator.next() != nil
        self.init(
            first: width == 0 && first < 0x20 ? 0xFFFD : first,
            second: longer ? 0 : second, third: longer ? 0 : third,
            width: UInt8(max(1, min(2, width))))
    }

    /// The glyph of one printable ASCII byte (0x20…0x7E), without looking at Unicode properties.
    @inline(__always)
    init(asciiByte byte: UInt8) {
        self.init(first: UInt32(byte), second: 0, third: 0, width: 1)
    }

    /// The glyph of a printable scalar below U+0300, which is always one cell wide.
    @inline(__always)
    init(narrowScalar value: UInt32) {
        self.init(first: value, second: 0, third: 0, width: 1)
    }

    public var isContinuation: Bool { first == 0 }

    /// The scalars this glyph draws (none for a continuation).
    public var scalars: [Unicode.Scalar] {
        [first, second, third].prefix { $0 != 0 }.compactMap(Unicode.Scalar.init)
    }

    /// The glyph as a `Character`; a space for a continuation.
    public var character: Character {
        guard !isContinuation else { return " " }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return Character(String(text))
    }
}

/// One terminal cell: a glyph and its style, packed into two integers (16 bytes with padding) so
/// that clearing, copying and comparing whole frames are tight loops over memory.
public struct Cell: Hashable, Sendable {
    /// The glyph's three scalars, 21 bits each.
    private var scalars: UInt64
    /// Width (2 bits), foreground (9 bits), background (9 bits) and attributes (8 bits).
    private var look: UInt32

    private static let scalarMask: UInt64 = 0x1F_FFFF

    public init(_ glyph: Glyph, style: Style = .plain) {
        scalars = UInt64(glyph.first) | UInt64(glyph.second) << 21 | UInt64(glyph.third) << 42
        look = Self.look(width: glyph.width, style: style)
    }

    public init(_ character: Character, style: Style = .plain) {
        self.init(Glyph(character), style: style)
    }

    public static let blank = Cell(Glyph.space)

    /// A one-cell glyph of a single scalar with a style packed beforehand (`packedStyle(_:)`): the
    /// fast path of writing text.
    @inline(__always)
    init(narrowScalar value: UInt32, packedStyle: UInt32) {
        scalars = UInt64(value)
        look = packedStyle | 1
    }

    /// `style` packed for `init(narrowScalar:packedStyle:)`.
    static func packedStyle(_ style: Style) -> UInt32 { look(width: 0, style: style) }

    private static func look(width: UInt8, style: Style) -> UInt32 {
        UInt32(width & 3) | UInt32(style.foreground.raw & 0x1FF) << 2 | UInt32(style.background.raw & 0x1FF) << 11
            | UInt32(style.attributes.rawValue) << 20
    }

    /// What the cell shows.
    public var glyph: Glyph {
        get {
            Glyph(
                packedFirst: UInt32(scalars & Self.scalarMask), second: UInt32(scalars >> 21 & Self.scalarMask),
                third: UInt32(scalars >> 42 & Self.scalarMask), width: UInt8(look & 3))
        }
        set {
            scalars = UInt64(newValue.first) | UInt64(newValue.second) << 21 | UInt64(newValue.third) << 42
            look = look & ~3 | UInt32(newValue.width & 3)
        }
    }

    /// How the cell looks.
    public var style: Style {
        get {
            Style(
                foreground: Color(packed: UInt16(look >> 2 & 0x1FF)),
                background: Color(packed: UInt16(look >> 11 & 0x1FF)),
                attributes: Attributes(rawValue: UInt8(truncatingIfNeeded: look >> 20)))
        }
        set { look = Self.look(width: UInt8(look & 3), style: newValue) }
    }

    /// `true` for the right half of a wide character.
    @inline(__always)
    var isContinuation: Bool { scalars & Self.scalarMask == 0 }

    /// 0 (right half of a wide character), 1 or 2 cells.
    @inline(__always)
    var width: UInt8 { UInt8(look & 3) }

    /// This cell with its text attributes changed by `change` (dimming under a sheet).
    @inline(__always)
    mutating func setAttributeBits(_ change: (UInt8) -> UInt8) {
        let attributes = UInt8(truncatingIfNeeded: look >> 20)
        look = look & 0x000F_FFFF | UInt32(change(attributes)) << 20
    }
}
