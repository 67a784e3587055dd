import CCurl
import CardDeck
import Foundation

/// A client of any server that speaks the Deck of Cards API (such as https://deckofcardsapi.com):
/// it sends a ``DeckRequest`` and decodes the answer into the same model the local deck uses, or
/// says why there is none (``DeckServiceError``).
///
/// HTTP goes through the system's libcurl (the engine under Foundation's URLSession on Linux),
/// loaded the first time a request is sent: a TermFit that never uses a remote deck never loads
/// it. Each request blocks a thread of its own, never the run loop nor Swift's cooperative pool.
public struct DeckClient: Sendable {
    /// How long a request may take, from start to last byte, unless told otherwise.
    public static let defaultTimeout = Duration.seconds(5)
    /// The most bytes an answer may have (a draw of a whole deck is about 20 KB).
    public static let bodyLimit = 1 << 20

    /// The server's base address, without a trailing slash, e.g. `https://deckofcardsapi.com`.
    public let baseURL: String
    /// How long a request may take.
    public let timeout: Duration
    /// Refuse to connect to this box, its private networks and link-local addresses (a kiosk's
    /// members must not make it a port scanner of the gym's network), checked on every address
    /// connected to, not on the name.
    public let refusesInternalAddresses: Bool

    /// A client of the server at `baseURL`.
    public init(baseURL: String, timeout: Duration = defaultTimeout, refusesInternalAddresses: Bool = false) {
        var address = baseURL.trimmingCharacters(in: .whitespaces)
        while address.hasSuffix("/") { address.removeLast() }
        self.baseURL = address
        self.timeout = timeout
        self.refusesInternalAddresses = refusesInternalAddresses
    }

    /// The full address of `request`.
    public func url(for request: DeckRequest) -> String { baseURL + request.path }

    /// Sends `request` on a thread of its own and returns the decoded answer.
    public func send(_ request: DeckRequest) async -> Result<DeckResponse, DeckServiceError> {
        await withCheckedContinuation { continuation in
            let client = self
            let thread = Thread { continuation.resume(returning: client.sendBlocking(request)) }
            thread.name = "termfit-deck-client"
            thread.start()
        }
    }

    /// Sends `request` and waits for the answer on the calling thread.
    public func sendBlocking(_ request: DeckRequest) -> Result<DeckResponse, DeckServiceError> {
        let lowered = baseURL.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            return .failure(.unreachable("'\(baseURL)' is not an http:// or https:// address"))
        }
        let milliseconds = max(1, timeout.totalMilliseconds)
        var response = ccurl_get(url(for: request), milliseconds, Self.bodyLimit, refusesInternalAddresses ? 1 : 0)
        defer { ccurl_free(&response) }
        let body = response.body.map { Data(bytes: $0, count: response.length) } ?? Data()
        return Self.interpret(
            code: response.code, message: Self.message(of: response), status: response.status, body: body,
            timeout: timeout)
    }

    /// Turns a transfer's outcome into an answer or a reason.
    static func interpret(
        code: Int32, message: String, status: Int, body: Data, timeout: Duration
    ) -> Result<DeckResponse, DeckServiceError> {
        switch code {
        case Int32(CCURL_OK):
            break
        case Int32(CCURL_OPERATION_TIMEDOUT):
            return .failure(.timedOut(seconds: Double(timeout.totalMilliseconds) / 1000))
        case Int32(CCURL_WRITE_ERROR):
            return .failure(.malformed("the answer is longer than \(bodyLimit / 1024) KiB"))
        default:
            return .failure(.unreachable(message))
        }
        let decoded = try? JSONDecoder().decode(DeckResponse.self, from: body)
        guard (200..<300).contains(status) else {
            if let decoded, let error = decoded.error { return .failure(.refused(error)) }
            return .failure(.status(status))
        }
        guard let decoded else {
            let detail: String
            do {
                _ = try JSONDecoder().decode(DeckResponse.self, from: body)
                detail = "unreadable"
            } catch let error as DecodingError {
                detail = Self.describe(error)
            } catch {
                detail = "\(error)"
            }
            return .failure(.malformed(detail))
        }
        return .success(decoded)
    }

    private static func message(of response: ccurl_response) -> String {
        var copy = response
        return withUnsafeBytes(of: &copy.message) { bytes in
            let text = bytes.prefix { $0 != 0 }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// A short reason for a decoding failure: "not JSON", "no field success".
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : context.debugDescription
        case .keyNotFound(let key, _):
            return "no field \(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "wrong type at \(path.isEmpty ? "the top" : path)"
        @unknown default:
            return "unreadable"
        }
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded up.
    var totalMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
