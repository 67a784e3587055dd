import HIIT
import Records
import TermUI
import TestSupport
import Testing

/// The page is drawn once and kept as a backdrop while only the big digits change. These tests
/// check that what is kept is always what would be drawn afresh, and that a countdown really
/// reuses it.
@Suite struct BackdropTests {
    /// Flattens the workout's frame with `cache`, and once more from scratch.
    private func frames(_ harness: Harness, cache: inout BackdropCache, into canvas: inout Canvas) -> Canvas {
        var composition = Composition(size: harness.workout.size)
        harness.workout.render(into: &composition, at: harness.now)
        composition.flatten(into: &canvas, backdrops: &cache)
        return composition.flatten()
    }

    @Test func aRunningCountdownDrawsThePageOnceAndOnlyTheDigitsAfter() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0, ringsBell: false))
        harness.press(.enter)
        harness.press(.enter)
        var cache = BackdropCache()
        var canvas = Canvas(size: harness.workout.size)
        for second in 0..<10 {
            let fresh = frames(harness, cache: &cache, into: &canvas)
            #expect(canvas == fresh, "second \(second)")
            harness.wait(.seconds(1))
        }
        #expect(cache.drawn == 1)
        #expect(cache.reused == 9)
        #expect(canvas.lines().joined().contains("█"))
    }

    /// Random sessions: keys, clicks, ticks and resizes, checking every frame. A value the page
    /// shows but its key leaves out shows up here as a stale frame.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func everyFrameOfARandomSessionMatchesThePageDrawnAfresh(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let history = (0..<6).map {
            session(["Squat", "Burpee"][$0 % 2], on: date(days: -$0), rating: $0 % 5 + 1, number: $0)
        }
        var harness = Harness(
            configuration: HIITWorkout.Configuration(exerciseLength: 12, getReadySeconds: 2, ringsBell: false),
            history: .success(history))
        let keys: [Key] = [
            .enter, .enter, .enter, .right, .right, .left, .character(" "), .character("+"), .character("-"),
            .character("["), .character("]"), .character("]"), .character("p"), .character("t"), .character("r"),
            .character("h"), .character("?"), .escape, .up, .down, .character("1"), .character("2"),
            .character("0"), .home, .end,
        ]
        let sizes = [
            Size(width: 80, height: 24), Size(width: 59, height: 20), Size(width: 120, height: 40),
            Size(width: 40, height: 14), Size(width: 200, height: 60),
        ]
        var cache = BackdropCache()
        var canvas = Canvas(size: harness.workout.size)
        for step in 0..<1500 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5: harness.press(keys.randomElement(using: &random) ?? .enter)
            case 5..<8: harness.wait(.milliseconds(Int.random(in: 100...4000, using: &random)))
            case 8:
                let size = harness.workout.size
                harness.click(
                    Point(
                        x: Int.random(in: 0..<max(1, size.width), using: &random),
                        y: Int.random(in: 0..<max(1, size.height), using: &random)))
            default: harness.send(.resize(sizes.randomElement(using: &random) ?? sizes[0]))
            }
            let fresh = frames(harness, cache: &cache, into: &canvas)
            guard canvas == fresh else {
                Issue.record("seed \(seed), step \(step): the kept page differs from the page drawn afresh")
                return
            }
        }
        #expect(cache.reused > 100, "the page was kept only \(cache.reused) times (drawn \(cache.drawn))")
    }
}
