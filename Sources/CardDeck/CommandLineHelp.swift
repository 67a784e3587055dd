/// What `termfit cards --help` says about the workout's keys: a test holds it to the
/// bindings (every key it names does something, every key on the help bar is named).
extension CardWorkout {
    public static let commandLineHelp = """
        Deck mode (the default) deals a shuffled deck one card at a time: Enter marks a card done \
        and draws the next; your time to the last card is the score. Flip mode flips cards at \
        10 Hz until Space stops on one. r opens the rules (kept for the profile): type to find \
        one, Enter edits it or takes its next choice, ← → change it; in a rule's field the \
        first key typed replaces the name, Enter or Tab keeps it, Esc puts it back. \
        u takes back the last card done, p pauses the clock, m switches between deck and flip \
        mode, l goes on with TermFit's own deck when the deck server fails, ? lists every key. \
        q leaves; with a deck under way it asks first. Every card done is saved at once.
        """
}
