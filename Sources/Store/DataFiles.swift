import Foundation

/// The data directory: created on first use, private to its owner.
enum DataDirectory {
    /// Creates the directory and any missing parents with mode 0700 (as the XDG specification
    /// asks), then checks that TermFit may write in it. An existing directory keeps its mode.
    static func prepare(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            if mkdir(prefix, 0o700) != 0 {
                let code = errno
                if code == EEXIST { continue }
                if code == ENOSPC { throw StoreError.diskFull(path: path) }
                throw StoreError.cannotCreateDataDirectory(path: path, reason: describe(code))
            }
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw StoreError.cannotCreateDataDirectory(path: path, reason: describe(errno))
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw StoreError.cannotCreateDataDirectory(
                path: path, reason: "a file with that name exists and is not a directory")
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw StoreError.readOnlyDirectory(path: path)
        }
        try Trust.require(path, directory: true)
    }
}

/// Whether a file or directory may hold a member's data, as OpenSSH's `StrictModes` decides for
/// `~/.ssh`: it is not a symbolic link, it belongs to the user TermFit runs as, and neither its
/// group nor others may write to it. Root gets no exception: a file another user planted is
/// refused for root too.
enum Trust {
    /// Throws ``StoreError/untrusted(path:reason:)`` unless `path` (which must exist) is
    /// trustworthy; `directory` says what it must be.
    static func require(_ path: String, directory: Bool) throws {
        var info = stat()
        // "link/" would resolve the link: look at the name itself.
        var name = Substring(path)
        while name.count > 1 && name.hasSuffix("/") { name = name.dropLast() }
        guard lstat(String(name), &info) == 0 else {
            throw StoreError.cannotOpen(path: path, reason: describe(errno))
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            throw StoreError.untrusted(path: path, reason: "it is a symbolic link")
        }
        guard info.st_mode & S_IFMT == (directory ? S_IFDIR : S_IFREG) else {
            throw StoreError.untrusted(
                path: path, reason: directory ? "it is not a directory" : "it is not a regular file")
        }
        guard info.st_uid == geteuid() else {
            throw StoreError.untrusted(path: path, reason: "it belongs to another user (uid \(info.st_uid))")
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw StoreError.untrusted(path: path, reason: "its group or other users may write to it (mode \(mode))")
        }
    }

    /// The suffixes of the files SQLite keeps beside a database.
    static let companions = ["", "-journal", "-wal", "-shm"]

    /// Checks the database file and its journal and log files, those that exist.
    static func requireDatabaseFiles(_ path: String) throws {
        for suffix in companions where DatabaseFile.size(path + suffix) != nil {
            try require(path + suffix, directory: false)
        }
    }
}

/// Checks on the database file that need no SQLite connection, so that a file TermFit must not
/// use is refused before anything could touch it.
enum DatabaseFile {
    /// What TermFit writes into the SQLite header's application-id field: "TFit".
    static let applicationID: Int32 = 0x5446_6974

    /// The first bytes of every SQLite 3 database.
    static let magic: [UInt8] = Array("SQLite format 3\0".utf8)

    /// What the file looked like.
    enum State: Equatable {
        /// There is no file yet.
        case missing
        /// The file is empty (SQLite treats that as an empty database).
        case empty
        /// An SQLite database with this user version (TermFit's schema version).
        case database(userVersion: Int32, applicationID: Int32)
    }

    /// Reads the file's header and refuses anything TermFit must not open: not SQLite,
    /// truncated, made by another program, or written by a newer TermFit.
    /// `forWriting: false` accepts a file TermFit may only read.
    static func inspect(_ path: String, supportedVersion: Int, forWriting: Bool = true) throws -> State {
        var info = stat()
        if stat(path, &info) != 0 {
            let code = errno
            if code == ENOENT { return .missing }
            throw StoreError.cannotOpen(path: path, reason: describe(code))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError.cannotOpen(path: path, reason: "it is not a regular file")
        }
        guard access(path, R_OK) == 0 else {
            throw StoreError.cannotOpen(path: path, reason: "permission denied")
        }
        guard !forWriting || access(path, W_OK) == 0 else {
            throw StoreError.readOnlyFile(path: path)
        }
        let size = Int64(info.st_size)
        if size == 0 { return .empty }

        let header = try readHeader(path)
        let comparedLength = min(header.count, magic.count)
        guard header.prefix(comparedLength).elementsEqual(magic.prefix(comparedLength)) else {
            throw StoreError.notADatabase(path: path)
        }
        guard header.count == 100 else {
            throw StoreError.corrupt(path: path, detail: "the file ends inside its header")
        }
        let rawPageSize = Int64(header[16]) << 8 | Int64(header[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
            throw StoreError.corrupt(path: path, detail: "its header names an impossible page size")
        }
        let changeCounter = bigEndian(header, at: 24)
        let pageCount = Int64(UInt32(bitPattern: bigEndian(header, at: 28)))
        let validFor = bigEndian(header, at: 92)
        let userVersion = bigEndian(header, at: 60)
        let applicationID = bigEndian(header, at: 68)

        // While a write-ahead log is in use the main file may lag behind or be mid-checkpoint,
        // so its size is only checked when there is none.
        if !hasWriteAheadLog(path) {
            if size % pageSize != 0 {
                throw StoreError.corrupt(path: path, detail: "it is not a whole number of pages; it looks truncated")
            }
            if validFor == changeCounter, pageCount > 0, pageCount * pageSize > size {
                throw StoreError.corrupt(
                    path: path, detail: "it is shorter than its header says (\(size) of \(pageCount * pageSize) bytes)")
            }
        }
        if applicationID != 0 && applicationID != Self.applicationID {
            throw StoreError.notATermFitDatabase(path: path)
        }
        if userVersion > supportedVersion || userVersion < 0 {
            throw StoreError.newerSchema(
                path: path, found: "schema version \(userVersion)", supported: supportedVersion)
        }
        return .database(userVersion: userVersion, applicationID: applicationID)
    }

    /// Creates an empty database file readable and writable by its owner only, unless a file is
    /// there already (never through a symbolic link). SQLite gives its `-wal` and `-shm` files
    /// the same mode.
    static func createIfMissing(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let code = errno
        switch code {
        case EEXIST: return
        case ENOSPC: throw StoreError.diskFull(path: path)
        case EACCES, EROFS, EPERM: throw StoreError.readOnlyDirectory(path: directory(of: path))
        default: throw StoreError.cannotOpen(path: path, reason: describe(code))
        }
    }

    /// The size of the file at `path` (not following a symbolic link), or `nil` when there is
    /// none.
    static func size(_ path: String) -> Int64? {
        var info = stat()
        return lstat(path, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// Whether a non-empty `-wal` file sits beside the database.
    static func hasWriteAheadLog(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    private static func readHeader(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StoreError.cannotOpen(path: path, reason: describe(errno)) }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        var filled = 0
        while filled < header.count {
            let count = header.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw StoreError.cannotOpen(path: path, reason: describe(errno))
            }
            if count == 0 { break }
            filled += count
        }
        return Array(header.prefix(filled))
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int32 {
        let value =
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
        return Int32(bitPattern: value)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// The system's wording of an `errno` value, e.g. "Permission denied".
func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
}
