/// Where a card's note lives in the member's Anki collection: what Anki needs to recognise the
/// note as its own when a TermFit package goes back (its importer matches a note by guid and
/// note type id, and updates it only when the package's note is newer).
///
/// Kept from a package's import (a text file carries none of it); written back by the package
/// export, which gives a note the member did not edit its id, note type id and `mod` unchanged.
public struct AnkiNoteOrigin: Sendable, Codable, Hashable {
    /// Anki's note id.
    public var noteID: Int64
    /// The note's `mod` in Anki (seconds since 1970).
    public var noteModified: Int64
    /// Anki's id of the note's note type (the note's `mid`).
    public var notetypeID: Int64
    /// The note type's `mod` in Anki (seconds since 1970).
    public var notetypeModified: Int64
    /// ``checksum(of:)`` of the note's fields as Anki had them: fields that no longer match it
    /// were edited in TermFit.
    public var fieldsChecksum: UInt64

    public init(
        noteID: Int64, noteModified: Int64, notetypeID: Int64, notetypeModified: Int64, fieldsChecksum: UInt64
    ) {
        self.noteID = noteID
        self.noteModified = noteModified
        self.notetypeID = notetypeID
        self.notetypeModified = notetypeModified
        self.fieldsChecksum = fieldsChecksum
    }

    /// The origin of a note whose fields in Anki are `fields`.
    public init(noteID: Int64, noteModified: Int64, notetypeID: Int64, notetypeModified: Int64, fields: [String]) {
        self.init(
            noteID: noteID, noteModified: noteModified, notetypeID: notetypeID, notetypeModified: notetypeModified,
            fieldsChecksum: Self.checksum(of: fields))
    }

    /// Whether `fields` are not the fields the note had in Anki.
    public func isEdited(_ fields: [String]) -> Bool { Self.checksum(of: fields) != fieldsChecksum }

    /// A 64-bit FNV-1a hash of the fields' UTF-8 bytes, each field ended by U+001F: stable
    /// across runs and machines (unlike `Hasher`).
    public static func checksum(of fields: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for field in fields {
            for byte in field.utf8 + [0x1F] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        return hash
    }

    /// The origin as one line of text (five numbers separated by spaces), as the stores keep it.
    public var storedForm: String {
        "\(noteID) \(noteModified) \(notetypeID) \(notetypeModified) \(fieldsChecksum)"
    }

    /// The origin written by ``storedForm``; `nil` for any other text.
    public init?(storedForm: String) {
        let parts = storedForm.split(separator: " ")
        guard parts.count == 5, let noteID = Int64(parts[0]), let noteModified = Int64(parts[1]),
            let notetypeID = Int64(parts[2]), let notetypeModified = Int64(parts[3]),
            let checksum = UInt64(parts[4])
        else { return nil }
        self.init(
            noteID: noteID, noteModified: noteModified, notetypeID: notetypeID, notetypeModified: notetypeModified,
            fieldsChecksum: checksum)
    }
}
