import TermUI
import Testing

@testable import Terminal

/// A 5-second countdown that shows whole seconds left and asks to be woken at each second.
private struct CountdownScene: Scene {
    var end: Instant?
    var ticks: [Instant] = []
    var events: [Event] = []

    mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        events.append(event)
        switch event {
        case .key(.character("s")): end = now + .seconds(5)
        case .key(.character("q")): return [.quit]
        case .key(.character("b")): return [.bell]
        case .tick:
            ticks.append(now)
            if let end, now >= end { self.end = nil }
        default: break
        }
        return []
    }

    func secondsLeft(at now: Instant) -> Int {
        guard let end else { return 0 }
        return Int(((end - now).totalNanoseconds + 999_999_999) / 1_000_000_000)
    }

    func render(into composition: inout Composition, at now: Instant) {
        let text = "left \(secondsLeft(at: now))"
        composition.add { canvas in canvas.write(text, at: .zero) }
    }

    /// The next whole second of the countdown, computed from its end: never drifts.
    func nextDeadline(after now: Instant) -> Instant? {
        guard let end else { return nil }
        let left = secondsLeft(at: now)
        return end - .seconds(left - 1)
    }
}

@Suite struct SceneDriverTests {
    private let size = Size(width: 20, height: 2)

    @Test func anIdleSceneNeverAsksToWakeUpAndRendersNothingMore() {
        let clock = ManualClock()
        var driver = SceneDriver(scene: CountdownScene(), size: size, measure: { clock.now })
        _ = driver.start(at: clock.now)
        let first = driver.frame(at: clock.now)
        #expect(first?.runs.isEmpty == false)
        #expect(driver.timeout(at: clock.now) == nil)
        clock.advance(by: .seconds(3600))
        #expect(driver.deliver([], at: clock.now).isEmpty)
        #expect(driver.scene.ticks.isEmpty)
        #expect(driver.frame(at: clock.now) == nil, "nothing happened: no frame is composed")
    }

    @Test func timersFireAtTheirDeadlinesAndNotBefore() {
        let clock = ManualClock()
        var driver = SceneDriver(scene: CountdownScene(), size: size, measure: { clock.now })
        _ = driver.start(at: clock.now)
        _ = driver.frame(at: clock.now)
        _ = driver.deliver([.key(.character("s"))], at: clock.now)
        #expect(driver.frame(at: clock.now)?.canvas.lines().first == "left 5")
        #expect(driver.timeout(at: clock.now) == .seconds(1))

        clock.advance(by: .milliseconds(999))
        _ = driver.deliver([], at: clock.now)
        #expect(driver.scene.ticks.isEmpty, "no tick before the deadline")
        #expect(driver.timeout(at: clock.now) == .milliseconds(1))

        clock.advance(by: .milliseconds(1))
        _ = driver.deliver([], at: clock.now)
        #expect(driver.scene.ticks == [Instant.zero + .seconds(1)])
        let frame = driver.frame(at: clock.now)
        #expect(frame?.canvas.lines().first == "left 4")
        #expect(frame?.runs == [Run(y: 0, x: 5, count: 1)], "only the changed digit is sent")
    }

    @Test func aLateWakeUpDoesNotStretchTheCountdown() {
        let clock = ManualClock()
        var driver = SceneDriver(scene: CountdownScene(), size: size, measure: { clock.now })
        _ = driver.start(at: clock.now)
        _ = driver.deliver([.key(.character("s"))], at: clock.now)
        // The machine was busy: the loop wakes 2.7 s late.
        clock.advance(by: .milliseconds(3700))
        _ = driver.deliver([], at: clock.now)
        #expect(driver.frame(at: clock.now)?.canvas.lines().first == "left 2")
        #expect(driver.timeout(at: clock.now) == .milliseconds(300))
        clock.advance(by: .milliseconds(1300))
        _ = driver.deliver([], at: clock.now)
        #expect(driver.scene.end == nil, "the countdown ended at exactly 5 s")
        #expect(driver.timeout(at: clock.now) == nil)
    }

    @Test func eventsReachTheSceneAndEffectsComeBack() {
        let clock = ManualClock()
        var driver = SceneDriver(scene: CountdownScene(), size: size, measure: { clock.now })
        #expect(driver.start(at: clock.now).isEmpty)
        #expect(driver.scene.events == [.resize(size)])
        #expect(driver.deliver([.key(.character("b")), .key(.character("q"))], at: clock.now) == [.bell, .quit])
    }

    @Test func anEventThatChangesNothingComposesButSendsNoRuns() {
        let clock = ManualClock()
        var driver = SceneDriver(scene: CountdownScene(), size: size, measure: { clock.now })
        _ = driver.start(at: clock.now)
        _ = driver.frame(at: clock.now)
        _ = driver.deliver([.key(.character("x"))], at: clock.now)
        let frame = driver.frame(at: clock.now)
        #expect(frame?.runs == [])
        #expect(driver.statistics.framesComposed == 2)
        #expect(driver.statistics.framesSent == 1)
    }

    @Test func aResizeSendsTheWholeFrameAtTheNewSize() {
        let clock = ManualClock()
        var driver = SceneDriver(scene: CountdownScene(), size: size, measure: { clock.now })
        _ = driver.start(at: clock.now)
        _ = driver.frame(at: clock.now)
        let bigger = Size(width: 30, height: 3)
        _ = driver.deliver([.resize(bigger)], at: clock.now)
        let frame = driver.frame(at: clock.now)
        #expect(frame?.canvas.size == bigger)
        // Drawn from scratch on a blanked screen: only what is not blank is sent.
        #expect(frame?.erasesFirst == true)
        #expect(frame?.runs == [Run(y: 0, x: 0, count: 6)])
        _ = driver.deliver([.key(.character("x"))], at: clock.now)
        #expect(driver.frame(at: clock.now)?.erasesFirst != true, "the next frame is diffed as usual")
    }

    @Test func invalidateResendsEverything() {
        let clock = ManualClock()
        var driver = SceneDriver(scene: CountdownScene(), size: size, measure: { clock.now })
        _ = driver.start(at: clock.now)
        _ = driver.frame(at: clock.now)
        driver.invalidate()
        let frame = driver.frame(at: clock.now)
        #expect(frame?.erasesFirst == true)
        #expect(frame?.runs == [Run(y: 0, x: 0, count: 6)], "\"left 5\": the rest is blank")
    }

    @Test func aBlankFrameFromScratchStillBlanksTheScreen() {
        struct BlankScene: Scene {
            mutating func handle(_ event: Event, at now: Instant) -> [Effect] { [] }
            func render(into composition: inout Composition, at now: Instant) {}
            func nextDeadline(after now: Instant) -> Instant? { nil }
        }
        let clock = ManualClock()
        var driver = SceneDriver(scene: BlankScene(), size: size, measure: { clock.now })
        _ = driver.start(at: clock.now)
        let first = driver.frame(at: clock.now)
        #expect(first?.runs == [])
        #expect(first?.erasesFirst == true, "whatever the terminal showed before is cleared")
        driver.invalidate()
        #expect(driver.frame(at: clock.now)?.erasesFirst == true)
    }
}
