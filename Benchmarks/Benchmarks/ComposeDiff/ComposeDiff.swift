import Benchmark
import TermUI

// What one TermFit frame costs before a byte reaches the terminal: composing the layers into a
// cell grid and diffing it against the previous frame. Measured at the size of a small SSH
// window (80×24) and of a large kiosk screen (200×60), so that a budget of tens of microseconds
// for a full 200×60 frame (docs: DESIGN.md) can be checked on every change.
//
// Run with: swift package --package-path Benchmarks benchmark --target ComposeDiff
// (--filter takes a regular expression matched against the whole name, e.g. '.*200x60').

/// The sizes every benchmark runs at.
private let sizes = [Size(width: 80, height: 24), Size(width: 200, height: 60)]

let benchmarks: @Sendable () -> Void = {
    // Every benchmark reports wall-clock time and heap allocations per frame.
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        units: [.mallocCountTotal: .count],
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )
    // What the measuring itself costs per sample (no allocations with these metrics); bench.sh
    // subtracts its allocations from the figures below, should a future metric add some.
    Benchmark("harness-floor", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(0) }
    }
    for size in sizes {
        let scene = BenchmarkScene(size: size)
        let label = "\(size.width)x\(size.height)"

        // (a) A full frame: every cell differs from the frame on the terminal.
        Benchmark("compose-diff full-frame \(label)", configuration: configuration) { benchmark in
            let previous = scene.unrelatedFrame()
            var canvas = Canvas(size: size)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                scene.composition().flatten(into: &canvas)
                blackHole(FrameDiff.runs(from: previous, to: canvas))
            }
        }

        // (b) One cell changed since the last frame, the common case of a ticking timer.
        Benchmark("compose-diff one-cell \(label)", configuration: configuration) { benchmark in
            var previous = scene.composition().flatten()
            previous.put(Cell("@", style: .bold), x: size.width / 2, y: size.height / 2)
            var canvas = Canvas(size: size)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                scene.composition().flatten(into: &canvas)
                blackHole(FrameDiff.runs(from: previous, to: canvas))
            }
        }

        // (c) The diff alone between two equal frames held in separate buffers.
        Benchmark("diff-only unchanged \(label)", configuration: configuration) { benchmark in
            let previous = scene.composition().flatten()
            let current = scene.composition().flatten()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(FrameDiff.runs(from: previous, to: current))
            }
        }
    }
}

/// A screen shaped like a busy TermFit scene: a title row, a line of text on every row with
/// styles and a few non-ASCII glyphs, and a Rules-style sheet over the dimmed screen.
struct BenchmarkScene: Sendable {
    let size: Size
    /// The text of each screen row, made once: a scene keeps its strings in its state.
    let rows: [String]
    let sheetLines: [String]

    init(size: Size) {
        self.size = size
        let suits = ["♠", "♥", "♦", "♣"]
        rows = (0..<size.height).map { row in
            var line = "\(suits[row % 4]) Set \(row + 1): 12.5 kg × 10 reps · rest 90 s · "
            while line.count < size.width { line += "push-ups squats lunges burpees · " }
            return line
        }
        sheetLines = [
            "Rules",
            "♠ Spades: push-ups",
            "♥ Hearts: squats",
            "♦ Diamonds: sit-ups",
            "♣ Clubs: burpees",
            "Ace = 11 · face cards = 10",
            "Press Esc to close",
        ]
    }

    /// This frame's layers: the screen writes every row; the sheet dims it and draws a box.
    func composition() -> Composition {
        var composition = Composition(size: size)
        let rows = rows
        let sheetLines = sheetLines
        let size = size
        composition.add(.screen) { canvas in
            canvas.write("TermFit · Card deck", at: Point(x: 0, y: 0), style: Style.bold.foreground(.cyan))
            for (index, line) in rows.enumerated().dropFirst() {
                let style = index.isMultiple(of: 2) ? Style.plain : Style.plain.foreground(.brightBlack)
                canvas.write(line, at: Point(x: 0, y: index), style: style)
            }
        }
        composition.add(.sheet, dimsBelow: true) { canvas in
            let width = min(size.width - 4, 40)
            let height = min(size.height - 2, sheetLines.count + 2)
            let box = Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
            canvas.fill(box, with: Cell(" ", style: Style.plain.background(.indexed(236))))
            let inner = box.inset(top: 1, left: 2, bottom: 1, right: 2)
            for (index, line) in sheetLines.enumerated() {
                let style = index == 0 ? Style.bold.background(.indexed(236)) : Style.plain.background(.indexed(236))
                canvas.write(line, at: Point(x: inner.x, y: inner.y + index), style: style, clip: inner)
            }
        }
        return composition
    }

    /// A frame that differs from `composition()` in every cell: glyph and style.
    func unrelatedFrame() -> Canvas {
        var canvas = Canvas(size: size)
        canvas.fill(canvas.bounds, with: Cell("#", style: Style.reverse.foreground(.red)))
        return canvas
    }
}
