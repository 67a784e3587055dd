/// What `termfit flashcards --help` says about the workout's keys: a test holds it to the
/// bindings (every key it names does something, every key on the help bar is named).
extension FlashcardsWorkout {
    public static let commandLineHelp = """
        Space (or Enter) shows the answer; once it shows, grade it: 1 Again, 2 Hard, 3 Good, \
        4 Easy; ← (or h) is Again and → (or l) is Good, or drag the card with the mouse to swipe \
        it. u takes back the last answer (its saved review is removed). ↑ ↓, PgUp PgDn and the \
        mouse wheel scroll a card longer than the window. e edits the deck's cards, d lists the \
        decks (type to filter, Enter opens one; Ctrl-N new, Ctrl-R rename, Ctrl-X delete), c crams the whole deck, ? lists every key, q leaves. Each answer is saved \
        at once. A new profile starts with a deck about muscles and training; \
        'termfit flashcards import FILE --deck NAME' adds your own.
        """
}
