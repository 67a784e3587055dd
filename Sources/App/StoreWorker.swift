import Dispatch
import Synchronization
import TermUI

/// The one worker that touches a member's data: it carries out commands (saves, settings
/// changes, profile work) and reads strictly in the order they were handed to it, off the run
/// loop, and posts each answer to the run loop as an event (through the wake pipe): scenes only
/// hand it work and later receive the answer as an ``Event/message(_:)`` addressed to them.
///
/// It is owned by the program (`termfit` makes one per session), never by a scene, so a workout
/// left for the menu cannot take queued commands with it. An ``inline`` worker carries jobs out
/// at once on the caller's thread instead: for the commands that have no run loop and for tests
/// that drive a scene step by step.
public final class StoreWorker: Sendable {
    /// How answers reach the run loop: the wake pipe's `post`, once the run loop has one.
    public typealias Poster = @Sendable (Event) -> Void

    private struct Links: Sendable {
        var poster: Poster?
        /// Answers that came before a run loop was connected, oldest first.
        var early: [Event] = []
        /// Jobs handed over and not yet answered.
        var outstanding = 0
    }

    private let queue: DispatchQueue?
    private let links = Mutex(Links())
    private let idle = DispatchGroup()

    /// A worker with its own serial queue; answers wait until ``connect(_:)`` gives it the run
    /// loop's wake pipe.
    public init(label: String = "termfit.store") {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    private init(inline: Void) { queue = nil }

    /// Carries each job out at once on the caller's thread and hands its answer straight back.
    public static let inline = StoreWorker(inline: ())

    /// Whether jobs run on the caller's thread (see ``inline``).
    public var isInline: Bool { queue == nil }

    /// Sends every answer from now on (and those already waiting) to `poster`: the run loop's
    /// wake pipe.
    public func connect(_ poster: @escaping Poster) {
        let early = links.withLock { links in
            links.poster = poster
            defer { links.early = [] }
            return links.early
        }
        for event in early { poster(event) }
    }

    /// Hands `job` to the worker. On an ``inline`` worker it runs now and its answer is returned;
    /// otherwise it runs after every job handed over before it, its answer comes back to the run
    /// loop as a ``StoreAnswer`` for `recipient`, and this returns `nil`.
    @discardableResult
    public func run<Answer: Sendable>(for recipient: StoreAnswer.Recipient, _ job: @escaping @Sendable () -> Answer)
        -> Answer?
    {
        guard let queue else { return job() }
        links.withLock { $0.outstanding += 1 }
        idle.enter()
        queue.async { [self] in
            let event = Event.message(
                Message(StoreAnswer.messageName, payload: StoreAnswer(recipient: recipient, value: job())))
            let poster = links.withLock { links -> Poster? in
                if links.poster == nil { links.early.append(event) }
                return links.poster
            }
            poster?(event)
            // Counted done only once its answer is on its way: nothing outstanding means every
            // answer is in the pipe (or waiting for a connection).
            links.withLock { $0.outstanding -= 1 }
            idle.leave()
        }
        return nil
    }

    /// Jobs handed over and not answered yet.
    public var outstanding: Int { links.withLock { $0.outstanding } }

    /// Blocks until every job handed over so far is carried out and answered: what the program
    /// does once the run loop ended, before it asks the scenes what is still owed.
    public func waitUntilIdle() {
        guard queue != nil else { return }
        idle.wait()
    }

    /// Blocks until every job handed over so far is carried out and answered, or `timeout` has
    /// passed; says whether the worker is idle.
    public func waitUntilIdle(timeout: Duration) -> Bool {
        guard queue != nil else { return true }
        let nanoseconds = max(
            0, timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
        return idle.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success
    }
}

/// What a ``StoreWorker`` job gave, addressed to the scene that asked: the payload of the
/// ``Message`` named ``messageName``.
public struct StoreAnswer: Sendable {
    /// Who a job's answer is for: each scene that hands jobs to the worker has its own.
    public struct Recipient: Hashable, Sendable {
        private let number: UInt64
        private static let counter = Atomic<UInt64>(0)

        /// A recipient no other has been.
        public init() { number = Self.counter.add(1, ordering: .relaxed).newValue }
    }

    /// The name of the message an answer arrives in.
    public static let messageName = "store.answer"

    public let recipient: Recipient
    public let value: any Sendable

    /// The answer in `event` if it is one for `recipient` of type `Answer`.
    public static func value<Answer>(in event: Event, for recipient: Recipient, as type: Answer.Type) -> Answer? {
        guard case .message(let message) = event, message.name == messageName,
            let answer = message.payload as? StoreAnswer, answer.recipient == recipient
        else { return nil }
        return answer.value as? Answer
    }
}
