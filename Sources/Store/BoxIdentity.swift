import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension StoreLocation {
    /// The name of the file in the data directory that holds the box's identifier.
    public static let boxFileName = "box-id"

    /// This data directory's box: the identifier in its `box-id` file, written (a new UUID,
    /// mode 0600, never through a link) the first time it is asked for. Two TermFit processes
    /// with the same data directory are one box; with different ones, two. When the file cannot
    /// be read or written (a read-only directory), the box is this process alone: a new UUID.
    public func boxIdentifier() -> String {
        try? DataDirectory.prepare(directory)
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + Self.boxFileName
        if let existing = Self.readIdentifier(path) { return existing }
        let made = UUID().uuidString
        // Written whole under a name of this process's, then linked into place: the file appears
        // complete or not at all, so a second process starting at the same instant reads the
        // first one's identifier, never an empty file (and never makes a box of its own).
        let draft = path + ".\(getpid()).\(made)"
        let descriptor = open(draft, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return made }
        defer { unlink(draft) }
        let bytes = Array((made + "\n").utf8)
        let written = bytes.withUnsafeBytes { buffer in
            buffer.baseAddress.map { Glibc.write(descriptor, $0, buffer.count) } ?? -1
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced else { return made }
        if link(draft, path) == 0 { return made }
        // Another process of this box linked its file first.
        if let theirs = Self.readIdentifier(path) { return theirs }
        // What is there holds no identifier (an empty file left by a crash, say): replaced, so the
        // box keeps one identifier from now on.
        guard rename(draft, path) == 0 else { return made }
        return Self.readIdentifier(path) ?? made
    }

    /// The UUID in the file at `path` when it is a regular file of this user holding one.
    private static func readIdentifier(_ path: String) -> String? {
        guard (try? Trust.require(path, directory: false)) != nil,
            let data = FileManager.default.contents(atPath: path), data.count <= 64,
            let uuid = UUID(
                uuidString: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        return uuid.uuidString
    }
}
