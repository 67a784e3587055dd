import TermUI
import Testing

@testable import Terminal

@Suite struct LinkProbeTests {
    private let start = Instant(nanoseconds: 1_000_000_000)

    @Test func asksWithAFrameAtMostEveryHalfTimeoutAndOnlyOnceAtATime() {
        var probe = LinkProbe(timeout: .seconds(20))
        let asks = [0, 1].map { probe.shouldAsk(at: start + .seconds($0)) }
        #expect(asks == [true, false], "one question at a time")
        probe.heard()
        let again = [9, 10].map { probe.shouldAsk(at: start + .seconds($0)) }
        #expect(again == [false, true], "not again before half the timeout")
    }

    @Test func anUnansweredQuestionMeansADeadLinkAfterTheTimeoutAndAnythingReadIsAnAnswer() {
        var probe = LinkProbe(timeout: .seconds(20))
        #expect(probe.deadline == nil, "nothing asked")
        #expect(!probe.isDead(at: start + .seconds(100)), "nothing asked, nothing dead")
        _ = probe.shouldAsk(at: start)
        #expect(probe.deadline == start + .seconds(20))
        #expect(!probe.isDead(at: start + .seconds(19)))
        #expect(probe.isDead(at: start + .seconds(20)))
        probe.heard()
        #expect(!probe.isDead(at: start + .seconds(30)))
    }

    @Test func theTimeoutComesFromTheEnvironmentWithinLimitsAndOnlyOverSSH() {
        #expect(LinkProbe.timeout(environment: [:]) == .seconds(10))
        #expect(LinkProbe.timeout(environment: ["TERMFIT_LINK_TIMEOUT": "3"]) == .seconds(3))
        for bad in ["0", "-1", "3601", "2.5", "soon"] {
            #expect(LinkProbe.timeout(environment: ["TERMFIT_LINK_TIMEOUT": bad]) == .seconds(10), "\(bad)")
        }
        #expect(TerminalOptions.from(environment: [:], noColorFlag: false).linkTimeout == nil)
        let ssh = TerminalOptions.from(environment: ["SSH_CONNECTION": "10.0.0.2 5 10.0.0.1 22"], noColorFlag: false)
        #expect(ssh.linkTimeout == .seconds(10))
    }
}
