import TermUI

/// Notices an SSH client that went silent while TermFit keeps drawing (a laptop lid shut, the
/// client stopped, Wi-Fi gone without a goodbye), which sshd's own keepalive misses: sshd only
/// asks a client for a sign of life after a quiet spell on the connection, and a countdown that
/// draws every second leaves none.
///
/// With a frame it draws, at most every half of the timeout, TermFit adds a device status question
/// (`CSI 5 n`, 4 bytes); every terminal answers it at once (`CSI 0 n`). Anything read from the
/// terminal counts as the answer. A question unanswered for the whole timeout ends the run as a
/// hang-up does: what was finished is saved, and the rest goes to the recovery file. Nothing is
/// asked while nothing is drawn (then sshd's keepalive does the job), so an idle screen still
/// costs no wake-ups and no bytes.
public struct LinkProbe: Sendable {
    /// The question: "report your status".
    public static let question = "\u{1B}[5n"
    /// How long an answer may take by default.
    public static let defaultTimeout = Duration.seconds(10)

    /// `TERMFIT_LINK_TIMEOUT` seconds (1 to 3600), else ``defaultTimeout``.
    public static func timeout(environment: [String: String]) -> Duration {
        guard let text = environment["TERMFIT_LINK_TIMEOUT"], let seconds = Int(text), (1...3600).contains(seconds)
        else { return defaultTimeout }
        return .seconds(seconds)
    }

    /// How long an answer may take.
    public let timeout: Duration
    /// When the question still unanswered was asked.
    public private(set) var askedAt: Instant?
    private var lastAsked: Instant?

    public init(timeout: Duration) {
        self.timeout = timeout
    }

    /// Whether to ask with the frame drawn at `now`: nothing is waiting for an answer and half
    /// the timeout has passed since the last question.
    public mutating func shouldAsk(at now: Instant) -> Bool {
        guard askedAt == nil else { return false }
        if let lastAsked, now - lastAsked < timeout / 2 { return false }
        askedAt = now
        lastAsked = now
        return true
    }

    /// The terminal sent something: it is there.
    public mutating func heard() { askedAt = nil }

    /// When the link counts as dead if nothing arrives before, if a question waits.
    public var deadline: Instant? { askedAt.map { $0 + timeout } }

    /// Whether the question has waited the whole timeout at `now`.
    public func isDead(at now: Instant) -> Bool {
        deadline.map { now >= $0 } ?? false
    }
}
