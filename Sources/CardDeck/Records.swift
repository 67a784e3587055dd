import Foundation
import Records

/// The times of the decks done before, by rule set: what the screen shows as the personal best and
/// the last deck's time while a deck is under way.
///
/// A rule set is what each card asks for: the set of "card, exercise, reps" of every card a deck
/// holds and how many cards it has. A finished deck's draws hold every card of it, so the rule set
/// is read back from the draws, and no rule set needs storing: two decks done under the same rules
/// (the same exercises, reps, jokers, decks and partial deck) compare, any other do not.
public struct DeckTimes: Hashable, Sendable {
    /// One finished deck: its rule set, its time in whole seconds, when it ended.
    struct Entry: Hashable, Sendable {
        var rules: Set<String>
        var seconds: Int
        var finishedAt: Date
    }

    /// Oldest first; a deck finished in this run is the newest.
    private(set) var entries: [Entry] = []

    /// The finished decks among `sessions` (others, and flip mode's stops, are left out).
    public init(_ sessions: [CardSession] = []) {
        for session in sessions
        where session.status == .finished && !session.draws.isEmpty && session.deckID != CardWorkout.flipDeckID {
            let rules = Self.rules(
                session.draws.map { (code: $0.code, exercise: $0.exercise, reps: $0.reps) })
            entries.append(
                Entry(
                    rules: rules, seconds: Int(session.activeDuration),
                    finishedAt: session.finishedAt ?? session.startedAt))
        }
        entries.sort { $0.finishedAt < $1.finishedAt }
    }

    /// The rule set of a deck of these cards.
    static func rules(_ cards: [(code: String, exercise: String, reps: Int)]) -> Set<String> {
        Set(cards.map { "\($0.code)|\($0.exercise)|\($0.reps)" } + ["cards=\(cards.count)"])
    }

    /// Adds a deck just finished: the newest.
    mutating func add(rules: Set<String>, seconds: Int, finishedAt: Date) {
        entries.append(Entry(rules: rules, seconds: seconds, finishedAt: finishedAt))
    }

    /// The fastest deck under `rules`, in whole seconds.
    func best(for rules: Set<String>) -> Int? {
        entries.filter { $0.rules == rules }.map(\.seconds).min()
    }

    /// The time of the most recent deck under `rules`.
    func last(for rules: Set<String>) -> Int? {
        entries.last { $0.rules == rules }?.seconds
    }
}
