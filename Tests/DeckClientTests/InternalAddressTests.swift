import CCurl
import CardDeck
import Foundation
import LoopbackDeckServer
import Testing

@testable import DeckClient

#if canImport(Glibc)
    import Glibc
#endif

/// A kiosk's deck client connects to no address on the box or its private networks (issue: a
/// member could make the box a port scanner of the gym's network).
@Suite struct InternalAddressTests {
    /// Whether `text` (an IPv4 or IPv6 address) counts as internal.
    private func isInternal(_ text: String) -> Bool {
        var bytes = [UInt8](repeating: 0, count: 16)
        let family = text.contains(":") ? AF_INET6 : AF_INET
        #expect(inet_pton(family, text, &bytes) == 1, "\(text) parses")
        return ccurl_address_is_internal(family, bytes) != 0
    }

    @Test func internalAddresses() {
        let onTheBox = [
            "127.0.0.1", "127.255.0.9", "0.0.0.0", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
            "169.254.169.254", "100.64.0.1", "224.0.0.1", "255.255.255.255", "::", "::1", "fe80::1", "fc00::1",
            "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
        ]
        for address in onTheBox { #expect(isInternal(address), "\(address) is internal") }
        let external = ["1.1.1.1", "172.32.0.1", "172.15.255.255", "192.169.0.1", "8.8.8.8", "2606:4700::1111"]
        for address in external { #expect(!isInternal(address), "\(address) is on the Internet") }
    }

    @Test func aRefusingClientNeverConnectsToLoopbackByAddressOrByName() async throws {
        let server = try LoopbackDeckServer()
        for base in [server.baseURL, "http://localhost:\(server.port)", "http://[::ffff:127.0.0.1]:\(server.port)"] {
            let result = await DeckClient(baseURL: base, refusesInternalAddresses: true).send(
                .newShuffled(deckCount: 1, jokers: false, partial: nil))
            guard case .failure(.unreachable(let message)) = result else {
                Issue.record("\(base): \(result)")
                continue
            }
            #expect(message.contains("on this box or its private network"), "\(message)")
        }
        #expect(server.requests.isEmpty)
        // The same server, allowed: reached.
        let allowed = await DeckClient(baseURL: server.baseURL).send(
            .newShuffled(deckCount: 1, jokers: false, partial: nil))
        #expect((try? allowed.get())?.success == true)
    }
}
