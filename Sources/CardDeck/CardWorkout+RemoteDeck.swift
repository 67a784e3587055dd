import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the cards come from: TermFit's own shuffled deck, or a Deck of Cards API server asked
/// through the host (its answers come back as messages), and going on locally when it fails.
extension CardWorkout {
    /// Where the cards come from.
    public enum Source: Hashable, Sendable {
        /// TermFit's own deck.
        case local(Deck)
        /// A Deck of Cards API server; `deckID` once it has given (or been given) a deck.
        case remote(server: String, deckID: String?, remaining: Int?)
    }

    /// A fresh source: a shuffled local deck, or a server deck still to be asked for (or joined).
    mutating func newSource(joining deckID: String? = nil) -> Source {
        if let server = settings.deckServer {
            return .remote(server: server, deckID: deckID, remaining: nil)
        }
        return .local(localDeck())
    }

    mutating func localDeck() -> Deck {
        var random = SeededRandom(seed: seed)
        seed = SeededRandom.mix(seed &+ 0x5EED)
        let deck = try? Deck.shuffledNew(
            deckCount: settings.deckCount, jokers: settings.jokers, partial: options.partial, using: &random)
        return deck ?? Deck(id: "", cards: [])
    }

    mutating func send(_ request: DeckRequest, at now: Instant, into outputs: inout [Output]) {
        requestCount += 1
        phase = .waiting(request, number: requestCount, since: now)
        outputs.append(.fetch(request, number: requestCount))
    }

    mutating func receive(_ reply: DeckReply, at now: Instant, into outputs: inout [Output]) {
        guard case .waiting(let request, let number, _) = phase, number == reply.requestNumber,
            reply.request == request
        else { return }
        guard case .remote(let server, let knownID, _) = source else { return }
        let response: DeckResponse
        switch reply.result {
        case .failure(let error):
            phase = .failed(error, request: request)
            return
        case .success(let answer):
            response = answer
        }
        let deckID = response.deckID ?? knownID
        source = .remote(server: server, deckID: deckID, remaining: response.remaining)
        switch request {
        case .newShuffled, .info, .shuffle:
            guard response.success, let deckID else {
                phase = .failed(.refused(response.error ?? "no deck"), request: request)
                return
            }
            guard (response.remaining ?? 0) > 0 else {
                phase = .failed(.refused("deck \(deckID) has no cards left"), request: request)
                return
            }
            send(.draw(deckID: deckID, count: 1), at: now, into: &outputs)
        case .draw:
            if let card = response.cards?.first {
                show(card, at: now)
            } else if session?.draws.isEmpty == false {
                // The deck ran out (another terminal may have drawn the last card).
                finish(at: now, into: &outputs)
            } else {
                phase = .failed(.refused(response.error ?? "no card came back"), request: request)
            }
        }
    }

    /// `l` after a server failure: the rest of the work on a local deck. The cards done already
    /// are taken out of it, so none comes twice.
    mutating func continueLocally(at now: Instant, into outputs: inout [Output]) {
        settings.deckServer = nil
        var deck = localDeck()
        var cards = deck.pile
        for draw in draws {
            if let index = cards.firstIndex(where: { $0.code == draw.code }) { cards.remove(at: index) }
        }
        deck = Deck(id: deck.id, cards: cards, shuffled: true)
        source = .local(deck)
        if var session {
            session.source = .local
            self.session = session
        }
        notice = "Going on with TermFit's own deck"
        drawNext(at: now, into: &outputs)
    }
}
