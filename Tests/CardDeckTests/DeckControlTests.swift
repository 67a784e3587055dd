import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import CardDeck

/// Deck mode under control: the key-repeat guard, pause, undo, jokers' rests, rules changed
/// mid-deck, the tally, one duration, the share line.
@Suite struct DeckControlTests {
    /// Cards done so far.
    private func doneCount(_ harness: Harness) -> Int { harness.workout.draws.count }

    @Test func holdingEnterForTwoSecondsDoesAtMostAFewCards() {
        var harness = Harness()
        harness.press(.enter)
        for _ in 0..<(2000 / 30) {
            harness.wait(.milliseconds(30))
            harness.press(.enter)
        }
        #expect(doneCount(harness) >= 1)
        #expect(doneCount(harness) <= 4, "a card is not done within half a second of showing")
    }

    @Test func aKeyHeldFromTheLastCardDoesNotSkipTheSummary() {
        var harness = Harness(partial: ["2S"])
        harness.press(.enter)
        harness.wait(.seconds(1))
        harness.press(.enter)
        #expect(harness.workout.summary != nil)
        harness.wait(.milliseconds(30))
        harness.press(.enter)
        #expect(harness.workout.summary != nil, "the summary stays")
        harness.wait(.milliseconds(500))
        harness.press(.enter)
        #expect(harness.workout.phase == .ready, "a deliberate Enter: a new deck")
    }

    @Test func doneIsTakenHalfASecondAfterTheCardShows() {
        var harness = Harness()
        harness.press(.enter)
        harness.wait(.milliseconds(490))
        harness.press(.enter)
        #expect(doneCount(harness) == 0)
        harness.wait(.milliseconds(10))
        harness.press(.enter)
        #expect(doneCount(harness) == 1)
    }

    @Test func pauseStopsTheDeckClockAndEnterResumesWithoutDoingTheCard() {
        var harness = Harness()
        harness.press(.enter)
        let card = harness.workout.current?.card
        harness.wait(.seconds(3))
        harness.press(.character("p"))
        #expect(harness.workout.isPaused)
        #expect(harness.frame().contains { $0.contains("Paused 0:03") })
        harness.wait(.seconds(60))
        #expect(harness.workout.elapsedSeconds(at: harness.now) == 3)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "paused: nothing wakes up")
        harness.press(.enter)
        #expect(!harness.workout.isPaused)
        #expect(harness.workout.current?.card == card, "Enter resumed; the card is not done")
        harness.wait(.seconds(2))
        #expect(harness.workout.elapsedSeconds(at: harness.now) == 5)
        #expect(harness.workout.bindings.action(for: .character("p")) == .pause)
    }

    @Test func eachCardKeepsItsSplitAndTheSplitsAddUpToTheDeckTimeWithPausesLeftOut() throws {
        var harness = Harness(partial: ["2S", "3H", "4S"])
        harness.press(.enter)
        harness.wait(.seconds(4))
        harness.press(.enter)  // 2♠: 4 s
        harness.wait(.seconds(2))
        harness.press(.character("p"))
        harness.wait(.seconds(50))  // paused: not part of 3♥'s split
        harness.press(.enter)
        harness.wait(.seconds(7))
        harness.press(.enter)  // 3♥: 9 s of work
        harness.wait(.seconds(12))
        harness.press(.enter)  // 4♠: 12 s, the last card
        let splits = harness.workout.draws.map(\.seconds)
        #expect(splits == [4, 9, 12])
        let summary = try #require(harness.workout.summary)
        #expect(summary.seconds == 25, "the splits add up to the deck's time")
        #expect(summary.reps.map(\.seconds) == [16, 9], "time per exercise, in the order they came up")
        #expect(harness.frame().contains { $0.contains("Push-ups") && $0.contains("6") && $0.contains("0:16") })
        let saved = harness.saves.compactMap { output -> CardDraw? in
            if case .save(.cardDraw(let draw, _)) = output { return draw }
            return nil
        }
        #expect(saved.map(\.seconds) == [9, 12], "each card is saved with its split")
    }

    @Test func anUndoneCardStartsItsSplitAgain() {
        var harness = Harness(partial: ["2S", "3H", "4S"])
        harness.press(.enter)
        harness.wait(.seconds(5))
        harness.press(.enter)
        harness.wait(.seconds(3))
        harness.press(.character("u"))
        harness.wait(.seconds(2))
        harness.press(.enter)
        #expect(harness.workout.draws.map(\.seconds) == [2], "the card's split counts from when it came back")
    }

    @Test func theClockHoldsUnderTheRulesSheetAnyOtherSheetAndInFlipMode() {
        var harness = Harness()
        harness.press(.enter)
        harness.wait(.seconds(2))
        harness.press(.character("r"))
        harness.wait(.seconds(30))
        harness.press(.escape)
        #expect(harness.workout.elapsedSeconds(at: harness.now) == 2)
        harness.press(.character("?"))
        harness.wait(.seconds(30))
        harness.press(.escape)
        harness.press(.character("q"))
        harness.wait(.seconds(30))
        harness.press(.character("n"))
        #expect(harness.workout.elapsedSeconds(at: harness.now) == 2)
        harness.press(.character("m"))
        harness.wait(.seconds(30))
        harness.press(.character("m"))
        #expect(harness.workout.elapsedSeconds(at: harness.now) == 2)
        harness.wait(.seconds(1))
        #expect(harness.workout.elapsedSeconds(at: harness.now) == 3)
    }

    @Test func undoPutsTheLastCardDoneBackAndRemovesItsSave() {
        var harness = Harness()
        harness.press(.enter)
        let first = harness.workout.current?.card
        harness.wait(.seconds(1))
        harness.press(.enter)
        let second = harness.workout.current?.card
        harness.wait(.seconds(1))
        harness.press(.enter)
        let third = harness.workout.current?.card
        let remaining = harness.workout.remaining
        #expect(doneCount(harness) == 2)
        let undone = harness.press(.character("u"))
        #expect(undone == [.save(.cardDrawDeletion(position: 2, sessionID: harness.workout.sessionID ?? UUID()))])
        #expect(harness.workout.current?.card == second)
        #expect(harness.workout.current?.position == 2)
        #expect(harness.workout.draws.map(\.code) == [first?.code])
        #expect(harness.workout.remaining == (remaining ?? 0) + 1, "the card that showed is back on the deck")
        harness.press(.backspace)
        #expect(harness.workout.current?.card == first, "Backspace undoes too")
        harness.wait(.seconds(1))
        harness.press(.enter)
        #expect(harness.workout.current?.card == second)
        harness.wait(.seconds(1))
        harness.press(.enter)
        #expect(harness.workout.current?.card == third, "the deck goes on in its order")
        #expect(harness.workout.draws.map(\.position) == [1, 2])
    }

    @Test func undoOnAServersDeckDrawsThePutBackCardBeforeAskingAgain() {
        var harness = Harness(server: "http://deck.test")
        harness.press(.enter)
        harness.reply(.success(DeckResponse(deckID: "ab12cd", shuffled: true, remaining: 52)))
        harness.reply(.success(DeckResponse(deckID: "ab12cd", remaining: 51, cards: [PlayingCard(.two, .spades)])))
        harness.wait(.seconds(1))
        harness.press(.enter)
        harness.reply(.success(DeckResponse(deckID: "ab12cd", remaining: 50, cards: [PlayingCard(.three, .hearts)])))
        harness.press(.character("u"))
        #expect(harness.workout.current?.card == PlayingCard(.two, .spades))
        let asked = harness.fetches.count
        harness.wait(.seconds(1))
        harness.press(.enter)
        #expect(harness.workout.current?.card == PlayingCard(.three, .hearts))
        #expect(harness.fetches.count == asked, "the card put back came without asking the server")
    }

    @Test func aServersDeckShowsTheLineAClassTypesToJoinIt() {
        var harness = Harness(server: "http://deck.test")
        #expect(harness.workout.shareLine == nil)
        harness.press(.enter)
        harness.reply(.success(DeckResponse(deckID: "ab12cd", shuffled: true, remaining: 52)))
        harness.reply(.success(DeckResponse(deckID: "ab12cd", remaining: 51, cards: [PlayingCard(.two, .spades)])))
        let line = "Join: termfit cards --deck-id ab12cd --deck-api http://deck.test"
        #expect(harness.frame(Size(width: 100, height: 30)).contains { $0.contains(line) })
        #expect(Harness().workout.shareLine == nil, "TermFit's own deck cannot be joined")
    }

    private func showJoker(_ harness: inout Harness) {
        harness.press(.enter)
        while harness.workout.current?.card.isJoker == false {
            harness.wait(.seconds(1))
            harness.press(.enter)
        }
    }

    @Test func aJokersRestCountsDownAndDoneAsksBeforeEndingItEarly() {
        var harness = Harness(settings: CardSettings(jokers: true), partial: ["2S", "X1", "3S"])
        showJoker(&harness)
        #expect(harness.frame().contains { $0.contains("Rest 2:00") })
        harness.wait(.seconds(10))
        #expect(harness.frame().contains { $0.contains("Rest 1:50") })
        harness.press(.enter)
        #expect(harness.workout.current?.card.isJoker == true, "one Enter does not skip a running rest")
        #expect(harness.workout.notice?.contains("Enter again") == true)
        // A held key does not confirm.
        for _ in 0..<10 {
            harness.wait(.milliseconds(30))
            harness.press(.enter)
        }
        #expect(harness.workout.current?.card.isJoker == true)
        harness.wait(.milliseconds(500))
        harness.press(.enter)
        #expect(harness.workout.current?.card.isJoker != true, "a second, deliberate Enter ends it")
    }

    @Test func enterAfterTheRestEndsGoesOnAndTheTallyHasNoRestRow() {
        var harness = Harness(settings: CardSettings(jokers: true), partial: ["2S", "X1", "3S"])
        showJoker(&harness)
        harness.run(for: .seconds(120))
        #expect(harness.frame().contains { $0.contains("Rest over") })
        harness.press(.enter)
        #expect(harness.workout.current?.card.isJoker != true)
        #expect(!harness.workout.tally.contains { $0.exercise == "Rest" })
        #expect(!harness.frame().contains { $0.contains("★") })
    }

    @Test func renamingAnExerciseMidDeckRenamesTheCardOnScreenWithoutAPhantomRow() {
        var harness = Harness(partial: ["2S", "3S", "4S"])
        harness.press(.enter)
        harness.wait(.seconds(1))
        harness.press(.enter)
        harness.press(.character("r"))
        harness.press(.enter)
        for _ in 0..<10 { harness.press(.backspace) }
        harness.type("Dips")
        harness.press(.enter, .escape)
        #expect(harness.workout.current?.exercise == "Dips")
        #expect(harness.frame().contains { $0.contains("Dips") })
        let names = harness.workout.tally.map(\.exercise)
        #expect(names.count == 4)
        #expect(!names.contains("Push-ups"))
        #expect(harness.workout.notice == nil, "a name applies at once: no 'next deck' notice")
    }

    @Test func theTallyCountsTheCardOnScreenAsLeftUntilItIsDone() {
        var harness = Harness(partial: ["2S", "3S"])
        harness.press(.enter)
        let pushUps = { (harness: Harness) in harness.workout.tally.first { $0.exercise == "Push-ups" } }
        #expect(pushUps(harness)?.done == 0)
        #expect(pushUps(harness)?.left == 5)
        let reps = harness.workout.current?.reps ?? 0
        harness.wait(.seconds(1))
        harness.press(.enter)
        #expect(pushUps(harness)?.done == reps)
        #expect(pushUps(harness)?.left == 5 - reps)
    }

    @Test func theDeckDoneTimeIsTheTimeSavedForTheHistory() {
        var harness = Harness(partial: ["2S"])
        harness.press(.enter)
        harness.wait(.milliseconds(7600))
        harness.press(.enter)
        #expect(harness.workout.summary?.seconds == 7)
        let saved = harness.saves.compactMap { output -> TimeInterval? in
            if case .save(.cardFinish(_, _, _, let duration)) = output { return duration }
            return nil
        }
        #expect(saved == [7])
    }

    @Test func theRulesSayOneRepInTheSingular() {
        let lines = RulesEditor.lines(CardSettings(aceReps: 1))
        #expect(lines.contains { $0.label == "Ace" && $0.value == "1 rep" })
        #expect(RulesEditor.lines(CardSettings(aceReps: 14)).contains { $0.label == "Ace" && $0.value == "14 reps" })
    }
}

/// Flip mode's stops are saved: each card stopped on is a draw of a session of its own.
@Suite struct FlipRecordTests {
    @Test func eachStopIsSavedAndLeavingFinishesTheFlipSession() {
        var harness = Harness(mode: .flip)
        harness.wait(.milliseconds(340))
        let first = harness.workout.flipCard(at: harness.now)
        let stopped = harness.press(.character(" "))
        guard case .save(.cardSession(let session)) = stopped.first else {
            Issue.record("the first stop is not saved: \(stopped)")
            return
        }
        #expect(session.deckID == CardWorkout.flipDeckID)
        #expect(session.draws.map(\.code) == [first?.code])
        harness.press(.character(" "))
        harness.wait(.milliseconds(500))
        let second = harness.workout.flipCard(at: harness.now)
        let again = harness.press(.character(" "))
        guard case .save(.cardDraw(let draw, let id)) = again.first else {
            Issue.record("the second stop is not saved: \(again)")
            return
        }
        #expect(id == session.id)
        #expect(draw.position == 2)
        #expect(draw.code == second?.code)
        let left = harness.press(.character("q"))
        guard case .save(.cardFinish(let finished, .finished, _, _)) = left.first else {
            Issue.record("leaving does not finish the flip session: \(left)")
            return
        }
        #expect(finished == session.id)
        #expect(left.last == .effect(.quit))
        // A flip session is not a deck: no personal best comes of it.
        var ended = session
        ended.status = .finished
        #expect(DeckTimes([ended]).entries.isEmpty)
    }

    @Test func flippingWithoutStoppingSavesNothing() {
        var harness = Harness(mode: .flip)
        harness.run(for: .seconds(3))
        #expect(harness.press(.character("q")) == [.effect(.quit)])
    }
}

/// Pause and undo keep the bindings contract in the states where they work.
@Suite struct DeckControlBindingsTests {
    private static func states() -> [(name: String, harness: Harness)] {
        var oneDone = Harness(partial: ["9H", "3S", "KC"])
        oneDone.press(.enter)
        oneDone.wait(.seconds(2))
        oneDone.press(.enter)
        oneDone.wait(.seconds(2))
        var paused = oneDone
        paused.press(.character("p"))
        var rest = Harness(settings: CardSettings(jokers: true), partial: ["X1"])
        rest.press(.enter)
        rest.wait(.seconds(5))
        return [("a card done, the next up", oneDone), ("paused", paused), ("a joker's rest", rest)]
    }

    private func look(_ harness: Harness) -> String {
        let workout = harness.workout
        return "\(harness.frame())|\(workout.phase)|\(workout.sheets)|\(workout.isPaused)|"
            + "\(String(describing: workout.notice))|\(workout.draws.count)|"
            + "\(String(describing: workout.nextDeadline(after: harness.now)))"
    }

    @Test func everyKeyThatDoesSomethingIsDeclaredAndListed() {
        for (name, harness) in Self.states() {
            let problems = harness.undeclaredKeyEffects(of: harness.workout.bindings, look: look)
            #expect(problems.isEmpty, "\(name): \(problems)")
            var copy = harness
            copy.send(.resize(Size(width: 200, height: 60)))
            copy.press(.character("?"))
            let bindings = copy.workout.bindings(below: copy.workout.sheets.sheets.count - 1)
            let missing = KeyProbe.missingFromSheet(bindings, sheet: copy.frame().joined(separator: "\n"))
            #expect(missing.isEmpty, "\(name): \(missing)")
        }
        let sheet = {
            var copy = Self.states()[0].harness
            copy.send(.resize(Size(width: 200, height: 60)))
            copy.press(.character("?"))
            return copy.frame().joined(separator: "\n")
        }()
        #expect(sheet.contains("u  Backspace"))
        #expect(sheet.contains("pause: the clock and a rest stand still"))
    }
}
