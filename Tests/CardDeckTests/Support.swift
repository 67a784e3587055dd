import Foundation
import Records
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import CardDeck

/// A card workout driven by a test clock (TestSupport's `WorkoutDriver`).
typealias Harness = WorkoutDriver<CardWorkout>

extension WorkoutDriver where Model == CardWorkout {
    init(
        settings: CardSettings = CardSettings(), mode: CardWorkout.Mode = .deck, seed: UInt64 = 42,
        server: String? = nil, deckID: String? = nil, partial: [String]? = nil, reducesMotion: Bool = false,
        usesColor: Bool = true, size: Size = Size(width: 80, height: 24), locksDeckServer: Bool = false
    ) {
        let identifiers = Identifiers()
        self.init(
            CardWorkout(
                settings: settings,
                options: .init(
                    mode: mode, seed: seed, deckServer: server, deckID: deckID, partial: partial,
                    reducesMotion: reducesMotion, usesColor: usesColor, locksDeckServer: locksDeckServer),
                wallClock: { testDate }, makeIdentifier: { identifiers.make() }),
            size: size)
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

    var saves: [CardWorkout.Output] {
        outputs.filter { if case .save = $0 { true } else { false } }
    }

    var fetches: [DeckRequest] {
        outputs.compactMap {
            if case .fetch(let request, _) = $0 { return request }
            return nil
        }
    }
}
