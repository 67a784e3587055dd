import CardDeck
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A Deck of Cards API server on 127.0.0.1 for tests: POSIX sockets and a thread, a port the
/// system picks. It speaks the four endpoints TermFit uses with the real API's JSON (made by the
/// same model as the local deck), answers an unknown deck with 404 and
/// `{"success": false, "error": "Deck ID does not exist."}`, and has switches for what a real
/// server can do wrong: a garbage body, a slow answer, and being down.
public final class LoopbackDeckServer: @unchecked Sendable {
    /// How the server answers.
    public enum Behaviour: Sendable, Equatable {
        /// As the real API.
        case normal
        /// HTTP 200 with a body that is not JSON.
        case garbage
        /// As the real API, after waiting this long.
        case slow(Duration)
    }

    /// The port it listens on.
    public let port: UInt16
    private let listener: Int32
    private let state: Mutex<State>
    private let finished = DispatchSemaphore(value: 0)

    private struct State {
        var behaviour = Behaviour.normal
        var decks: [String: Deck] = [:]
        var random: SeededRandom
        var requests: [String] = []
        var stopped = false
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts a server whose decks are shuffled from `seed`.
    public init(seed: UInt64 = 7) throws {
        let (descriptor, port) = try Self.listen()
        listener = descriptor
        self.port = port
        state = Mutex(State(random: SeededRandom(seed: seed)))
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "loopback-deck-server"
        thread.start()
    }

    deinit { stop() }

    /// Changes how the server answers from the next request on.
    public func setBehaviour(_ behaviour: Behaviour) {
        state.withLock { $0.behaviour = behaviour }
    }

    /// The paths and queries of the requests so far, in order.
    public var requests: [String] { state.withLock { $0.requests } }

    /// A deck the server holds.
    public func deck(_ id: String) -> Deck? { state.withLock { $0.decks[id] } }

    /// Puts a deck on the server (to join with `--deck-id`).
    public func add(_ deck: Deck) { state.withLock { $0.decks[deck.id] = deck } }

    /// Stops listening; the port is closed afterwards ("server down").
    public func stop() {
        let wasRunning = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard wasRunning else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
    }

    /// A port that nothing listens on: bound, then closed.
    public static func closedPort() throws -> UInt16 {
        let (descriptor, port) = try listen()
        close(descriptor)
        return port
    }

    private static func listen() throws -> (Int32, UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ServerError("socket: \(errno)") }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw ServerError("bind/listen: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop() {
        defer { finished.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            request += buffer.prefix(count)
            if request.count > 65_536 { return }
        }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count >= 2 else { return }
        let target = String(parts[1])
        let behaviour = state.withLock { state in
            state.requests.append(target)
            return state.behaviour
        }
        if case .slow(let delay) = behaviour {
            Thread.sleep(
                forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
        }
        let (status, body): (Int, String)
        if behaviour == .garbage {
            (status, body) = (200, "<html><body>502 Bad Gateway, try again later</body></html>")
        } else {
            (status, body) = answer(target)
        }
        let reason = status == 200 ? "OK" : status == 404 ? "Not Found" : "Bad Request"
        let head =
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n"
        let bytes = Array((head + body).utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// The API's answer to `target` (a path with its query).
    private func answer(_ target: String) -> (Int, String) {
        let pieces = target.split(separator: "?", maxSplits: 1)
        let path = pieces.first.map(String.init) ?? ""
        var query: [String: String] = [:]
        for pair in (pieces.count > 1 ? pieces[1] : "").split(separator: "&") {
            let keyValue = pair.split(separator: "=", maxSplits: 1)
            query[String(keyValue[0])] = keyValue.count > 1 ? String(keyValue[1]) : ""
        }
        let segments = path.split(separator: "/").map(String.init)
        guard segments.count >= 3, segments[0] == "api", segments[1] == "deck" else {
            return (404, #"{"success": false, "error": "Not found"}"#)
        }
        let id = segments[2]
        let action = segments.count > 3 ? segments[3] : ""
        return state.withLock { state -> (Int, String) in
            if id == "new" {
                let count = Int(query["deck_count"] ?? "1") ?? 0
                let partial = query["cards"].map { $0.split(separator: ",").map(String.init) }
                do {
                    var deck = try Deck.new(
                        deckCount: count, jokers: query["jokers_enabled"] == "true", partial: partial,
                        using: &state.random)
                    if action == "shuffle" { deck.shuffle(using: &state.random) }
                    state.decks[deck.id] = deck
                    return (200, Self.json(deck.response))
                } catch {
                    return (400, Self.json(DeckResponse(success: false, error: "\(error)")))
                }
            }
            guard var deck = state.decks[id] else { return (404, Self.json(.unknownDeck)) }
            let response: DeckResponse
            switch action {
            case "draw":
                response = deck.drawResponse(Int(query["count"] ?? "1") ?? 1)
            case "shuffle":
                deck.shuffle(remainingOnly: query["remaining"] == "true", using: &state.random)
                response = deck.response
            default:
                response = deck.response
            }
            state.decks[id] = deck
            return (200, Self.json(response))
        }
    }

    private static func json(_ response: DeckResponse) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(response)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// Why the server could not start.
public struct ServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension [UInt8] {
    fileprivate var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        for index in 0...(count - 4)
        where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13 && self[index + 3] == 10 {
            return true
        }
        return false
    }
}
