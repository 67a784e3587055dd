import App
import ArgumentParser
import CardDeck
import DeckClient
import Foundation
import Store

/// `termfit cards`: the card workout straight away; leaving it ends the program.
struct CardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards",
        abstract: "The deck-of-cards workout: each card's suit is an exercise, its rank the reps.",
        discussion: CardWorkout.commandLineHelp + "\n"
            + """
            --deck-api URL draws from a server that speaks the Deck of Cards API (e.g. \
            https://deckofcardsapi.com); --deck-id ID joins a deck on it, so a class can work \
            through one deck from several terminals.
            """)

    @Option(help: ArgumentHelp("flip or deck (default: deck).", valueName: "mode"), transform: CardsCommand.parseMode)
    var mode: CardWorkout.Mode?

    @Option(help: "Shuffle the first deck from this number: the same seed gives everyone the same deck.")
    var seed: UInt64?

    /// `termfit`'s own options: `--deck-api` is read there, for the home menu and this command alike
    /// (declared twice, ArgumentParser would give the value to `termfit`'s).
    @ParentCommand var root: TermFitCommand

    /// The `--deck-api` server.
    var deckAPI: String? { root.deckAPI }

    @Option(name: .customLong("deck-id"), help: ArgumentHelp("Join this deck on the server.", valueName: "id"))
    var deckID: String?

    @Option(
        name: .customLong("cards"),
        help: ArgumentHelp(
            "A partial deck: only these cards, e.g. AS,0H,KD (0 is ten, X1 X2 jokers).", valueName: "codes"),
        transform: CardsCommand.parseCodes)
    var cards: [String]?

    @OptionGroup var interface: InterfaceOptions
    @OptionGroup var data: DataOptions

    func validate() throws {
        if let deckID {
            guard deckAPI != nil else {
                throw ValidationError("--deck-id needs --deck-api, the server that holds the deck.")
            }
            guard !deckID.isEmpty, deckID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw ValidationError("--deck-id takes letters and digits, such as 3p40paa87x90.")
            }
        }
    }

    func run() throws {
        let options = CardDeckOptions(mode: mode, seed: seed, deckServer: deckAPI, deckID: deckID, partial: cards)
        try Interactive.run(interface: interface, data: data, workout: "cards", options: WorkoutOptions(cards: options))
    }

    /// Refuses a `--deck-api` value that is not an http:// or https:// address.
    static func validate(deckAPI: String) throws {
        let lowered = deckAPI.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            throw ValidationError("--deck-api takes an http:// or https:// address, not '\(deckAPI)'.")
        }
    }

    @Sendable static func parseMode(_ text: String) throws -> CardWorkout.Mode {
        guard let mode = CardWorkout.Mode(rawValue: text.lowercased()) else {
            throw ValidationError("'\(text)' is not a mode; use flip or deck.")
        }
        return mode
    }

    @Sendable static func parseCodes(_ text: String) throws -> [String] {
        let codes = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
        guard !codes.isEmpty else { throw ValidationError("--cards needs at least one card code.") }
        for code in codes where PlayingCard(code: code) == nil {
            throw ValidationError("'\(code)' is not a card code; write rank then suit: AS, 0H (ten), KD, X1 (joker).")
        }
        return codes
    }
}

/// The card workout on the home menu (and for `termfit cards`), on the profile's data in
/// `database`, drawing from a Deck of Cards API server through `DeckClient` when one is set.
/// With `refusesInternalAddresses` (a kiosk), the client connects to no address on this box or its
/// private networks.
func cardsEntry(
    database: StoreOpening, options: CardDeckOptions = CardDeckOptions(), refusesInternalAddresses: Bool = false
) -> WorkoutEntry {
    .cards(options: options, openLog: { profile in try database.memberData(named: profile) }) {
        server, request in
        await DeckClient(baseURL: server, refusesInternalAddresses: refusesInternalAddresses).send(request)
    }
}
