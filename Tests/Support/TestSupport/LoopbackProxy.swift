import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on loopback in front of a server's unix socket (the test PostgreSQL cluster's),
/// for the faults a link between a box and its database server has: it can stop forwarding
/// while keeping every connection open (a stalled link: nothing arrives, nothing fails) and
/// drop every connection (a link that breaks). One thread accepts; two per connection copy.
public final class LoopbackProxy: @unchecked Sendable {
    /// The loopback port it listens on.
    public let port: Int
    private let target: String
    private let listener: Int32
    private let lock = NSLock()
    private var isStalled = false
    private var isClosed = false
    private var sockets: [Int32] = []

    /// Listens on a free loopback port and forwards every connection to the unix socket `target`.
    public init(forwardingTo target: String) throws {
        self.target = target
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ProxyError("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            Glibc.close(descriptor)
            throw ProxyError("bind/listen: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops forwarding: bytes that arrive wait, unread, in the kernel; connections stay open.
    public func stall() { lock.withLock { isStalled = true } }

    /// Forwards again.
    public func resume() { lock.withLock { isStalled = false } }

    /// Closes every connection it carries now (both sides); new ones are accepted as before.
    public func dropConnections() {
        let open = lock.withLock {
            defer { sockets = [] }
            return sockets
        }
        for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    /// Stops listening and drops every connection.
    public func close() {
        lock.withLock { isClosed = true }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        dropConnections()
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in target.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard connected == 0, lock.withLock({ !isClosed }) else {
                Glibc.close(client)
                Glibc.close(server)
                continue
            }
            lock.withLock { sockets += [client, server] }
            Thread.detachNewThread { [self] in copy(from: client, to: server) }
            Thread.detachNewThread { [self] in copy(from: server, to: client) }
        }
    }

    /// Copies bytes until either side closes; while stalled, reads nothing.
    private func copy(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        defer {
            shutdown(source, Int32(SHUT_RDWR))
            shutdown(destination, Int32(SHUT_RDWR))
        }
        while true {
            if lock.withLock({ isStalled }) {
                usleep(20_000)
                if lock.withLock({ !sockets.contains(source) }) { return }
                continue
            }
            var poller = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            if ready == 0 { continue }
            if ready < 0 && errno == EINTR { continue }
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var written = 0
            while written < count {
                let sent = buffer.withUnsafeBytes { bytes in
                    // MSG_NOSIGNAL: a side that closed is an error here, not a SIGPIPE that ends the run.
                    bytes.baseAddress.map { send(destination, $0 + written, count - written, Int32(MSG_NOSIGNAL)) }
                        ?? -1
                }
                guard sent > 0 else { return }
                written += sent
            }
        }
    }

    public struct ProxyError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
