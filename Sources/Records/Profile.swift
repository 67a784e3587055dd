#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A person using TermFit. Several people share one gym kiosk; each has a profile, and every
/// piece of history and every setting belongs to exactly one profile.
public struct Profile: Sendable, Codable, Equatable, Hashable, Identifiable {
    /// A stable identifier, never shown to the user.
    public var id: UUID
    /// The name the person picked (by default their login name).
    public var name: String

    public init(id: UUID = UUID(), name: String) {
        self.id = id
        self.name = name
    }

    /// The longest profile name TermFit accepts, in characters.
    public static let maximumNameLength = 40

    /// The fallback profile name when the login name is unknown.
    public static let fallbackName = "default"

    /// Checks and normalises a profile name as typed by a user: surrounding white space is
    /// removed; an empty name, a name longer than ``maximumNameLength`` or one containing
    /// control characters is refused.
    ///
    /// - Returns: the name to store, or why it was refused.
    public static func validatedName(_ name: String) -> Result<String, ProfileNameProblem> {
        let trimmed = name.trimmingBlanks(andNewlines: true)
        if trimmed.isEmpty {
            return .failure(.empty)
        }
        if trimmed.count > maximumNameLength {
            return .failure(.tooLong(maximum: maximumNameLength))
        }
        if trimmed.unicodeScalars.contains(where: { $0.isControlOrFormat }) {
            return .failure(.controlCharacters)
        }
        return .success(trimmed)
    }

    /// The profile name TermFit uses when none is given: the login name from `USER`, or
    /// ``fallbackName`` when that is unset or not a valid name.
    public static func defaultName(environment: [String: String]) -> String {
        if let user = environment["USER"], case .success(let name) = validatedName(user) {
            return name
        }
        return fallbackName
    }
}

/// Why a profile name was refused.
public enum ProfileNameProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(maximum: Int)
    case controlCharacters

    public var description: String {
        switch self {
        case .empty: "a profile name cannot be empty"
        case .tooLong(let maximum): "a profile name can have at most \(maximum) characters"
        case .controlCharacters: "a profile name cannot contain control characters"
        }
    }
}

/// A failure that can say the profile it was for is gone (`termfit kiosk remove-member
/// --delete-data` while a session of it ran): no save for that profile can ever go in again, so
/// a session that meets it ends instead of trying again.
public protocol ReportsRemovedProfile: Error {
    /// The removed profile's name when this failure is that one, else `nil`.
    var removedProfile: String? { get }
}
