import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import CardDeck

/// Flip mode: 10 Hz flips as deadlines, Stop and Start, reduced motion.
@Suite struct FlipModeTests {
    @Test func cardsFlipEvery100MillisecondsOnTheSceneClock() {
        var harness = Harness(mode: .flip)
        let start = harness.now
        #expect(harness.workout.isFlipping)
        var seen: [PlayingCard] = []
        for step in 1...20 {
            harness.waitForDeadline()
            #expect(harness.now == start + .milliseconds(100 * step))
            if let card = harness.workout.flipCard(at: harness.now) { seen.append(card) }
        }
        #expect(Set(seen).count > 10, "a random card each time")
        // A late wake-up does not slow the flips down: the next one is still on the 100 ms grid.
        harness.wait(.milliseconds(250))
        #expect(harness.workout.nextDeadline(after: harness.now) == start + .milliseconds(2300))
    }

    @Test func stopFreezesTheCardAndRevealsItsExerciseAndStartResumes() {
        var harness = Harness(mode: .flip)
        harness.wait(.milliseconds(730))
        let shown = harness.workout.flipCard(at: harness.now)
        #expect(harness.frame().contains { $0.contains("Stop to see your exercise") })
        harness.press(.character(" "))
        #expect(!harness.workout.isFlipping)
        #expect(harness.workout.flip == .stopped(shown ?? .blackJoker))
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "stopped: nothing wakes up")
        let card = shown ?? .blackJoker
        let (exercise, reps) = harness.workout.settings.task(for: card)
        #expect(harness.frame().contains { $0.trimmingCharacters(in: .whitespaces) == "\(exercise) × \(reps)" })
        harness.wait(.seconds(30))
        #expect(harness.workout.flipCard(at: harness.now) == card)
        harness.press(.enter)
        #expect(harness.workout.isFlipping)
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .milliseconds(100))
    }

    @Test func reducedMotionShowsTheNextCardWithoutFlipping() {
        var harness = Harness(mode: .flip, reducesMotion: true)
        #expect(!harness.workout.isFlipping)
        let first = harness.workout.flipCard(at: harness.now)
        #expect(first != nil)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        var cards: Set<PlayingCard> = []
        for _ in 0..<10 {
            harness.press(.character(" "))
            #expect(!harness.workout.isFlipping)
            #expect(harness.workout.nextDeadline(after: harness.now) == nil)
            if let card = harness.workout.flipCard(at: harness.now) { cards.insert(card) }
        }
        #expect(cards.count > 5)
    }

    @Test func theFlipsCoverTheWholeDeckWithJokersWhenTheyAreOn() {
        let harness = Harness(settings: CardSettings(jokers: true), mode: .flip)
        let cards = Set((0..<2000).map { harness.workout.flipCard(seed: 5, frame: $0) })
        #expect(cards.count == 54)
    }

    @Test func switchingModesStopsTheFlipsAndKeepsTheDeck() {
        var harness = Harness(mode: .flip)
        harness.press(.character("m"))
        #expect(harness.workout.mode == .deck)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        harness.press(.enter)
        let card = harness.workout.current?.card
        harness.press(.character("m"))
        #expect(harness.workout.isFlipping)
        harness.press(.character("m"))
        #expect(harness.workout.current?.card == card, "the deck waits where it was")
    }
}

/// Deck mode: a whole deck to the last card, the clock, saves, settings.
@Suite struct DeckModeTests {
    @Test func aPartialDeckToTheLastCardAndTheSummary() throws {
        var harness = Harness(partial: ["AS", "7H", "KD"])
        #expect(harness.workout.phase == .ready)
        #expect(harness.workout.remaining == 3)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "waiting for Enter: no clock yet")
        harness.press(.enter)
        let start = harness.now
        let first = try #require(harness.workout.current)
        #expect(first.position == 1)
        #expect(harness.workout.nextDeadline(after: harness.now) == start + .seconds(1))
        harness.wait(.milliseconds(1500))
        #expect(harness.workout.nextDeadline(after: harness.now) == start + .seconds(2), "ticks on whole seconds")
        harness.press(.enter)
        harness.wait(.seconds(20))
        harness.press(.enter)
        harness.wait(.seconds(30))
        #expect(harness.workout.remaining == 0)
        harness.press(.enter)
        guard case .finished(let summary) = harness.workout.phase else {
            Issue.record("no summary: \(harness.workout.phase)")
            return
        }
        #expect(summary.cards == 3)
        #expect(summary.seconds == 51)
        let totalReps = summary.reps.map(\.reps).reduce(0, +)
        #expect(totalReps == 28)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "the clock stopped with the deck")
        let saves = harness.saves
        #expect(saves.count == 4)
        guard case .save(.cardSession(let session)) = saves.first else {
            Issue.record("the first save is not the session")
            return
        }
        #expect(session.draws.count == 1)
        #expect(session.deckSource == .local)
        #expect(session.startedAt == testDate)
        guard case .save(.cardFinish(let id, .finished, _, let duration)) = saves.last else {
            Issue.record("the last save is not the finish")
            return
        }
        #expect(id == session.id)
        #expect(duration == 51, "the whole seconds the summary shows")
        let codes = saves.compactMap { output -> String? in
            if case .save(.cardDraw(let draw, _)) = output { return draw.code }
            return nil
        }
        #expect(([session.draws[0].code] + codes).sorted() == ["7H", "AS", "KD"])
        #expect(harness.frame().contains { $0.contains("3 cards · 28 reps · your time") })
        // Enter: a new deck, ready to draw.
        harness.wait(.seconds(1))
        harness.press(.enter)
        #expect(harness.workout.phase == .ready)
        #expect(harness.workout.remaining == 3)
    }

    @Test func repsFollowTheRules() {
        let tens = CardSettings()
        #expect(tens.reps(for: PlayingCard(.king, .clubs)) == 10)
        #expect(tens.reps(for: PlayingCard(.ace, .clubs)) == 11)
        #expect(tens.reps(for: PlayingCard(.seven, .clubs)) == 7)
        let ranked = CardSettings(faceCards: .ranked, aceReps: 14, jokerSpecial: .burpees)
        #expect(ranked.reps(for: PlayingCard(.jack, .hearts)) == 11)
        #expect(ranked.reps(for: PlayingCard(.queen, .hearts)) == 12)
        #expect(ranked.reps(for: PlayingCard(.king, .hearts)) == 13)
        #expect(ranked.reps(for: PlayingCard(.ace, .hearts)) == 14)
        #expect(ranked.task(for: .redJoker) == ("Burpees", 15))
        #expect(CardSettings().task(for: .blackJoker) == ("Rest", 0))
        #expect(CardSettings(aceReps: 5).aceReps == 11, "only 1, 11 or 14")
        #expect(CardSettings(deckCount: 99).deckCount == 20)
        #expect(CardSettings().exercise(for: .spades) == "Push-ups")
    }

    @Test func repsDoneAndLeftPerExercise() {
        var harness = Harness(partial: ["2S", "3S", "4H"])
        #expect(harness.workout.tally.first { $0.exercise == "Push-ups" }?.left == 5)
        harness.press(.enter)
        let first = harness.workout.current
        harness.wait(.seconds(1))
        harness.press(.enter)
        let tally = harness.workout.tally
        let exercise = first?.exercise ?? ""
        #expect(tally.first { $0.exercise == exercise }?.done == first?.reps)
        let left = tally.compactMap(\.left).reduce(0, +)
        let done = tally.map(\.done).reduce(0, +)
        #expect(left + done == 9, "the card on screen counts as left")
    }

    @Test func leavingMidDeckMarksItAbandonedAndTerminateCutsItOff() {
        var harness = Harness()
        harness.press(.enter)
        harness.wait(.seconds(5))
        harness.press(.enter)
        harness.wait(.seconds(3))
        harness.send(.terminate)
        guard case .save(.cardSession(let updated)) = harness.outputs.last else {
            Issue.record("terminate did not bring the session up to date")
            return
        }
        #expect(updated.status == .cutOff)
        #expect(updated.activeDuration == 8)
        #expect(updated.draws.count == 1)

        var leaving = Harness()
        leaving.press(.enter)
        leaving.wait(.seconds(4))
        leaving.press(.enter)
        #expect(leaving.press(.character("q")).isEmpty, "asks first")
        let effects = leaving.press(.character("y"))
        #expect(effects.contains(.effect(.quit)))
        guard case .save(.cardFinish(_, .abandoned, _, let duration)) = effects.first else {
            Issue.record("q did not mark the session abandoned")
            return
        }
        #expect(duration == 4)

        var untouched = Harness()
        untouched.press(.enter)
        #expect(untouched.press(.escape).isEmpty, "a card is up: asks first")
        #expect(untouched.press(.enter) == [.effect(.quit)], "no card done: nothing to save")
    }

    @Test func timeSuspendedDoesNotCount() {
        var harness = Harness()
        harness.press(.enter)
        harness.wait(.seconds(2))
        harness.send(.suspend)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        harness.now = harness.now + .seconds(600)
        harness.send(.resume)
        harness.wait(.seconds(1))
        #expect(harness.workout.elapsedSeconds(at: harness.now) == 3)
        // The clock wakes on its own whole seconds, counted from the first card less the suspension.
        harness.wait(.milliseconds(300))
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .milliseconds(700))
    }

    @Test func aJokersRestStandsStillWhileSuspended() {
        var harness = Harness(partial: ["X1"])
        harness.press(.enter)
        harness.wait(.seconds(30))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == CardSettings.jokerRestSeconds - 30)
        harness.send(.suspend)
        harness.now = harness.now + .seconds(600)
        harness.send(.resume)
        #expect(harness.workout.restSecondsLeft(at: harness.now) == CardSettings.jokerRestSeconds - 30)
        #expect(!harness.outputs.contains(.effect(.bell)))
    }

    @Test func aJokersRestCountsDownOnTheClockAndRingsOnce() {
        var harness = Harness(partial: ["X1"])
        harness.press(.enter)
        #expect(harness.workout.current?.isRest == true)
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 120)
        #expect(harness.frame().contains { $0.contains("Rest 2:00") })
        var bells = 0
        for _ in 0..<125 {
            harness.waitForDeadline()
            bells += harness.outputs.filter { $0 == .effect(.bell) }.count
            harness.outputs.removeAll()
        }
        #expect(bells == 1)
        #expect(harness.frame().contains { $0.contains("Rest over") })
    }

    @Test func keysAtTheWrongMomentChangeNothing() {
        var harness = Harness()
        harness.press(.character("l"), .character("x"), .backspace, .delete, .function(5))
        #expect(harness.workout.phase == .ready)
        #expect(harness.saves.isEmpty)
        harness.send(.paste("hello"))
        harness.send(.message(Message("something else")))
        #expect(harness.workout.phase == .ready)
        for size in [Size(width: 1, height: 1), Size(width: 10, height: 3), Size(width: 0, height: 0)] {
            harness.send(.resize(size))
            _ = harness.frame()
        }
    }

    @Test func theRulesSheetEditsAndKeepsEveryRule() {
        var harness = Harness()
        harness.press(.character("r"))
        #expect(harness.frame().contains { $0.contains("Rules") })
        // ♠: rename.
        harness.press(.enter)
        for _ in 0..<10 { harness.press(.backspace) }
        harness.type("Dips")
        let renamed = harness.press(.enter)
        #expect(harness.workout.settings.exercise(for: .spades) == "Dips")
        #expect(renamed == [.saveSettings(harness.workout.settings)])
        // Esc while typing keeps the old name.
        harness.press(.down, .enter)
        harness.type("Nope")
        #expect(harness.press(.escape).isEmpty)
        #expect(harness.workout.settings.exercise(for: .hearts) == "Sit-ups")
        // J Q K, ace, jokers, joker special, decks.
        harness.press(.down, .down, .down, .right)
        #expect(harness.workout.settings.faceCards == .ranked)
        harness.press(.down, .right)
        #expect(harness.workout.settings.aceReps == 14)
        harness.press(.left, .left)
        #expect(harness.workout.settings.aceReps == 1)
        harness.press(.down, .enter)
        #expect(harness.workout.settings.jokers)
        #expect(harness.workout.remaining == 54, "a deck not started is dealt again")
        harness.press(.down, .right)
        #expect(harness.workout.settings.jokerSpecial == .burpees)
        harness.press(.down, .right, .right)
        #expect(harness.workout.settings.deckCount == 3)
        harness.press(.left, .left, .left, .left)
        #expect(harness.workout.settings.deckCount == 1, "never below one deck")
        #expect(harness.workout.remaining == 54)
        harness.press(.escape)
        #expect(harness.workout.sheet == nil)
        let kept = harness.outputs.filter { if case .saveSettings = $0 { true } else { false } }
        #expect(kept.count == 11)
    }

    @Test func rulesChangedMidDeckApplyToTheNextDeck() {
        var harness = Harness()
        harness.press(.enter)
        harness.press(.character("r"))
        for _ in 0..<6 { harness.press(.down) }
        harness.press(.enter)
        #expect(harness.workout.settings.jokers)
        #expect(harness.workout.remaining == 51, "the deck under way is kept")
        #expect(harness.workout.notice == "Decks and jokers apply from the next deck")
    }

    @Test func theKeysSheetOpensAndOnlyItsDeclaredKeysCloseIt() {
        var harness = Harness()
        harness.press(.character("?"))
        #expect(harness.workout.sheets.isShowingKeys)
        harness.press(.character("z"))
        #expect(harness.workout.sheets.isShowingKeys, "a key the sheet does not declare does nothing")
        harness.press(.escape)
        #expect(!harness.workout.sheets.coversScreen)
        #expect(harness.workout.phase == .ready)
    }

    @Test func inAKioskTheDeckServerRuleShowsTheOperatorsServerAndCannotBeEdited() {
        var harness = Harness(server: "https://deck.example", size: Size(width: 100, height: 40), locksDeckServer: true)
        harness.press(.character("r"))
        harness.type("deck f")
        #expect(harness.frame().contains { $0.contains("Deck from") && $0.contains("https://deck.example (locked)") })
        harness.press(.enter, .character("x"), .enter, .left, .right)
        guard case .rules(let editor) = harness.workout.sheet else {
            Issue.record("the rules should still be open")
            return
        }
        #expect(editor.field == nil, "no field opened")
        #expect(harness.workout.settings.deckServer == "https://deck.example")
        #expect(!harness.outputs.contains { if case .saveSettings = $0 { true } else { false } })
        // Without the lock the same keys open the field.
        var open = Harness(server: "https://deck.example", size: Size(width: 100, height: 40))
        open.press(.character("r"))
        open.type("deck f")
        open.press(.enter)
        if case .rules(let editor) = open.workout.sheet { #expect(editor.field != nil) }
    }

    @Test func theKeysSheetOverTheRulesListsTheRulesKeysAndEscClosesOnlyIt() {
        var harness = Harness(size: Size(width: 100, height: 40))
        harness.press(.character("r"), .function(1))
        #expect(harness.workout.sheets.sheets.count == 1 && harness.workout.sheets.isShowingKeys)
        #expect(harness.frame().joined().contains("move through the list"))
        harness.press(.escape)
        #expect(harness.workout.sheets.sheets.count == 1 && !harness.workout.sheets.isShowingKeys)
        if case .rules = harness.workout.sheet {} else { Issue.record("the rules should be open") }
        harness.press(.escape)
        #expect(harness.workout.sheet == nil)
    }

    @Test func aClickOnTheCardOrTheButtonDoesWhatEnterDoes() {
        var harness = Harness()
        let layout = harness.workout.layout
        harness.send(.mouse(MouseEvent(.release, at: Point(x: layout.card.x + 2, y: layout.card.y + 2))))
        #expect(harness.workout.current != nil)
        harness.wait(.seconds(1))
        harness.send(.mouse(MouseEvent(.release, at: harness.workout.layout.button.origin)))
        #expect(harness.workout.draws.count == 1)
        harness.send(.mouse(MouseEvent(.press, at: harness.workout.layout.button.origin)))
        #expect(harness.workout.draws.count == 1, "a press alone does nothing")
    }
}

/// Deck mode on a Deck of Cards API server: requests as outputs, answers as messages.
@Suite struct RemoteDeckTests {
    private let card = PlayingCard(.nine, .clubs)

    @Test func aNewDeckThenADrawThenDone() {
        var harness = Harness(server: "http://deck.test")
        #expect(harness.workout.remaining == nil)
        harness.press(.enter)
        #expect(harness.fetches == [.newShuffled(deckCount: 1, jokers: false, partial: nil)])
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .milliseconds(100), "spinner")
        harness.reply(.success(DeckResponse(deckID: "abcdefabcdef", shuffled: true, remaining: 52)))
        #expect(harness.fetches.last == .draw(deckID: "abcdefabcdef", count: 1))
        harness.reply(.success(DeckResponse(deckID: "abcdefabcdef", remaining: 51, cards: [card])))
        #expect(harness.workout.current?.card == card)
        #expect(harness.workout.current?.reps == 9)
        harness.wait(.seconds(1))
        harness.press(.enter)
        guard case .save(.cardSession(let session)) = harness.saves.first else {
            Issue.record("not saved")
            return
        }
        #expect(session.deckID == "abcdefabcdef")
        #expect(session.deckSource == .server("http://deck.test"))
        #expect(harness.fetches.last == .draw(deckID: "abcdefabcdef", count: 1))
    }

    @Test func joiningADeckAsksForItFirst() {
        var harness = Harness(server: "http://deck.test", deckID: "shared123456")
        harness.press(.enter)
        #expect(harness.fetches == [.info(deckID: "shared123456")])
        harness.reply(.success(DeckResponse(deckID: "shared123456", shuffled: true, remaining: 0)))
        guard case .failed(.refused(let message), _) = harness.workout.phase else {
            Issue.record("an empty deck is not refused: \(harness.workout.phase)")
            return
        }
        #expect(message == "deck shared123456 has no cards left")
    }

    @Test(arguments: [
        DeckServiceError.timedOut(seconds: 5), .unreachable("Connection refused"), .refused("Deck ID does not exist."),
        .malformed("not JSON"),
    ])
    func anErrorShowsWithRetryAndTheOwnDeck(error: DeckServiceError) {
        var harness = Harness(server: "http://deck.test")
        harness.press(.enter)
        harness.reply(.failure(error))
        #expect(
            harness.workout.phase == .failed(error, request: .newShuffled(deckCount: 1, jokers: false, partial: nil)))
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        let text = harness.frame().joined(separator: "\n")
        #expect(text.contains("Enter tries again"))
        #expect(harness.frame()[23].hasPrefix("Enter Retry  l Own deck  q Back"))
        harness.press(.enter)
        #expect(harness.fetches.count == 2, "retried")
        #expect(harness.fetches[0] == harness.fetches[1])
        harness.reply(.failure(error))
        harness.press(.character("l"))
        #expect(harness.workout.current != nil, "a card from TermFit's own deck")
        #expect(harness.workout.remaining == 51)
        if case .local = harness.workout.source {} else { Issue.record("still remote") }
    }

    @Test func aLateAnswerToAnOldRequestIsIgnored() {
        var harness = Harness(server: "http://deck.test")
        harness.press(.enter)
        guard case .waiting(let request, let number, _) = harness.workout.phase else {
            Issue.record("the workout is not waiting for the server: \(harness.workout.phase)")
            return
        }
        harness.reply(.failure(.timedOut(seconds: 5)))
        harness.press(.enter)
        let late = DeckReply(
            requestNumber: number, request: request,
            result: .success(DeckResponse(deckID: "zzzzzzzzzzzz", shuffled: true, remaining: 52)))
        harness.send(.message(Message(DeckReply.messageName, payload: late)))
        #expect(harness.fetches.count == 2, "the old answer started nothing")
    }

    @Test func theDeckRunningOutOnTheServerEndsTheSession() {
        var harness = Harness(server: "http://deck.test")
        harness.press(.enter)
        harness.reply(.success(DeckResponse(deckID: "abcdefabcdef", shuffled: true, remaining: 52)))
        harness.reply(.success(DeckResponse(deckID: "abcdefabcdef", remaining: 1, cards: [card])))
        harness.wait(.seconds(1))
        harness.press(.enter)
        // Another terminal drew the last card meanwhile.
        harness.reply(
            .success(
                DeckResponse(
                    success: false, deckID: "abcdefabcdef", remaining: 0, cards: [],
                    error: "Not enough cards remaining to draw 1 additional")))
        guard case .finished(let summary) = harness.workout.phase else {
            Issue.record("not finished: \(harness.workout.phase)")
            return
        }
        #expect(summary.cards == 1)
    }

    @Test func waitingWithReducedMotionHasNoSpinner() {
        var harness = Harness(server: "http://deck.test", reducesMotion: true)
        harness.press(.enter)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        #expect(harness.frame().contains { $0.contains("… Asking the deck server") })
    }
}
