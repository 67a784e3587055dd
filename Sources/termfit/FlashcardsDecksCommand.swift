import ArgumentParser
import Flashcards
import Foundation
import Records
import Store

/// `termfit flashcards decks`: one deck a line, tab-separated under a header row.
struct FlashcardsDecksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decks",
        abstract: "List the decks: name, notes, cards and cards due now, tab-separated under a header row.",
        discussion: """
            A nested deck (Parent::Child) follows its parent, and a parent counts its children's \
            cards too, as Anki's deck list does. Due counts cards whose review or learning step is \
            due now (a learning step within 20 minutes counts), under the profile's scheduling \
            settings (retention, maximum interval, the hour the day starts); new cards are not due.
            Exit status: 0 success, 1 error, 3 database problem.
            """)

    @OptionGroup var data: DataOptions

    func run() throws {
        try withMemberData(data) { profile in
            if let counting = profile as? any CountsFlashcards {
                // Counted by the store: no card is read, only the answered cards' decks.
                let (reviews, deckOfCard) = try counting.answeredFlashcards()
                let schedule = ReviewSchedule(reviews: reviews, settings: try profile.settings())
                let text = try DeckCounts(try counting.flashcardDeckCounts(countingNotes: true)).table(
                    deckOfCard: deckOfCard, schedule: schedule, at: Date(), notes: counting.flashcardNoteCount(inDecks:)
                )
                FileHandle.standardOutput.write(Data(TerminalText.sanitized(text, keepingLineBreaks: true).utf8))
                return
            }
            let decks = try profile.decks()
            let reviews = try profile.flashcardReviews(ofCards: decks.flatMap(\.cards).map(\.id))
            // Due as the workout has it: the profile's retention, maximum interval and day.
            let schedule = ReviewSchedule(reviews: reviews, settings: try profile.settings())
            let text = DeckTree(decks).table(schedule: schedule, at: Date())
            FileHandle.standardOutput.write(Data(TerminalText.sanitized(text, keepingLineBreaks: true).utf8))
        }
    }
}
