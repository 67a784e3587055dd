import Foundation
import Records

#if canImport(Glibc)
    import Glibc
#endif

/// What a recovery file holds: the saves one profile's workouts still owed when TermFit ended,
/// in order. Written next to the database as `termfit-recovery-<profile>-<time>.json`.
public struct RecoveryFile: Sendable, Codable, Equatable {
    /// Always ``RecoveryFile/formatName``.
    public var format: String
    /// The layout of the file; this build writes and reads ``RecoveryFile/currentVersion``.
    public var version: Int
    /// Whose data the steps are.
    public var profile: String
    /// The profile's identifier when TermFit knew it (the database was open): the file is then
    /// replayed only into that profile, whatever its name is by then, and never into a profile
    /// made again after it was removed. Files without one go by `profile`, made if needed.
    public var profileID: UUID?
    /// When TermFit wrote the file.
    public var writtenAt: Date
    /// The saves, oldest first.
    public var steps: [UnsavedStep]
    /// Each save's command identifier, in the same order, when TermFit knew them: a store that
    /// records them carries each out once, so a file replayed twice (or after the box's queue
    /// went in) doubles nothing. Files without them are replayed as upserts.
    public var commandIDs: [UUID]?

    public static let formatName = "termfit-recovery"
    public static let currentVersion = 1
    /// The name every recovery file's begins with.
    public static let namePrefix = "termfit-recovery-"
    /// The largest recovery file read: far above anything a session leaves unsaved.
    static let maximumBytes = 64 << 20

    public init(
        profile: String, profileID: UUID? = nil, writtenAt: Date, steps: [UnsavedStep], commandIDs: [UUID]? = nil
    ) {
        format = Self.formatName
        version = Self.currentVersion
        self.profile = profile
        self.profileID = profileID
        self.writtenAt = writtenAt
        self.steps = steps
        self.commandIDs = commandIDs.flatMap { $0.count == steps.count && !$0.isEmpty ? $0 : nil }
    }
}

/// What became of one recovery file at start-up or with `termfit recover`.
public struct RecoveryOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// How many saves it held.
    public var stepCount: Int
    /// Why it could not be replayed (it is kept); `nil` when it was replayed and removed.
    public var problem: String?

    public var description: String {
        let saves = stepCount == 1 ? "1 save" : "\(stepCount) saves"
        guard let problem else { return "replayed \(saves) from \(path) into the database; the file is removed" }
        return "could not replay \(path) (\(problem)); the file is kept, nothing in it is lost"
    }
}

/// Writing, finding and replaying recovery files.
public enum Recovery {
    /// Writes `work` to a new recovery file in the data directory, created with mode 0600 and
    /// `O_EXCL|O_NOFOLLOW` (never over another file, never through a link), and synced to disk.
    /// Returns its path.
    public static func write(
        _ work: UnsavedWork, profileID: UUID? = nil, in location: StoreLocation, at date: Date = Date()
    ) throws -> String {
        let file = RecoveryFile(
            profile: work.profile, profileID: profileID, writtenAt: date, steps: work.steps,
            commandIDs: work.commandIDs)
        let json = TerminalText.escapingJSON(String(decoding: try ArchiveCoding.encoder().encode(file), as: UTF8.self))
        let bytes = Array((json + "\n").utf8)
        let stem =
            directoryPrefix(location) + RecoveryFile.namePrefix + fileNamePart(work.profile) + "-"
            + compactTime(date)
        for attempt in 1...100 {
            let path = stem + (attempt == 1 ? "" : "_\(attempt)") + ".json"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw StoreError.cannotOpen(path: path, reason: describe(errno))
            }
            defer { close(descriptor) }
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { buffer in
                    buffer.baseAddress.map { Glibc.write(descriptor, $0 + written, buffer.count - written) } ?? -1
                }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    let code = errno
                    unlink(path)
                    throw code == ENOSPC
                        ? StoreError.diskFull(path: path) : StoreError.cannotOpen(path: path, reason: describe(code))
                }
                written += count
            }
            guard fsync(descriptor) == 0 else {
                let code = errno
                unlink(path)
                throw StoreError.cannotOpen(path: path, reason: describe(code))
            }
            return path
        }
        throw StoreError.cannotOpen(path: stem + ".json", reason: "a hundred files of that name exist")
    }

    /// The recovery files in the data directory, oldest name first (the names sort by time for
    /// one profile). A missing directory has none.
    public static func files(in location: StoreLocation) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: location.directory)) ?? []
        return names.filter { $0.hasPrefix(RecoveryFile.namePrefix) && $0.hasSuffix(".json") }.sorted()
            .map { directoryPrefix(location) + $0 }
    }

    /// Replays every recovery file of `profile` (of every profile when `nil`) in the data
    /// directory into `store`, oldest first:
    /// each file is read (a regular file of this user, not a link), decoded, every step checked
    /// with its record's `validate()`, then saved in order. A file replayed whole is removed; one
    /// that cannot be read, checked or saved is kept and its problem reported. Saves are upserts,
    /// so a file replayed in part is replayed again whole next time without harm.
    public static func replay(into store: TermFitStore, profile: String?) -> [RecoveryOutcome] {
        replay(from: store.location, into: store, profile: profile)
    }

    /// Replays the recovery files of `location` (a box's data directory) into `store`, the
    /// box's file or the PostgreSQL database the boxes share, as ``replay(into:profile:)`` does.
    /// A file's saves with command identifiers go in once each: a save the store already
    /// carried out (its answer was lost before the file was written) is not carried out again.
    public static func replay(from location: StoreLocation, into store: any MemberStore, profile: String?)
        -> [RecoveryOutcome]
    {
        var outcomes: [RecoveryOutcome] = []
        for path in files(in: location) {
            let file: RecoveryFile
            do {
                file = try read(path)
            } catch {
                outcomes.append(RecoveryOutcome(path: path, stepCount: 0, problem: "\(error)"))
                continue
            }
            guard profile == nil || file.profile == profile else { continue }
            do {
                for step in file.steps { try step.validate() }
                let owner: Profile
                if let id = file.profileID {
                    // Its profile, under whatever name it has now; a removed one is not made again.
                    guard let profile = try store.profiles().first(where: { $0.id == id }) else {
                        throw StoreError.profileRemoved(file.profile)
                    }
                    owner = profile
                } else {
                    owner = try store.profileCreatingIfNeeded(named: file.profile)
                }
                let data = store.memberData(for: owner)
                let ledger = data as? any CarriesOutCommandsOnce
                for (index, step) in file.steps.enumerated() {
                    if let ledger, let ids = file.commandIDs {
                        _ = try ledger.carryOut(command: ids[index]) { try step.save(into: data) }
                    } else {
                        try step.save(into: data)
                    }
                }
                if unlink(path) != 0 {
                    throw StoreError.cannotOpen(path: path, reason: "it cannot be removed: \(describe(errno))")
                }
                outcomes.append(RecoveryOutcome(path: path, stepCount: file.steps.count, problem: nil))
            } catch {
                outcomes.append(RecoveryOutcome(path: path, stepCount: file.steps.count, problem: "\(error)"))
            }
        }
        return outcomes
    }

    /// Removes the recovery files of `profile` (read from each file, not guessed from its name):
    /// what `termfit kiosk remove-member --delete-data` does with a member's unsaved work, so a
    /// member added again later under the name does not get it back. Returns how many went.
    @discardableResult
    public static func remove(profile: String, in location: StoreLocation) -> Int {
        var removed = 0
        for path in files(in: location) where (try? read(path))?.profile == profile {
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }

    /// Reads and decodes one recovery file, refusing a link, another user's file, one that
    /// group or others may write, or one over the size cap.
    static func read(_ path: String) throws -> RecoveryFile {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw StoreError.cannotOpen(path: path, reason: describe(errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
            info.st_mode & 0o022 == 0
        else {
            throw StoreError.cannotOpen(
                path: path, reason: "it is not a regular file of this user that only this user may change")
        }
        guard info.st_size <= RecoveryFile.maximumBytes, let data = try handle.readToEnd() else {
            throw StoreError.cannotOpen(path: path, reason: "it is larger than \(RecoveryFile.maximumBytes >> 20) MiB")
        }
        let file: RecoveryFile
        do {
            file = try ArchiveCoding.decoder().decode(RecoveryFile.self, from: data)
        } catch {
            throw StoreError.cannotOpen(path: path, reason: "it is not a TermFit recovery file")
        }
        guard file.format == RecoveryFile.formatName, file.version == RecoveryFile.currentVersion else {
            throw StoreError.cannotOpen(
                path: path, reason: "it is a recovery file of version \(file.version), this TermFit reads version 1")
        }
        return file
    }

    private static func directoryPrefix(_ location: StoreLocation) -> String {
        location.directory.hasSuffix("/") ? location.directory : location.directory + "/"
    }

    /// A profile's name as part of a file name: letters, digits, `.`, `_` and `-` as they are,
    /// every other byte as `%XX`, so no name can reach outside the directory.
    static func fileNamePart(_ profile: String) -> String {
        var part = ""
        for byte in profile.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || "._-".unicodeScalars.contains(scalar)
            {
                part.unicodeScalars.append(scalar)
            } else {
                part += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return part.hasPrefix(".") ? "%2E" + part.dropFirst() : part
    }

    /// `20250304T073000123Z`: a UTC time that sorts as text.
    static func compactTime(_ date: Date) -> String {
        Timestamp.isoText(date).filter { $0.isNumber || $0 == "T" || $0 == "Z" }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
