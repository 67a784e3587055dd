import Foundation
import Records
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import CardDeck

/// A workout driven by a test clock: `now` moves only when the test says so.
struct Harness {
    var workout: CardWorkout
    var now = Instant(nanoseconds: 1_000_000_000_000)
    /// Everything the workout asked for, in order.
    var outputs: [CardWorkout.Output] = []

    init(
        settings: CardSettings = CardSettings(), mode: CardWorkout.Mode = .deck, seed: UInt64 = 42,
        server: String? = nil, deckID: String? = nil, partial: [String]? = nil, reducesMotion: Bool = false,
        usesColor: Bool = true, size: Size = Size(width: 80, height: 24), locksDeckServer: Bool = false
    ) {
        let identifiers = Identifiers()
        workout = CardWorkout(
            settings: settings,
            options: .init(
                mode: mode, seed: seed, deckServer: server, deckID: deckID, partial: partial,
                reducesMotion: reducesMotion, usesColor: usesColor, locksDeckServer: locksDeckServer),
            wallClock: { testDate }, makeIdentifier: { identifiers.make() })
        send(.resize(size))
    }

    @discardableResult
    mutating func send(_ event: Event) -> [CardWorkout.Output] {
        let result = workout.handle(event, at: now)
        outputs += result
        return result
    }

    @discardableResult
    mutating func press(_ keys: Key...) -> [CardWorkout.Output] {
        keys.flatMap { send(.key($0)) }
    }

    @discardableResult
    mutating func type(_ text: String) -> [CardWorkout.Output] {
        text.flatMap { send(.key(.character($0))) }
    }

    /// Moves the clock on and delivers a tick, as the run loop does at a deadline.
    @discardableResult
    mutating func advance(by duration: Duration) -> [CardWorkout.Output] {
        now = now + duration
        return send(.tick)
    }

    /// Moves the clock to the next deadline and ticks; `nil` when there is none.
    @discardableResult
    mutating func advanceToDeadline() -> Instant? {
        guard let deadline = workout.nextDeadline(after: now) else { return nil }
        now = deadline
        send(.tick)
        return deadline
    }

    /// Answers the request the workout waits for with `result`.
    @discardableResult
    mutating func reply(_ result: Result<DeckResponse, DeckServiceError>) -> [CardWorkout.Output] {
        guard case .waiting(let request, let number, _) = workout.phase else {
            Issue.record("the workout is not waiting for the server: \(workout.phase)")
            return []
        }
        let reply = DeckReply(requestNumber: number, request: request, result: result)
        return send(.message(Message(DeckReply.messageName, payload: reply)))
    }

    func canvas(at instant: Instant? = nil) -> Canvas {
        var composition = Composition(size: workout.size)
        workout.render(into: &composition, at: instant ?? now)
        return composition.flatten()
    }

    func frame(at instant: Instant? = nil) -> [String] { canvas(at: instant).lines() }

    var saves: [CardWorkout.Output] {
        outputs.filter {
            switch $0 {
            case .startSession, .saveDraw, .finishSession: true
            default: false
            }
        }
    }

    var fetches: [DeckRequest] {
        outputs.compactMap {
            if case .fetch(let request, _) = $0 { return request }
            return nil
        }
    }
}
