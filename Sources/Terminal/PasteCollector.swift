/// A bracketed paste on its way in: everything between `ESC [ 200 ~` and `ESC [ 201 ~` is text,
/// never keys.
///
/// A pasted text may itself hold the markers (`hello ESC [ 201 ~ dxy` copied from a web page):
/// the terminal wraps it in its own, so TermFit reads `ESC [ 200 ~ hello ESC [ 201 ~ dxy ESC [ 201 ~`.
/// Taking the first end marker as the end would turn `dxy` into keys, down to the `y` of a delete
/// question. So an end marker only ends the paste once input has been quiet for the escape delay
/// after it: while more bytes come in the same burst, they are held back, and another marker
/// among them (an end or a start) makes them part of the paste. Bytes that are still alone when
/// the quiet comes were typed after the paste and are read as keys.
///
/// Control characters in a paste are dropped from its text (line ends and tabs excepted): a
/// Ctrl-C or an ESC pasted from a file is text gone wrong, never a key.
struct PasteCollector {
    /// The most of a paste that is kept; the rest is dropped until its end.
    static let limit = 1 << 20

    /// The markers: `ESC [ 2 0 0 ~` starts a paste, `ESC [ 2 0 1 ~` ends it.
    private static let start: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let end: [UInt8] = Array("\u{1B}[201~".utf8)
    private static let markerLength = 6

    /// The paste's bytes so far, its markers taken out.
    private var bytes: [UInt8] = []
    /// How many bytes of a marker the last bytes taken match (a marker may be split across
    /// reads), and whether the marker so far is an end.
    private var matched = 0
    private var matchedEnd = false
    /// After an end marker: the bytes that came since, while it is not known whether they belong
    /// to the paste (another marker follows in the same burst) or were typed after it.
    private(set) var afterEnd: [UInt8]?

    /// Whether an end marker came and nothing since has said the paste goes on.
    var hasEnded: Bool { afterEnd != nil }

    /// How many bytes the paste holds (text and held-back bytes), for bounds checks.
    var count: Int { bytes.count + (afterEnd?.count ?? 0) }

    /// Takes the next bytes read.
    mutating func take<Bytes: Collection<UInt8>>(_ input: Bytes) {
        for byte in input { take(byte) }
    }

    private mutating func take(_ byte: UInt8) {
        let marker = advanceMarker(with: byte)
        if afterEnd != nil {
            if afterEnd?.count ?? 0 <= Self.limit { afterEnd?.append(byte) }
            guard let marker, let held = afterEnd else { return }
            // A marker in the same burst: what came after the last end was pasted too.
            append(held.dropLast(Self.markerLength))
            afterEnd = marker ? [] : nil
        } else {
            if bytes.count < Self.limit { bytes.append(byte) }
            guard let marker else { return }
            // The marker is text no more (unless the paste's limit cut it off).
            if bytes.suffix(Self.markerLength).elementsEqual(marker ? Self.end : Self.start) {
                bytes.removeLast(Self.markerLength)
            }
            if marker { afterEnd = [] }
        }
    }

    /// Follows `byte` through the markers; returns whether it completed an end marker (`true`) or
    /// a start marker (`false`), or `nil`.
    private mutating func advanceMarker(with byte: UInt8) -> Bool? {
        switch (matched, byte) {
        case (0, 0x1B): matched = 1
        case (1, 0x5B), (2, 0x32), (3, 0x30): matched += 1
        case (4, 0x30), (4, 0x31):
            matched = 5
            matchedEnd = byte == 0x31
        case (5, 0x7E):
            matched = 0
            return matchedEnd
        default: matched = byte == 0x1B ? 1 : 0
        }
        return nil
    }

    private mutating func append<Bytes: Collection<UInt8>>(_ more: Bytes) {
        let room = Self.limit - bytes.count
        guard room > 0 else { return }
        bytes.append(contentsOf: more.prefix(room))
    }

    /// The paste as text: line ends as the terminal sends them (CR, or CR LF from some clients)
    /// become LF; other control characters (C0 but tab, DEL, C1) are dropped. `utf8` says whether
    /// the bytes are UTF-8, else ISO 8859-1.
    func text(utf8: Bool) -> String {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case 0x0D:
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { continue }
                kept.append(0x0A)
            case 0x09, 0x0A: kept.append(byte)
            case 0x00...0x1F, 0x7F: continue
            case 0x80...0x9F where !utf8: continue
            default: kept.append(byte)
            }
        }
        guard utf8 else { return String(kept.map { Character(Unicode.Scalar($0)) }) }
        var scalars = String.UnicodeScalarView()
        for scalar in String(decoding: kept, as: UTF8.self).unicodeScalars where !(0x80...0x9F).contains(scalar.value) {
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
