import Foundation
import Records

#if canImport(Glibc)
    import Glibc
#endif

/// Why `termfit kiosk` refused a member's name or key, or could not edit `authorized_keys`.
public enum KioskMemberError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name is not a profile name, or not one a forced command can carry.
    case invalidName(String, reason: String)
    /// The key is not one public key TermFit can put on a line of its own.
    case invalidKey(reason: String)
    /// A member with this name has a line already.
    case memberExists(String)
    /// No line is this member's.
    case memberNotFound(String)
    /// The key is on a line already (sshd would let it in as whoever that line names).
    case keyInUse(member: String?)
    /// The path of TermFit that the forced command names cannot be written into it safely.
    case invalidProgramPath(String)
    /// The file or its directory could not be read or written.
    case file(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidName(let name, let reason): "'\(name)' cannot be a member's name: \(reason)"
        case .invalidKey(let reason): "not a usable public key: \(reason)"
        case .memberExists(let name): "'\(name)' is a member already (kiosk remove-member or kiosk rename first)"
        case .memberNotFound(let name): "no member is called '\(name)'"
        case .keyInUse(let member):
            member.map { "that key is \($0)'s already" } ?? "that key is in the file already, on a line of its own"
        case .invalidProgramPath(let path):
            "'\(path)' cannot go into a forced command: use an absolute path of letters, digits and / . _ + -"
        case .file(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// One public key as OpenSSH writes it in a `.pub` file: its type, its base64 blob and an
/// optional comment. Nothing else is accepted: no options (`command=`, `environment=`), no second
/// line, no control characters.
public struct PublicKey: Sendable, Equatable {
    /// The key types TermFit puts into `authorized_keys` (DSA keys are refused, as OpenSSH does).
    public static let types: Set<String> = [
        "ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
        "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com",
    ]
    /// The longest key line read (a 16384-bit RSA key is under 3 KB).
    public static let maximumLength = 8192

    /// The key type, e.g. `ssh-ed25519`.
    public var type: String
    /// The key itself, base64 as in the `.pub` file.
    public var base64: String

    /// Reads the text of a `.pub` file (one trailing line end allowed).
    public init(parsing text: String) throws(KioskMemberError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw .invalidKey(reason: "it is longer than \(Self.maximumLength) bytes")
        }
        // Scalars, not characters: "\r\n" is one character.
        var line = Substring(text)
        if line.unicodeScalars.last == "\n" { line = Substring(line.unicodeScalars.dropLast()) }
        if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
        if line.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            throw .invalidKey(reason: "it has more than one line")
        }
        if line.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
            throw .invalidKey(reason: "it has control characters")
        }
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let type = fields.first.map(String.init) else { throw .invalidKey(reason: "it is empty") }
        guard Self.types.contains(type) else {
            throw .invalidKey(
                reason: "it must start with the key type (such as ssh-ed25519), not options or '\(type.prefix(30))'")
        }
        guard fields.count >= 2, let blob = Data(base64Encoded: String(fields[1])), !blob.isEmpty else {
            throw .invalidKey(reason: "the key after '\(type)' is not base64")
        }
        // The blob names its own type first (a 32-bit length, then the name); sshd checks the same.
        guard blob.count >= 4 else { throw .invalidKey(reason: "the key is too short") }
        let length = blob.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard blob.count >= 4 + length, String(decoding: blob.dropFirst(4).prefix(length), as: UTF8.self) == type
        else { throw .invalidKey(reason: "the key's data is not a \(type) key") }
        self.type = type
        base64 = String(fields[1])
    }

    /// The key as it goes on a line: type and base64.
    public var text: String { "\(type) \(base64)" }
}

/// Member names in the shared-account model: profile names (``Profile/validatedName(_:)``) that
/// a forced command can carry as one word, so no quoting is ever needed.
public enum KioskMemberName {
    /// The name, or why it cannot be a member's: a valid profile name of letters, digits, `.`,
    /// `_` and `-`, starting with a letter or a digit (so never `..`, `-x` or a hidden name).
    public static func validated(_ name: String) throws(KioskMemberError) -> String {
        let valid: String
        switch Profile.validatedName(name) {
        case .success(let result): valid = result
        case .failure(let problem): throw .invalidName(name, reason: problem.description)
        }
        guard valid == name else { throw .invalidName(name, reason: "it has spaces around it") }
        let allowed = valid.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        guard allowed, let first = valid.unicodeScalars.first, CharacterSet.alphanumerics.contains(first) else {
            throw .invalidName(
                name, reason: "use letters, digits, '.', '_' and '-', starting with a letter or a digit")
        }
        return valid
    }
}

/// A member's line in the shared account's `authorized_keys`, as `termfit kiosk` writes it:
/// `command="<termfit> --kiosk --profile NAME",restrict,pty <type> <key> NAME`.
public struct KioskMemberLine: Sendable, Equatable {
    /// The member's name (their profile).
    public var name: String
    /// The TermFit the line runs.
    public var program: String
    /// The member's key.
    public var key: PublicKey

    public init(name: String, program: String, key: PublicKey) {
        self.name = name
        self.program = program
        self.key = key
    }

    /// The line, without its line end.
    public var text: String {
        "command=\"\(program) --kiosk --profile \(name)\",restrict,pty \(key.text) \(name)"
    }

    /// Reads a line `termfit kiosk` wrote; `nil` for any other line (which stays as it is).
    public init?(_ line: String) {
        let prefix = "command=\""
        guard line.hasPrefix(prefix), let close = line.dropFirst(prefix.count).firstIndex(of: "\"") else {
            return nil
        }
        let command = line[line.index(line.startIndex, offsetBy: prefix.count)..<close].split(separator: " ")
        let rest = line[line.index(after: close)...]
        let options = ",restrict,pty "
        guard command.count == 4, command[1] == "--kiosk", command[2] == "--profile", rest.hasPrefix(options),
            let key = try? PublicKey(parsing: String(rest.dropFirst(options.count)))
        else { return nil }
        self.init(name: String(command[3]), program: String(command[0]), key: key)
    }
}

/// The shared account's `authorized_keys`: read as lines kept byte for byte, changed only by
/// writing a new file beside it (mode 0600, synced) and renaming it over the old one, under an
/// exclusive lock on the directory, so sshd never reads half a file and two admins never lose
/// each other's change.
public struct AuthorizedKeysFile: Sendable {
    /// The file's path.
    public let path: String

    public init(path: String) { self.path = path }

    /// The directory holding the file.
    var directory: String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// The members, in the file's order.
    public func members() throws(KioskMemberError) -> [KioskMemberLine] {
        try lines().compactMap { KioskMemberLine(String(decoding: $0, as: UTF8.self)) }
    }

    /// Appends a line for a new member.
    ///
    /// - Throws: ``KioskMemberError/memberExists(_:)`` or ``KioskMemberError/keyInUse(member:)``.
    public func add(_ member: KioskMemberLine) throws(KioskMemberError) {
        try edit { lines in
            let existing = lines.map { String(decoding: $0, as: UTF8.self) }
            if existing.compactMap(KioskMemberLine.init).contains(where: { $0.name == member.name }) {
                throw KioskMemberError.memberExists(member.name)
            }
            for line in existing where line.split(separator: " ").contains(Substring(member.key.base64)) {
                throw KioskMemberError.keyInUse(member: KioskMemberLine(line)?.name)
            }
            lines.append(Array(member.text.utf8))
        }
    }

    /// Removes the member's line; every other line stays byte for byte.
    public func remove(member name: String) throws(KioskMemberError) {
        try edit { lines in
            let before = lines.count
            lines.removeAll { KioskMemberLine(String(decoding: $0, as: UTF8.self))?.name == name }
            if lines.count == before { throw KioskMemberError.memberNotFound(name) }
        }
    }

    /// Gives the member's line a new name.
    public func rename(member name: String, to newName: String) throws(KioskMemberError) {
        try edit { lines in
            let parsed = lines.map { KioskMemberLine(String(decoding: $0, as: UTF8.self)) }
            if parsed.contains(where: { $0?.name == newName }) { throw KioskMemberError.memberExists(newName) }
            guard let index = parsed.firstIndex(where: { $0?.name == name }), var member = parsed[index] else {
                throw KioskMemberError.memberNotFound(name)
            }
            member.name = newName
            lines[index] = Array(member.text.utf8)
        }
    }

    /// The file's lines without their line ends; none when it does not exist yet.
    func lines() throws(KioskMemberError) -> [[UInt8]] {
        guard let data = FileManager.default.contents(atPath: path) else {
            if access(path, F_OK) != 0 && errno == ENOENT { return [] }
            throw .file(path: path, reason: String(cString: strerror(errno)))
        }
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if lines.last == [] { lines.removeLast() }
        return lines
    }

    /// Reads the lines, lets `change` change them, and replaces the file with the result.
    private func edit(_ change: (inout [[UInt8]]) throws -> Void) throws(KioskMemberError) {
        let directory = self.directory
        try prepareDirectory(directory)
        let lock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw failure(directory) }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else { throw failure(directory) }
        var lines = try self.lines()
        do {
            try change(&lines)
        } catch let error as KioskMemberError {
            throw error
        } catch {
            throw .file(path: path, reason: "\(error)")
        }
        var contents = lines.flatMap { $0 + [UInt8(ascii: "\n")] }
        try replace(with: &contents, directory: directory, directoryDescriptor: lock)
    }

    /// Creates the directory (0700) when it is missing; refuses one that others may write to
    /// (sshd's `StrictModes` would then ignore every key in it).
    private func prepareDirectory(_ directory: String) throws(KioskMemberError) {
        var info = stat()
        if stat(directory, &info) != 0 {
            guard errno == ENOENT, mkdir(directory, 0o700) == 0 else { throw failure(directory) }
            return
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            throw .file(path: directory, reason: "its group or other users may write to it, so sshd would ignore it")
        }
    }

    /// Writes `contents` to a new file in `directory` and renames it over the file, keeping the
    /// old file's owner (or the directory's, for a new file: an admin running this as root for
    /// the shared account).
    private func replace(with contents: inout [UInt8], directory: String, directoryDescriptor: Int32)
        throws(KioskMemberError)
    {
        var template = Array((directory + "/.authorized_keys.termfit-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw failure(directory) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var owner = stat()
        if stat(path, &owner) != 0 { _ = stat(directory, &owner) }
        let written = contents.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, base + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let error = errno
        let synced =
            written && fchmod(descriptor, 0o600) == 0
            && (geteuid() != 0 || fchown(descriptor, owner.st_uid, owner.st_gid) == 0) && fsync(descriptor) == 0
        let reason = String(cString: strerror(written ? errno : error))
        close(descriptor)
        guard synced, Glibc.rename(temporary, path) == 0 else {
            let renameReason = synced ? String(cString: strerror(errno)) : reason
            unlink(temporary)
            throw .file(path: path, reason: renameReason)
        }
        _ = fsync(directoryDescriptor)
    }

    private func failure(_ path: String) -> KioskMemberError {
        .file(path: path, reason: String(cString: strerror(errno)))
    }
}
