import CardDeck
import Foundation
import LoopbackDeckServer
import Testing

@testable import DeckClient

/// The client against a real HTTP server on loopback that speaks the Deck of Cards API: every
/// request goes through libcurl and a socket, nothing is mocked.
@Suite struct DeckClientTests {
    /// A short time limit for tests of slow servers, so none waits the real 5 s.
    static let shortTimeout = Duration.milliseconds(400)

    @Test func aNewShuffledDeck() async throws {
        let server = try LoopbackDeckServer()
        let client = DeckClient(baseURL: server.baseURL + "/")
        let result = await client.send(.newShuffled(deckCount: 2, jokers: true, partial: nil))
        let response = try result.get()
        #expect(response.success)
        #expect(response.shuffled == true)
        #expect(response.remaining == 108)
        let id = try #require(response.deckID)
        #expect(id.count == 12)
        #expect(server.deck(id)?.remaining == 108)
        #expect(server.requests == ["/api/deck/new/shuffle/?deck_count=2&jokers_enabled=true"])
    }

    @Test func drawsComeBackAsCardsAndTheDeckCanBeLookedUpAndReshuffled() async throws {
        let server = try LoopbackDeckServer()
        let client = DeckClient(baseURL: server.baseURL)
        let id = try #require(
            try await client.send(.newShuffled(deckCount: 1, jokers: false, partial: nil)).get().deckID)
        let drawn = try await client.send(.draw(deckID: id, count: 3)).get()
        #expect(drawn.cards?.count == 3)
        #expect(drawn.remaining == 49)
        #expect(drawn.cards == server.deck(id)?.drawn)
        let info = try await client.send(.info(deckID: id)).get()
        #expect(info.remaining == 49)
        let reshuffled = try await client.send(.shuffle(deckID: id, remainingOnly: true)).get()
        #expect(reshuffled.remaining == 49)
        let whole = try await client.send(.shuffle(deckID: id, remainingOnly: false)).get()
        #expect(whole.remaining == 52)
    }

    @Test func drawingPastTheEndGivesTheLastCardsAndTheAPIsError() async throws {
        let server = try LoopbackDeckServer()
        let client = DeckClient(baseURL: server.baseURL)
        let id = try #require(
            try await client.send(.newShuffled(deckCount: 1, jokers: false, partial: ["AS", "2S"])).get().deckID)
        let past = try await client.send(.draw(deckID: id, count: 5)).get()
        #expect(!past.success)
        #expect(past.cards?.count == 2)
        #expect(past.remaining == 0)
        #expect(past.error == "Not enough cards remaining to draw 5 additional")
    }

    @Test func anUnknownDeckIsTheServersOwnMessage() async throws {
        let server = try LoopbackDeckServer()
        let result = await DeckClient(baseURL: server.baseURL).send(.draw(deckID: "nosuchdeck00", count: 1))
        #expect(result == .failure(.refused("Deck ID does not exist.")))
        #expect(
            result.failureDescription == "The deck server says: Deck ID does not exist.")
    }

    @Test func aServerThatIsDownIsUnreachable() async throws {
        let port = try LoopbackDeckServer.closedPort()
        let result = await DeckClient(baseURL: "http://127.0.0.1:\(port)").send(.info(deckID: "abc"))
        guard case .failure(.unreachable(let reason)) = result else {
            Issue.record("not unreachable: \(result)")
            return
        }
        #expect(!reason.isEmpty)
        // A server that stops between two requests.
        let server = try LoopbackDeckServer()
        let client = DeckClient(baseURL: server.baseURL)
        #expect((try? await client.send(.newShuffled(deckCount: 1, jokers: false, partial: nil)).get()) != nil)
        server.stop()
        guard case .failure(.unreachable) = await client.send(.info(deckID: "abc")) else {
            Issue.record("a stopped server still answered")
            return
        }
    }

    @Test func aGarbageBodyIsMalformed() async throws {
        let server = try LoopbackDeckServer()
        server.setBehaviour(.garbage)
        let result = await DeckClient(baseURL: server.baseURL).send(
            .newShuffled(deckCount: 1, jokers: false, partial: nil))
        #expect(result == .failure(.malformed("not JSON")))
        #expect(result.failureDescription == "The deck server's answer is not Deck of Cards JSON (not JSON).")
    }

    @Test func aSlowServerTimesOut() async throws {
        let server = try LoopbackDeckServer()
        server.setBehaviour(.slow(.seconds(3)))
        let client = DeckClient(baseURL: server.baseURL, timeout: Self.shortTimeout)
        let result = await client.send(.newShuffled(deckCount: 1, jokers: false, partial: nil))
        #expect(result == .failure(.timedOut(seconds: 0.4)))
        #expect(result.failureDescription == "The deck server did not answer within 0.4 s.")
        // A slow server that answers within the limit is fine.
        server.setBehaviour(.slow(.milliseconds(50)))
        let patient = DeckClient(baseURL: server.baseURL, timeout: .seconds(5))
        #expect((try? await patient.send(.newShuffled(deckCount: 1, jokers: false, partial: nil)).get()) != nil)
    }

    @Test func theTimeLimitIsFiveSecondsUnlessToldOtherwise() {
        #expect(DeckClient.defaultTimeout == .seconds(5))
        #expect(DeckClient(baseURL: "https://deckofcardsapi.com").timeout == .seconds(5))
        #expect(
            DeckServiceError.timedOut(seconds: 5).description == "The deck server did not answer within 5 s.")
    }

    @Test func onlyHTTPAndHTTPSAddressesAreTried() async {
        for address in ["ftp://127.0.0.1/", "file:///etc/passwd", "deckofcardsapi.com"] {
            guard case .failure(.unreachable) = await DeckClient(baseURL: address).send(.info(deckID: "abc")) else {
                Issue.record("\(address) was tried")
                continue
            }
        }
        #expect(
            DeckClient(baseURL: "https://deckofcardsapi.com/").url(for: .draw(deckID: "abc", count: 1))
                == "https://deckofcardsapi.com/api/deck/abc/draw/?count=1")
    }

    @Test func statusesWithoutTheAPIsJSONAreReportedAsSuch() {
        let answer = DeckClient.interpret(
            code: 0, message: "", status: 503, body: Data("busy".utf8), timeout: .seconds(5))
        #expect(answer == .failure(.status(503)))
        let noSuccessField = DeckClient.interpret(
            code: 0, message: "", status: 200, body: Data(#"{"deck_id": "x"}"#.utf8), timeout: .seconds(5))
        #expect(noSuccessField == .failure(.malformed("no field success")))
    }
}

extension Result where Failure == DeckServiceError {
    fileprivate var failureDescription: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
