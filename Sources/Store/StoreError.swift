import Foundation
import GRDB
import Records

/// Everything that can go wrong with TermFit's database, worded for the person at the keyboard.
///
/// Whenever one of these is thrown while opening, TermFit has not changed the database file.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `HOME` is unset, so the default data directory cannot be found.
    case homeNotSet
    /// The data directory given is not usable as a path (for example it is empty).
    case invalidDataDirectory(String)
    /// A command that only reads found no data directory: there is nothing to read, and a
    /// mistyped `--data-dir` must not pass for an empty history.
    case noDataDirectory(path: String)
    /// The data directory does not exist and could not be created.
    case cannotCreateDataDirectory(path: String, reason: String)
    /// The data directory exists but TermFit may not write in it.
    case readOnlyDirectory(path: String)
    /// The database file exists but TermFit may not write to it.
    case readOnlyFile(path: String)
    /// The data directory or a database file could be changed or replaced by someone else (a
    /// symbolic link, owned by another user, or writable by group or others), so TermFit will
    /// not trust it.
    case untrusted(path: String, reason: String)
    /// The file is not an SQLite database at all.
    case notADatabase(path: String)
    /// The file is an SQLite database, but not one TermFit made.
    case notATermFitDatabase(path: String)
    /// The file is a damaged or truncated database.
    case corrupt(path: String, detail: String)
    /// The database was written by a newer TermFit whose schema this build does not know.
    case newerSchema(path: String, found: String, supported: Int)
    /// The disk (or the database's size limit) is full.
    case diskFull(path: String)
    /// Another TermFit kept the database locked for longer than the busy timeout.
    case busy(path: String)
    /// The database could not be opened or read for another reason.
    case cannotOpen(path: String, reason: String)
    /// Any other database failure.
    case database(path: String, reason: String)
    /// A profile name was refused.
    case invalidProfileName(String, ProfileNameProblem)
    /// No profile has this name.
    case profileNotFound(name: String, existing: [String])
    /// A profile with this name exists already.
    case profileExists(String)
    /// The profile was removed (`termfit kiosk remove-member --delete-data`) while it was in use:
    /// nothing more is saved for it, and it is never made again by a save.
    case profileRemoved(String)
    /// An import file is not a TermFit export or is damaged.
    case invalidArchive(String)
    /// An import file was written by a newer TermFit.
    case archiveFromNewerVersion(found: Int, supported: Int)
    /// An import file holds records that belong to another profile in this database.
    case archiveConflict(String)

    public var description: String {
        switch self {
        case .homeNotSet:
            "TermFit cannot find its data directory because HOME is not set. "
                + "Set HOME, XDG_DATA_HOME or TERMFIT_DATA_DIR, or pass --data-dir DIR."
        case .invalidDataDirectory(let path):
            "'\(path)' is not a usable data directory. Pass --data-dir DIR with a directory path."
        case .noDataDirectory(let path):
            "There is no TermFit data directory \(path), so there is nothing to read. "
                + "Check --data-dir DIR or TERMFIT_DATA_DIR."
        case .cannotCreateDataDirectory(let path, let reason):
            "TermFit cannot create its data directory \(path): \(reason). "
                + "Create it yourself, or choose another with --data-dir DIR or TERMFIT_DATA_DIR."
        case .readOnlyDirectory(let path):
            "TermFit cannot write in its data directory \(path) (it is read-only for this user). "
                + "The database there was not changed. Make the directory writable, "
                + "or choose another with --data-dir DIR."
        case .readOnlyFile(let path):
            "TermFit cannot write to its database \(path) (the file is read-only for this user). "
                + "It was not changed. Make it writable, or choose another data directory with --data-dir DIR."
        case .untrusted(let path, let reason):
            "TermFit will not use \(path): \(reason), so someone else could read, change or replace your data. "
                + "It was not changed. Make it yours and private (chmod go-w; no symbolic links), "
                + "or choose another data directory with --data-dir DIR."
        case .notADatabase(let path):
            "\(path) is not a TermFit database (it is not an SQLite file at all). "
                + "TermFit left it untouched. Move it aside to start afresh, or pass --data-dir DIR."
        case .notATermFitDatabase(let path):
            "\(path) is an SQLite database, but not one TermFit made. "
                + "TermFit left it untouched. Move it aside to start afresh, or pass --data-dir DIR."
        case .corrupt(let path, let detail):
            "The TermFit database \(path) is damaged (\(detail)). TermFit left it untouched; "
                + "keep a copy, and restore a backup with 'termfit import' into a fresh data directory."
        case .newerSchema(let path, let found, let supported):
            "The TermFit database \(path) was written by a newer TermFit (\(found); this TermFit "
                + "understands schema version \(supported) and older). It was not changed. "
                + "Update TermFit to use it, or pass --data-dir DIR to use another database."
        case .diskFull(let path):
            "The disk holding the TermFit database \(path) is full; the last change was not saved. "
                + "Free some space and try again."
        case .busy(let path):
            "The TermFit database \(path) stayed locked by another TermFit for too long. Try again."
        case .cannotOpen(let path, let reason):
            "TermFit cannot open its database \(path): \(reason)."
        case .database(let path, let reason):
            "The TermFit database \(path) reported an error: \(reason)."
        case .invalidProfileName(let name, let problem):
            "'\(name)' cannot be a profile name: \(problem)."
        case .profileNotFound(let name, let existing):
            existing.isEmpty
                ? "There is no profile named '\(name)' yet."
                : "There is no profile named '\(name)'. Profiles: \(existing.joined(separator: ", "))."
        case .profileExists(let name):
            "A profile named '\(name)' exists already."
        case .profileRemoved(let name):
            "The profile '\(name)' was removed from this box; nothing more is saved for it."
        case .invalidArchive(let reason):
            "That file is not a TermFit export TermFit can read: \(reason). Nothing was imported."
        case .archiveFromNewerVersion(let found, let supported):
            "That file was exported by a newer TermFit (format version \(found); this TermFit reads "
                + "version \(supported) and older). Nothing was imported. Update TermFit to import it."
        case .archiveConflict(let reason):
            "That file cannot be imported into this profile: \(reason). Nothing was imported."
        }
    }

    /// Whether the problem lies with a file (the database, its directory or an import file)
    /// rather than with the request: `termfit` exits with status 3 for these.
    public var isDataFileProblem: Bool {
        switch self {
        case .invalidProfileName, .profileNotFound, .profileExists, .profileRemoved, .invalidDataDirectory, .homeNotSet,
            .busy, .database:
            false
        default:
            true
        }
    }

    /// Converts any error from the database layer into a ``StoreError`` (``LogError``s and
    /// ``StoreError``s pass through unchanged).
    static func wrapping(_ error: any Error, path: String) -> any Error {
        switch error {
        case is StoreError, is LogError:
            return error
        case let error as DatabaseError:
            let reason = error.message ?? "\(error.resultCode)"
            switch error.resultCode {
            case .SQLITE_FULL:
                return StoreError.diskFull(path: path)
            case .SQLITE_READONLY:
                return StoreError.readOnlyFile(path: path)
            case .SQLITE_CORRUPT:
                return StoreError.corrupt(path: path, detail: reason)
            case .SQLITE_NOTADB:
                return StoreError.notADatabase(path: path)
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return StoreError.busy(path: path)
            case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH, .SQLITE_IOERR:
                return StoreError.cannotOpen(path: path, reason: reason)
            default:
                return StoreError.database(path: path, reason: reason)
            }
        case let error as UnexpectedColumnValue:
            return StoreError.corrupt(path: path, detail: "unexpected value '\(error.value)' in column \(error.column)")
        case let error as RowDecodingError:
            return StoreError.corrupt(path: path, detail: "unexpected value: \(error)")
        default:
            return StoreError.database(path: path, reason: "\(error)")
        }
    }
}
