import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything the hands-free screen shows but the big digits: it changes with the stretch, the
/// last three seconds, a whole cell of the progress bar or a whole minute left, never with each
/// second, so a running circuit costs the diff of its digits and little more.
struct RunKey: Equatable {
    var size: Size
    var usesColor: Bool
    var title: String
    var figure: Demonstration
    var status: String
    var warning: Bool
    var resting: Bool
    var progressCells: Int
    var left: String
    var circuitName: String
    var helpBar: HelpBar
    var underHighFive: Bool
}

/// Where the hands-free screen's parts go: the exercise page's rows, the button's row holding
/// the progress bar and the rating's row what is left.
struct RunLayout {
    var header: Rect
    var title: Rect
    var figure: Rect
    var digits: Rect
    var status: Rect
    var progress: Rect
    var left: Rect
    var helpBar: Rect
    var look: PageLayout.DigitsLook

    init(size: Size, figure figureSize: Size) {
        let regions = PageLayout.regions(size)
        header = regions.header
        helpBar = regions.helpBar
        let rows = PageLayout.exerciseRows(size: size, figure: figureSize)
        title = rows[0]
        (figure, digits) = PageLayout.figureAndDigits(band: rows[1], size: size, figure: figureSize)
        status = rows[2]
        let barWidth = min(rows[3].width - 2, 60)
        progress = Rect(
            x: rows[3].x + max(0, (rows[3].width - barWidth) / 2), y: rows[3].y, width: max(0, barWidth), height: 1)
        left = rows[4]
        look = PageLayout.digitsLook(size: size, figure: figureSize)
    }
}

extension HIITWorkout {
    /// The figure shown for an exercise of the circuit: its built-in demonstration, or a plain
    /// standing figure for an exercise TermFit has none for.
    static func figure(forExerciseNamed name: String) -> Demonstration {
        standardExercises.first { $0.name == name }?.demonstration ?? .welcome
    }

    /// What the hands-free screen shows at `now` (all but the digits).
    func runKey(_ run: CircuitRun, size: Size, at now: Instant) -> RunKey {
        let circuit = run.circuit
        let rounds = circuit.rounds
        let nextName = run.nextExercise.map { circuit.exercises[$0].name }
        var title: String
        var status: String
        var figure = Demonstration.welcome
        var resting = false
        switch run.step {
        case .warmUp:
            title = "Warm-up"
            status = nextName.map { "Next: \($0)" } ?? ""
        case .work(let exercise, let round):
            title = circuit.exercises[exercise].name
            figure = Self.figure(forExerciseNamed: title)
            switch circuit.kind {
            case .intervals:
                status = "Round \(round) of \(rounds) · \(exercise + 1) of \(circuit.exercises.count)"
            case .emom:
                let minute = (round - 1) * circuit.exercises.count + exercise + 1
                status = "Minute \(minute) of \(rounds * circuit.exercises.count)"
            case .amrap:
                status = "Rounds done: \(run.roundsDone) · Enter when a round is done"
            }
        case .rest(_, let round):
            title = "Rest"
            resting = true
            status = (nextName.map { "Next: \($0)" } ?? "") + " · round \(round) of \(rounds)"
            if let next = nextName { figure = Self.figure(forExerciseNamed: next) }
        case .coolDown:
            title = "Cool-down"
            status = "Last stretch: well done"
        }
        if run.holds.contains(.paused) { status = "Paused · " + status }
        let layout = RunLayout(size: size, figure: figure.size)
        let total = max(1, circuit.totalSeconds)
        let totalLeft = run.totalSecondsLeft(at: now)
        let cells = layout.progress.width * (total - totalLeft) / total
        let minutes = (totalLeft + 59) / 60
        let left = minutes <= 1 ? "Under a minute left" : "\(minutes) min left of \(Self.minutes(total))"
        let seconds = run.secondsLeft(at: now)
        return RunKey(
            size: size, usesColor: configuration.usesColor, title: title, figure: figure, status: status,
            warning: seconds <= 3 && !run.holds.contains(.paused), resting: resting, progressCells: cells, left: left,
            circuitName: circuit.name, helpBar: bindings.helpBar, underHighFive: sheet == .highFive)
    }

    /// "12 min" for `seconds` rounded up to whole minutes.
    static func minutes(_ seconds: Int) -> String { "\((seconds + 59) / 60) min" }

    func renderRun(_ run: CircuitRun, into composition: inout Composition, at now: Instant) {
        let size = composition.size
        let key = runKey(run, size: size, at: now)
        let palette = self.palette
        let layout = RunLayout(size: size, figure: key.figure.size)
        composition.addBackdrop(key: key) { canvas in
            canvas.write("HIIT", at: Point(x: layout.header.x + 1, y: layout.header.y), style: palette.title)
            Text("Circuit: \(key.circuitName) · hands-free", style: palette.muted, alignment: .center)
                .render(into: &canvas, in: layout.header.inset(left: 6, right: 1))
            // The last three seconds: the title turns (reversed, and red with colour) with the bell.
            let titleStyle = key.warning ? palette.warning : key.resting ? palette.positive : Style.bold
            let width = key.title.displayWidth + 2
            let band = Rect(
                x: layout.title.x + max(0, (layout.title.width - width) / 2), y: layout.title.y,
                width: min(width, layout.title.width), height: 1)
            canvas.fill(band, with: Cell(.space, style: titleStyle))
            Text(key.title, style: titleStyle, alignment: .center).render(into: &canvas, in: band)
            key.figure.render(pose: 0, into: &canvas, in: layout.figure, style: .plain)
            Text(key.status, alignment: .center).render(into: &canvas, in: layout.status)
            // Filled █ and an empty track ─: # and - without a UTF-8 locale, never the same mark.
            let filled = min(key.progressCells, layout.progress.width)
            canvas.fill(
                Rect(x: layout.progress.x, y: layout.progress.y, width: filled, height: 1),
                with: Cell(Character("█"), style: palette.bar))
            canvas.fill(
                Rect(
                    x: layout.progress.x + filled, y: layout.progress.y, width: layout.progress.width - filled,
                    height: 1), with: Cell(Character("─"), style: palette.muted))
            Text(key.left, style: palette.muted, alignment: .center).render(into: &canvas, in: layout.left)
            key.helpBar.render(into: &canvas, in: layout.helpBar)
        }
        guard sheet != .highFive else { return }
        var style = key.resting ? palette.positive : palette.accent
        if run.holds.contains(.paused) { style = style.adding(.dim) }
        if layout.look.font == .segments { style.attributes.remove(.bold) }
        let digits = BigDigits(
            Self.clock(run.secondsLeft(at: now)), font: layout.look.font, style: style, scale: layout.look.scale)
        let area = layout.digits
        composition.add { canvas in
            canvas.fill(area, with: Cell(.space, style: digits.style))
            digits.render(into: &canvas, in: area)
        }
    }
}
