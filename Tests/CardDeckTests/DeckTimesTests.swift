import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import CardDeck

/// The personal best per rule set and the last deck's time, shown while a deck is under way.
@Suite struct DeckTimesTests {
    /// A finished deck of `codes` under `settings`, `seconds` long, ending at `end` seconds past the test date.
    private func session(
        _ codes: [String], settings: CardSettings = CardSettings(), seconds: Int, end: Double,
        status: SessionStatus = .finished
    ) -> CardSession {
        let draws = codes.enumerated().compactMap { index, code -> CardDraw? in
            guard let card = PlayingCard(code: code) else { return nil }
            let (exercise, reps) = settings.task(for: card)
            return CardDraw(position: index + 1, code: code, exercise: exercise, reps: reps, drawnAt: testDate)
        }
        return CardSession(
            deckID: "d", deckSource: .local, startedAt: testDate, finishedAt: testDate.addingTimeInterval(end),
            status: status, activeDuration: TimeInterval(seconds), draws: draws)
    }

    private func harness(_ sessions: [CardSession], settings: CardSettings = CardSettings()) -> Harness {
        let identifiers = Identifiers()
        return Harness(
            CardWorkout(
                settings: settings, options: .init(seed: 42, partial: ["2S", "3H"]), wallClock: { testDate },
                makeIdentifier: { identifiers.make() }, times: DeckTimes(sessions)))
    }

    @Test func theBestAndTheLastDeckUnderTheSameRulesShowWhileYouWork() {
        var harness = harness([
            session(["3H", "2S"], seconds: 80, end: 100),
            session(["2S", "3H"], seconds: 70, end: 50),
            // Other rules, another partial deck, an abandoned deck: none of them compares.
            session(["2S", "3H"], settings: CardSettings(exercises: [.spades: "Dips"]), seconds: 10, end: 200),
            session(["2S"], seconds: 5, end: 300),
            session(["2S", "3H"], seconds: 3, end: 400, status: .abandoned),
        ])
        #expect(harness.workout.personalBest == 70)
        #expect(harness.workout.lastDeckSeconds == 80)
        harness.press(.enter)
        #expect(harness.frame()[0].contains("Best 1:10 · Last 1:20"))
        // A faster deck becomes the best and the last.
        harness.wait(.seconds(30))
        harness.press(.enter)
        harness.wait(.seconds(1))
        harness.press(.enter)
        #expect(harness.workout.summary?.seconds == 31)
        #expect(harness.workout.personalBest == 31)
        #expect(harness.workout.lastDeckSeconds == 31)
    }

    @Test func changingTheRulesComparesWithDecksUnderTheNewRules() {
        let dips = CardSettings(exercises: [.spades: "Dips"])
        let harness = harness([session(["2S", "3H"], settings: dips, seconds: 42, end: 10)])
        #expect(harness.workout.personalBest == nil)
        #expect(!harness.frame()[0].contains("Best"))
        let withDips = self.harness([session(["2S", "3H"], settings: dips, seconds: 42, end: 10)], settings: dips)
        #expect(withDips.workout.personalBest == 42)
    }
}
