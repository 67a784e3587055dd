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

/// One terminal cell: a glyph and its style.
public struct Cell: Hashable, Sendable {
    public var glyph: Glyph
    public var style: Style

    public init(_ glyph: Glyph, style: Style = .plain) {
        self.glyph = glyph
        self.style = style
    }

    public init(_ character: Character, style: Style = .plain) {
        self.init(Glyph(character), style: style)
    }

    public static let blank = Cell(Glyph.space)
}
