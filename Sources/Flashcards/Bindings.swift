import Records
import TermUI

/// What a key, a click on the help bar or a button asks the flashcard workout to do.
public enum FlashcardsAction: Hashable, Sendable {
    // The cards.
    /// Show or hide the top card's answer.
    case reveal
    /// Grade the top card: Again, Hard, Good or Easy.
    case grade(ReviewGrade)
    /// Deal the deck again with a full clock (once the session is over).
    case startAgain
    /// Open the editor of the deck's cards.
    case edit
    /// Open the list of decks.
    case chooseDeck
    /// A cram session of the whole deck (no due date moves), or studying again.
    case toggleCram
    /// Open the keys sheet for the screen or sheet below it.
    case showKeys
    /// A key of the keys sheet, which the sheet stack scrolls or closes it with (listed so the
    /// help bar shows its hints).
    case keysSheet(Key)
    /// Leave the workout (asking first with a session under way).
    case leave
    /// Take back the last answer (its saved review is removed).
    case undoAnswer
    /// Scroll the top card's text by this many rows.
    case scrollCard(Int)
    /// Open the scheduling sheet (desired retention, maximum interval, when a day begins).
    case openScheduling
    /// Change the chosen setting of the scheduling sheet by this many steps.
    case adjust(Int)

    // Any sheet.
    /// Close the sheet on top.
    case close
    /// Move the list of the sheet on top by this many rows (a page is `pageRows`).
    case move(Int)
    /// The first or the last row of the sheet's list.
    case first, last

    // The editor.
    /// The next field (prompt → answer → list → prompt), or the one before.
    case nextField, previousField
    /// ↑ or ↓ in a field: between the fields and the list.
    case fieldUp, fieldDown
    /// Enter: in the prompt to the answer, in the answer adds the card; in the list back to the prompt.
    case submit
    /// A key typed into the focused field or editing it (a letter, ← →, Backspace, …).
    case type(Key)
    /// Esc in the editor: puts back the field's value; with nothing to put back, Done.
    case cancelCard
    /// Done (its button, or Esc with nothing to put back): closes the editor, asking first when a
    /// card being written would be dropped.
    case done
    /// The answer to that question: drop the card and close, or keep writing.
    case discardDraft, keepDraft
    /// Delete the highlighted card.
    case deleteCard

    // The decks list.
    /// A key for the list picker of decks (typing filters, ↑↓ move, Enter opens, Esc closes).
    case pickDeck(Key)

    // The leave question.
    /// Leave (the session is saved as abandoned).
    case confirmLeave
    /// Stay with everything as it was.
    case stay

    // Managing decks and editing cards.
    /// Name a new deck (in the decks list).
    case newDeck
    /// Rename the highlighted deck.
    case renameDeck
    /// Ask to delete the highlighted deck.
    case deleteDeck
    /// Delete the deck asked about.
    case confirmDeleteDeck
    /// Keep the deck asked about.
    case keepDeck
    /// Put the card deleted last back (in the editor).
    case undoDelete
    /// Load the highlighted card into the fields to change it.
    case editCard

    /// Rows a page key moves.
    static let pageRows = 8
}

/// The flashcard workout's keys, per state: key handling, the help bar, the keys sheet and clicks
/// on the bar all come from these tables.
enum FlashcardsBindings {
    static func keys(_ first: Key, _ more: Key...) -> [Key] { [first] + more }

    private static func character(_ text: String) -> [Key] { text.map { Key.character($0) } }

    /// The main screen: the stack, the end of a session, or an empty deck. The grades take a card
    /// only once its answer shows: before, the bar offers Space and a grade key says to show it.
    static func main(
        hasCard: Bool, isOver: Bool, isRevealed: Bool, mode: FlashcardsWorkout.Mode, showsAnswerButtons: Bool,
        canUndo: Bool = false, scrolls: Bool = false
    ) -> KeyBindings<FlashcardsAction> {
        let answering = hasCard && !isOver
        let cram = mode == .cram
        let grading = answering && isRevealed
        let once = isRevealed ? "" : " (once the answer shows)"
        return KeyBindings([
            KeyBinding(
                [.character(" "), .enter], isRevealed ? "Hide" : "Show answer", group: "Card", bar: 1,
                meaning: "show or hide the answer (a click on the card too)", enabled: answering, action: .reveal),
            KeyBinding(
                [.left, .character("h"), .character("1")], "Again", group: "Card", bar: grading ? 2 : nil,
                listing: "←  h  1",
                meaning: "forgotten: "
                    + (cram ? "the card goes to the bottom" : "it comes back after a minute (its learning step)")
                    + " (or \(showsAnswerButtons ? "the ✗ Again button" : "drag it left"))" + once,
                enabled: answering, action: .grade(.again)),
            KeyBinding(
                [.character("2")], "Hard", group: "Card", meaning: "recalled with effort: a shorter interval" + once,
                enabled: answering, action: .grade(.hard)),
            KeyBinding(
                [.right, .character("l"), .character("3")], "Good", group: "Card", bar: grading ? 3 : nil,
                listing: "→  l  3",
                meaning:
                    "recalled: the card leaves the stack (or \(showsAnswerButtons ? "the ✓ Good button" : "drag it right"))"
                    + once,
                enabled: answering, action: .grade(.good)),
            KeyBinding(
                [.character("4")], "Easy", group: "Card", meaning: "recalled at once: a longer interval" + once,
                enabled: answering, action: .grade(.easy)),
            KeyBinding(
                [.up, .down, .pageUp, .pageDown], "Scroll", group: "Card", bar: 4, display: "↑↓",
                listing: "↑ ↓  PgUp PgDn", meaning: "scroll a card longer than the window (the mouse wheel too)",
                enabled: answering && scrolls
            ) { key in
                switch key {
                case .up: return .scrollCard(-1)
                case .down: return .scrollCard(1)
                case .pageUp: return .scrollCard(-FlashcardsAction.pageRows)
                default: return .scrollCard(FlashcardsAction.pageRows)
                }
            },
            KeyBinding(
                [.character("u")], "Undo", group: "Card", bar: 5,
                meaning: "take back the last answer (its saved review is removed)",
                enabled: canUndo, action: .undoAnswer),
            KeyBinding(
                [.enter, .character(" "), .character("r")], "Start Again", group: "Card", bar: 1,
                meaning: "a new session with a full clock: the cards due, or a cram of the whole deck when none is",
                enabled: isOver, action: .startAgain),
            KeyBinding(
                [.character("e"), .character("+")], "Edit", group: "Deck", bar: 6,
                meaning: "add and delete cards (a click on [ + ] too)", action: .edit),
            KeyBinding(
                [.character("d")], "Decks", group: "Deck", bar: 7, meaning: "choose another deck", action: .chooseDeck),
            KeyBinding(
                [.character("c")], cram ? "Study" : "Cram", group: "Deck", bar: 8,
                meaning: cram
                    ? "study again: the cards due and today's new ones"
                    : "cram: every card of the deck, no due date moves",
                action: .toggleCram),
            KeyBinding(
                [.character("o")], "Scheduling", group: "Deck",
                meaning: "desired retention, maximum interval and the hour a day begins", action: .openScheduling),
            KeyBinding(
                [.character("?"), .function(1)], "Keys", group: "Workout", bar: 9, meaning: "every key",
                action: .showKeys),
            KeyBinding(
                [.character("q"), .escape], "Back", group: "Workout", bar: 10,
                meaning: "leave the workout (with answers given and time left, it asks first)", action: .leave),
        ])
    }

    /// Moving through a list of `noun`s: ↑↓ (and j k) a row, PgUp PgDn a page, Home End the ends.
    private static func moving(
        through noun: String, group: String, bar: Int, meaning: String
    ) -> [KeyBinding<FlashcardsAction>] {
        [
            KeyBinding(
                [.up, .down, .character("k"), .character("j")], "Choose", group: group, bar: bar, display: "↑↓",
                listing: "↑ ↓  j k", meaning: meaning
            ) { key in [.up, .character("k")].contains(key) ? .move(-1) : .move(1) },
            KeyBinding([.pageUp, .pageDown], "Page", group: group, listing: "PgUp PgDn", meaning: "a page up or down") {
                key in key == .pageUp ? .move(-FlashcardsAction.pageRows) : .move(FlashcardsAction.pageRows)
            },
            KeyBinding([.home], "First", group: group, meaning: "the first \(noun)", action: .first),
            KeyBinding([.end], "Last", group: group, meaning: "the last \(noun)", action: .last),
        ]
    }

    /// The editor, by where its keys go.
    static func editor(_ editor: CardEditor) -> KeyBindings<FlashcardsAction> {
        let escape = editor.canPutBack ? "Put back" : "Done"
        let escapeMeaning =
            editor.canPutBack
            ? "put back the field's value from before you typed (nothing is saved); Esc again: Done"
            : "close (a card being written asks first; a changed deck starts a new session)"
        let escapeBinding = KeyBinding<FlashcardsAction>(
            [.escape], escape, group: "Editor", bar: 2, meaning: escapeMeaning, action: .cancelCard)
        func tabBinding(_ label: String, _ meaning: String) -> KeyBinding<FlashcardsAction> {
            KeyBinding([.tab, .backTab], label, group: "Editor", bar: 3, listing: "Tab  Shift-Tab", meaning: meaning) {
                key in key == .tab ? .nextField : .previousField
            }
        }
        if editor.focus == .list {
            return KeyBindings(
                [
                    KeyBinding(
                        [.delete, .backspace, .character("x")], "Delete card", group: "Cards", bar: 1,
                        meaning: "delete the highlighted card", action: .deleteCard),
                    escapeBinding, tabBinding("Fields", "the prompt and answer fields"),
                    KeyBinding(
                        [.enter, .character("e")], "Change", group: "Cards", bar: 6,
                        meaning: "change the highlighted card's prompt and answer in the fields", action: .editCard),
                    KeyBinding(
                        [.character("u")], "Undo", group: "Cards", bar: 7,
                        meaning: "put back the card deleted last (until the editor closes or another change)",
                        enabled: editor.undoable != nil, action: .undoDelete),
                    KeyBinding(
                        [.character("?"), .function(1)], "Keys", group: "Editor", bar: 5, meaning: "every key",
                        action: .showKeys),
                ]
                    + moving(
                        through: "card", group: "Cards", bar: 4,
                        meaning: "move through the cards (↑ on the first: the answer field)"))
        }
        return KeyBindings([
            KeyBinding(
                [.enter],
                editor.focus == .prompt && editor.answer.text.isEmpty ? "Next" : editor.editing == nil ? "Add" : "Save",
                group: "Editor", bar: 1,
                meaning:
                    "in the prompt: on to the answer; in the answer: add the card, or save the one being changed "
                    + "(the Add button too)",
                action: .submit),
            escapeBinding, tabBinding("Next field", "the next field (prompt, answer, the list), or the one before"),
            KeyBinding(
                [.up, .down], "Fields", group: "Editor", display: "↑↓", listing: "↑ ↓",
                meaning: "between the prompt, the answer and the list"
            ) { key in key == .up ? .fieldUp : .fieldDown },
            KeyBinding(
                TextField.printableKeys + TextField.editingKeys, "Type", group: "Field", listing: "a-z 0-9 …",
                meaning: "type (any letter); ← → Home End move, Backspace Delete erase, Ctrl-U Ctrl-K cut"
            ) { key in .type(key) },
            KeyBinding([.function(1)], "Keys", group: "Editor", bar: 4, meaning: "every key", action: .showKeys),
        ])
    }

    /// The question before the editor closes over a card being written.
    static var discardDraftQuestion: KeyBindings<FlashcardsAction> {
        KeyBindings(
            ConfirmSheet.bindings(
                group: "Discard card?", confirm: "Discard", .discardDraft,
                meaning: "close the editor; the card being written is dropped",
                cancel: "Keep", .keepDraft, meaning: "back to the card, as it was"))
    }

    /// The leave question.
    static var leaveQuestion: KeyBindings<FlashcardsAction> {
        KeyBindings(
            ConfirmSheet.bindings(
                group: "Leave?", confirm: "Leave", .confirmLeave, meaning: "leave; the session is saved as abandoned",
                cancel: "Stay", .stay, meaning: "stay with everything as it was"))
    }
}
