import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The study session: revealing and grading the top card, undoing the last answer, the cards
/// waiting for their learning step, dealing the stack, and how a session begins, ends and is left.
extension FlashcardsWorkout {
    // MARK: Actions

    /// Shows or hides the top card's answer. Shown, a card too long for the window is scrolled
    /// to its answer when the prompt and the answer's first line do not fit together.
    mutating func reveal(at now: Instant) {
        guard acceptsAnswers(at: now) else { return }
        isRevealed.toggle()
        textOffset = 0
        guard isRevealed, let card = topCard else { return }
        let text = CardText(card: card, revealed: true, inside: layout.cardInside)
        if text.promptRows + 2 > text.textRows { textOffset = min(text.maxOffset, text.promptRows + 1) }
    }

    /// Grades the top card; the answer is saved at once (with the session before the first one).
    /// In a study session FSRS schedules the card: one still in its learning steps waits for its
    /// step and comes back if that falls within the time left. In a cram session Again puts the
    /// card under the stack and no due date moves.
    mutating func answer(
        _ grade: ReviewGrade, from offset: Int, at now: Instant, into outputs: inout [Output]
    ) {
        guard acceptsAnswers(at: now), let card = topCard, var session, let deck else { return }
        guard isRevealed else {
            note = "Show the answer first: Space, then grade it"
            return
        }
        let before = Answered(
            reviewID: UUID(), sessionID: session.id, card: card, grade: grade, memory: schedule.cards[card.id],
            stack: stack, waiting: waiting, correctCount: correctCount, wrongCount: wrongCount, timer: timer)
        stack.removeFirst()
        textOffset = 0
        if grade.isRecalled { correctCount += 1 } else { wrongCount += 1 }
        isRevealed = false
        drag = nil
        let date = session.date(at: now)
        let isCram = mode == .cram
        let review = FlashcardReview(
            id: makeIdentifier(), cardID: card.id, grade: grade, reviewedAt: date, isCram: isCram)
        if !session.isInLog {
            session.isInLog = true
            outputs.append(
                .save(
                    .flashcardSession(
                        FlashcardSession(
                            id: session.id, deckID: deck.id, deckName: deck.name, startedAt: session.startedOn))))
        }
        self.session = session
        outputs.append(.save(.flashcardReview(review, sessionID: session.id)))
        lastAnswer = before
        lastAnswer?.reviewID = review.id
        if isCram {
            if grade == .again { stack.append(card) }
        } else {
            schedule.record(grade, card: card.id, at: date)
            let memory = schedule[card.id]
            // A learning card can come back while the session lasts: at its step, or up to the
            // learn-ahead sooner once nothing else is left.
            let endsOn = date.addingTimeInterval(Double(secondsLeft(at: now)) + schedule.day.learnAhead)
            if memory.isLearning, let due = memory.due, due <= endsOn {
                waiting.append(Waiting(card: card, due: due))
                waiting.sort { $0.due < $1.due }
            }
        }
        motion = display.reducesMotion ? nil : Motion(kind: .away(card, grade, from: offset), startedAt: now)
        bringBackWaiting(at: now)
        if stack.isEmpty && waiting.isEmpty {
            timer.stop(at: now)
            end(at: now, into: &outputs)
        }
    }

    /// What undoing the last answer puts back: the card, the stack and the score before it, the
    /// card's memory and the timer; and which saved review to remove.
    struct Answered: Hashable, Sendable {
        var reviewID: UUID
        var sessionID: UUID
        var card: Flashcard
        var grade: ReviewGrade
        var memory: CardMemory?
        var stack: [Flashcard]
        var waiting: [Waiting]
        var correctCount: Int
        var wrongCount: Int
        var timer: PausableTimer
    }

    /// Whether `u` takes back the last answer at `now`: there is one in this session and the
    /// session's time is not up (the key works on the cards, under no sheet).
    public func canUndo(at now: Instant) -> Bool {
        guard let lastAnswer, let session, session.id == lastAnswer.sessionID else { return false }
        return !lastAnswer.timer.isUp(at: now)
    }

    /// Takes back the last answer: its saved review is removed, the card is on top again with its
    /// answer shown, to be graded again, and the score, the stack and the card's schedule are as
    /// they were. A session the answer ended is open again (saved as in progress).
    mutating func undoAnswer(at now: Instant, into outputs: inout [Output]) {
        guard canUndo(at: now), let last = lastAnswer, var session, let deck else {
            note = lastAnswer == nil ? "No answer to undo" : "Time is up: the answers stay"
            return
        }
        if session.isFinished {
            session.isFinished = false
            outputs.append(
                .save(
                    .flashcardSession(
                        FlashcardSession(
                            id: session.id, deckID: deck.id, deckName: deck.name, startedAt: session.startedOn))))
        }
        self.session = session
        outputs.append(.save(.flashcardReviewDeletion(last.reviewID, sessionID: last.sessionID)))
        stack = last.stack
        waiting = last.waiting
        correctCount = last.correctCount
        wrongCount = last.wrongCount
        schedule.restore(last.memory, of: last.card.id)
        timer = last.timer
        timer.release(.unfocused, at: now)
        isRevealed = true
        textOffset = 0
        drag = nil
        motion = nil
        lastAnswer = nil
        note =
            "Took back \(last.grade.rawValue.capitalized) on “\(last.card.prompt.truncated(toWidth: 24))”: grade it again"
    }

    /// Puts the waiting cards whose step is due at `now` into the stack, after the top card (the
    /// one on screen does not change under the member), or on top of an empty stack; with the
    /// stack empty, the soonest comes at once if its step is within the learn-ahead (Anki's
    /// learn-ahead limit).
    mutating func bringBackWaiting(at now: Instant) {
        guard let session, !session.isFinished else { return }
        let date = session.date(at: now)
        var ready = waiting.prefix { $0.due <= date }
        if ready.isEmpty, stack.isEmpty, let first = waiting.first,
            first.due <= date.addingTimeInterval(schedule.day.learnAhead)
        {
            ready = waiting.prefix(1)
        }
        guard !ready.isEmpty else { return }
        waiting.removeFirst(ready.count)
        stack.insert(contentsOf: ready.map(\.card), at: stack.isEmpty ? 0 : 1)
    }

    /// When the next waiting card comes back, if one does.
    public var nextWaitingCard: Instant? {
        guard let session, let first = waiting.first else { return nil }
        return session.instant(at: first.due)
    }

    /// What Start Again begins: a study session when cards are due (or new ones are left for
    /// today), else a cram session of the whole deck.
    public var nextMode: Mode {
        guard let deck else { return .study }
        let date = wallClock()
        let cards = DeckTree.cards(of: deck, in: decks)
        let hasDue = schedule.dueCount(of: cards, at: date) > 0
        let hasNew =
            schedule.newCount(of: cards) > 0 && schedule.introducedCount(of: cards, on: date) < study.newCardsPerDay
        return hasDue || hasNew ? .study : .cram
    }

    /// Deals the deck again and starts a new study session with a full timer.
    mutating func startAgain(at now: Instant) {
        startAgain(as: .study, at: now)
    }

    /// Deals the deck again for a session in `mode` with a full timer.
    mutating func startAgain(as mode: Mode, at now: Instant) {
        self.mode = mode
        fillStack(at: now)
        session = nil
        lastAnswer = nil
        motion = nil
        if cardCount > 0 { beginSession(at: now) }
    }

    /// The study queue of `deck` at `date`.
    mutating func queue(of deck: FlashcardDeck, at date: Date) -> StudyQueue {
        var random = study.random
        defer { study.random = random }
        return StudyQueue(
            DeckTree.cards(of: deck, in: decks), schedule: schedule, at: date, newCardsPerDay: study.newCardsPerDay,
            random: &random)
    }

    /// The stack for a new session: the study queue, or in a cram session the whole deck
    /// (shuffled as the study queue is).
    mutating func fillStack(at now: Instant = .zero) {
        if let deck {
            switch mode {
            case .study:
                let queue = self.queue(of: deck, at: wallClock())
                stack = queue.cards
                newCount = queue.new.count
            case .cram:
                stack = studiedCards
                if var random = study.random {
                    stack.shuffle(using: &random)
                    study.random = random
                }
                newCount = 0
            }
        } else {
            stack = []
            newCount = 0
        }
        waiting = []
        cardCount = stack.count
        correctCount = 0
        wrongCount = 0
        isRevealed = false
        textOffset = 0
        drag = nil
        let holds = timer.holds
        timer = PausableTimer(length: timer.length)
        timer.hold(holds, at: now)
    }

    /// Starts the timer and a session record (saved with its first answer).
    mutating func beginSession(at now: Instant) {
        timer.start(at: now)
        session = Session(id: makeIdentifier(), startedAt: now, startedOn: wallClock())
    }

    /// Marks a session that was saved and is not over as abandoned.
    mutating func abandon(at now: Instant, into outputs: inout [Output]) {
        close(as: .abandoned, at: now, into: &outputs)
    }

    /// Ends a session that was saved and is not over with `status`.
    mutating func close(as status: SessionStatus, at now: Instant, into outputs: inout [Output]) {
        guard let session, session.isInLog, !session.isFinished else { return }
        outputs.append(.save(.flashcardFinish(sessionID: session.id, status: status, at: session.date(at: now))))
        self.session?.isFinished = true
    }

    /// What leaving now would lose, or `nil` when nothing is: a session with an answer saved that
    /// is not over (leaving marks it abandoned). A session is not asked about before its first
    /// answer: its timer starts by itself when the screen opens, and nothing of it is saved yet.
    public func leaveQuestion(at now: Instant) -> String? {
        guard let session, session.isInLog, !session.isFinished, !isOver(at: now) else { return nil }
        return "The session is saved as abandoned (\(correctCount) recalled, \(wrongCount) again, "
            + "\(stack.count + waiting.count) left)."
    }

    /// The question on screen (Leave, Delete deck, Discard card), if one is.
    public var pendingQuestion: String? { pendingConfirmation?.question }

    /// The question on screen itself, so the too-small notice shows its own labels ("y Delete ·
    /// n Keep") and the run loop holds back keys that came with the key that asked it.
    public var pendingConfirmation: ConfirmSheet? {
        switch sheet {
        case .leave(let question), .deleteDeck(let question, _), .discardDraft(let question): return question
        default: return nil
        }
    }

    /// Leaves the workout; a session under way is marked abandoned.
    mutating func leave(at now: Instant, into outputs: inout [Output]) {
        abandon(at: now, into: &outputs)
        outputs.append(.effect(.quit))
    }

}
