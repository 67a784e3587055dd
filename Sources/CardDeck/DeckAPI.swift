/// A response of the Deck of Cards API, with its field names: `success`, `deck_id`, `shuffled`,
/// `remaining`, `cards` and `error`. Every endpoint answers with some of these:
///
/// ```json
/// {"success": true, "deck_id": "3p40paa87x90", "shuffled": true, "remaining": 52}
/// {"success": true, "deck_id": "kxozasf3edqu", "cards": [{"code": "6H", "value": "6", "suit": "HEARTS"}], "remaining": 51}
/// {"success": false, "error": "Deck ID does not exist."}
/// ```
///
/// Fields TermFit does not use (a card's `image` and `images`) are ignored when decoding.
public struct DeckResponse: Codable, Hashable, Sendable {
    /// Whether the request did what it asked.
    public var success: Bool
    /// The deck's identifier.
    public var deckID: String?
    /// Whether the deck is shuffled (new decks and shuffles).
    public var shuffled: Bool?
    /// Cards left to draw.
    public var remaining: Int?
    /// The cards drawn (draws only).
    public var cards: [PlayingCard]?
    /// Why the request failed, when `success` is false.
    public var error: String?

    /// A response; see the properties.
    public init(
        success: Bool = true, deckID: String? = nil, shuffled: Bool? = nil, remaining: Int? = nil,
        cards: [PlayingCard]? = nil, error: String? = nil
    ) {
        self.success = success
        self.deckID = deckID
        self.shuffled = shuffled
        self.remaining = remaining
        self.cards = cards
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case success
        case deckID = "deck_id"
        case shuffled, remaining, cards, error
    }

    /// What the API says for an identifier it does not know (with HTTP status 404).
    public static let unknownDeck = DeckResponse(success: false, error: "Deck ID does not exist.")
}

extension Deck {
    /// The deck as the API describes it after creating, shuffling or looking it up.
    public var response: DeckResponse {
        DeckResponse(success: true, deckID: id, shuffled: shuffled, remaining: remaining)
    }

    /// What the API answers to a draw of `count` cards, after drawing them from this deck.
    public mutating func drawResponse(_ count: Int) -> DeckResponse {
        let (cards, error) = draw(count)
        return DeckResponse(
            success: error == nil, deckID: id, remaining: remaining, cards: cards, error: error?.description)
    }
}

/// A request to a Deck of Cards API server, as the workout asks for it; the host sends it.
public enum DeckRequest: Hashable, Sendable {
    /// `GET /api/deck/new/shuffle/?deck_count=N[&jokers_enabled=true][&cards=…]`
    case newShuffled(deckCount: Int, jokers: Bool, partial: [String]?)
    /// `GET /api/deck/{id}/draw/?count=N`
    case draw(deckID: String, count: Int)
    /// `GET /api/deck/{id}/shuffle/[?remaining=true]`
    case shuffle(deckID: String, remainingOnly: Bool)
    /// `GET /api/deck/{id}/`
    case info(deckID: String)

    /// The path and query after the server's base address, e.g. `/api/deck/abc/draw/?count=1`.
    public var path: String {
        switch self {
        case .newShuffled(let count, let jokers, let partial):
            var query = "deck_count=\(count)"
            if jokers { query += "&jokers_enabled=true" }
            if let partial { query += "&cards=" + partial.joined(separator: ",") }
            return "/api/deck/new/shuffle/?" + query
        case .draw(let id, let count):
            return "/api/deck/\(Self.escaped(id))/draw/?count=\(count)"
        case .shuffle(let id, let remainingOnly):
            return "/api/deck/\(Self.escaped(id))/shuffle/" + (remainingOnly ? "?remaining=true" : "")
        case .info(let id):
            return "/api/deck/\(Self.escaped(id))/"
        }
    }

    /// A deck identifier as a path segment: letters and digits pass, anything else is
    /// percent-encoded, so a typed identifier can never leave its segment.
    static func escaped(_ id: String) -> String {
        var result = ""
        for byte in id.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}

/// Why a request to a deck server gave no usable answer, for the screen to show.
public enum DeckServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No answer within the time limit.
    case timedOut(seconds: Double)
    /// The server could not be reached (refused, no route, no such host).
    case unreachable(String)
    /// The server answered `success: false` (a 404 for an unknown deck, say) with this message.
    case refused(String)
    /// The answer was not the API's JSON.
    case malformed(String)
    /// An HTTP status other than success, without the API's JSON.
    case status(Int)

    public var description: String {
        switch self {
        case .timedOut(let seconds):
            "The deck server did not answer within \(Self.seconds(seconds))."
        case .unreachable(let reason): "Cannot reach the deck server: \(reason)"
        case .refused(let message): "The deck server says: \(message)"
        case .malformed(let detail): "The deck server's answer is not Deck of Cards JSON (\(detail))."
        case .status(let code): "The deck server answered with HTTP status \(code)."
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// What came back for a request: sent to the workout as an `Event.message` named
/// ``DeckReply/messageName``.
public struct DeckReply: Hashable, Sendable {
    /// The name of the message that carries a reply.
    public static let messageName = "cards.deckReply"

    /// Which request this answers (the workout ignores answers to requests it no longer waits for).
    public var requestNumber: Int
    /// The request.
    public var request: DeckRequest
    /// The decoded answer, or why there is none.
    public var result: Result<DeckResponse, DeckServiceError>

    /// A reply to request `requestNumber`.
    public init(requestNumber: Int, request: DeckRequest, result: Result<DeckResponse, DeckServiceError>) {
        self.requestNumber = requestNumber
        self.request = request
        self.result = result
    }
}
