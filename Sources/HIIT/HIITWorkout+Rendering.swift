import Foundation
import Records
import TermUI

/// The styles of the workout, with or without colour. Without colour, nothing is told by colour
/// alone: filled ★ against empty ☆, bold against dim, reversed for the page on screen.
struct Palette {
    let usesColor: Bool

    var accent: Style { usesColor ? Style(foreground: .indexed(45), attributes: .bold) : .bold }
    var title: Style { usesColor ? Style(foreground: .indexed(45), attributes: .bold) : .bold }
    var muted: Style { usesColor ? Style(foreground: .brightBlack) : .dim }
    var rest: Style { usesColor ? Style(foreground: .green, attributes: .bold) : .bold }
    var filledMark: Style { usesColor ? Style(foreground: .yellow, attributes: .bold) : .bold }
    var emptyMark: Style { usesColor ? Style(foreground: .brightBlack) : .plain }
    var problem: Style { usesColor ? Style(foreground: .red, attributes: .bold) : .bold }
    var bar: Style { usesColor ? Style(foreground: .indexed(45)) : .plain }
    var selected: Style { Style(attributes: [.reverse, .bold]) }
}

/// A key hint of the help bar and the key a click on it stands for.
struct HintAction {
    var hint: HelpBar.Hint
    var key: Key?

    init(_ key: String, _ description: String, _ action: Key?) {
        hint = HelpBar.Hint(key, description)
        self.key = action
    }
}

/// Places rows of the given heights down `region`, with up to two blank rows between them when
/// there is room, the whole block centred.
func stack(_ heights: [Int], in region: Rect) -> [Rect] {
    let total = heights.reduce(0, +)
    let extra = max(0, region.height - total)
    let gap = min(2, extra / (heights.count + 1))
    let used = total + gap * max(0, heights.count - 1)
    var y = region.y + max(0, (region.height - used) / 2)
    return heights.map { height in
        defer { y += height + gap }
        return Rect(x: region.x, y: y, width: region.width, height: height)
    }
}

/// Where everything on a page goes, shared by drawing and mouse hit-testing.
struct PageLayout {
    var header: Rect
    /// Welcome first, then each exercise.
    var pageMarks: [Rect]
    var helpBar: Rect
    var hintFrames: [Rect]
    var historyButton: Rect
    var title: Rect
    var text: Rect
    var figure: Rect
    var digits: Rect
    var status: Rect
    var primaryButton: Rect
    var rating: Rect
    var ratingMarks: [Rect]

    /// An empty rectangle, for parts a page does not have.
    static let nothing = Rect(size: .zero)
    /// Columns of the big digits of "00:00".
    static let digitsWidth = BigDigits.size(of: "00:00")?.width ?? 17

    init(size: Size, workout: HIITWorkout) {
        let screen = Rect(size: size)
        header = screen.row(0)
        helpBar = screen.row(size.height - 1)
        hintFrames = HelpBar(workout.helpHints().map(\.hint)).frames(in: helpBar)
        let marks = ["👋"] + workout.exercises.indices.map { "\($0 + 1)" }
        let markWidths = marks.map { $0.displayWidth + 2 }
        let marksWidth = markWidths.reduce(0, +) + marks.count - 1
        var x = max(6, (size.width - marksWidth) / 2)
        pageMarks = markWidths.map { width in
            defer { x += width + 1 }
            return Rect(x: x, y: 0, width: width, height: 1)
        }
        let history = Button("History")
        historyButton = Button.frames(of: [history], in: screen.row(size.height - 2))[0]
        let region = Self.pageRegion(size)
        let figureSize = workout.figureDemonstration.size
        let primary = workout.primaryButton
        rating = PageLayout.nothing
        ratingMarks = []
        if workout.exerciseIndex == nil {
            let rows = stack([1, 2, figureSize.height, 1], in: region)
            title = rows[0]
            text = rows[1].inset(left: 2, right: 2)
            figure = Rect(x: 0, y: rows[2].y, width: size.width, height: figureSize.height)
            digits = PageLayout.nothing
            status = PageLayout.nothing
            primaryButton = Button.frames(of: [primary], in: rows[3])[0]
            return
        }
        let rows = Self.exerciseRows(size: size, figure: figureSize)
        title = rows[0]
        text = PageLayout.nothing
        (figure, digits) = Self.figureAndDigits(figureRow: rows[1], size: size, figure: figureSize)
        status = rows[2]
        primaryButton = Button.frames(of: [primary], in: rows[3])[0]
        rating = rows[4]
        let line = workout.ratingLine
        var markX = rating.x + max(0, (rating.width - line.width) / 2) + line.marksOffset
        ratingMarks = (0..<5).map { _ in
            defer { markX += 2 }
            return Rect(x: markX, y: rating.y, width: 1, height: 1)
        }
    }
}

extension PageLayout {
    /// The rows between the header and the History button.
    static func pageRegion(_ size: Size) -> Rect {
        Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 3))
    }

    /// The rows of an exercise page: title, figure and digits, status, button, rating.
    static func exerciseRows(size: Size, figure: Size) -> [Rect] {
        stack([1, figure.height, 1, 1, 1], in: pageRegion(size))
    }

    /// The figure and the big digits side by side, centred together on the figure's rows.
    static func figureAndDigits(figureRow: Rect, size: Size, figure: Size) -> (figure: Rect, digits: Rect) {
        let pairWidth = figure.width + 4 + digitsWidth
        let left = max(0, (size.width - pairWidth) / 2)
        return (
            Rect(x: left, y: figureRow.y, width: figure.width, height: figure.height),
            Rect(
                x: left + figure.width + 4, y: figureRow.y + max(0, (figure.height - 3) / 2), width: digitsWidth,
                height: 3)
        )
    }

    /// Where the big digits of an exercise page go, without laying out the rest of the page.
    static func digits(size: Size, workout: HIITWorkout) -> Rect {
        let figure = workout.figureDemonstration.size
        return figureAndDigits(figureRow: exerciseRows(size: size, figure: figure)[1], size: size, figure: figure)
            .digits
    }
}

/// Everything the page shows but the big digits, which change every second: equal keys draw the
/// same cells, so the page is drawn again only when one of these changes (a test compares every
/// frame of random sessions with the page drawn afresh).
struct PageKey: Equatable {
    var size: Size
    var configuration: HIITWorkout.Configuration
    var page: HIITWorkout.Page
    var sheet: HIITWorkout.Sheet?
    var countdown: CountdownLook?
    var intervals: [Intervals]
    var ratings: [String: Int]
    var history: [HIITSession]
    var pose: Int

    /// What of a running countdown shows outside its digits: the status line, the button, hints.
    struct CountdownLook: Equatable {
        var stretch: Countdown.Stretch
        var isFinished: Bool
        var holds: Countdown.Holds
        var rounds: Int
    }

    init(workout: HIITWorkout, size: Size, pose: Int) {
        self.size = size
        configuration = workout.configuration
        page = workout.page
        sheet = workout.sheet
        countdown = workout.countdown.map {
            CountdownLook(stretch: $0.stretch, isFinished: $0.isFinished, holds: $0.holds, rounds: $0.intervals.rounds)
        }
        intervals = workout.intervals
        ratings = workout.ratings
        history = workout.history
        self.pose = pose
    }
}

/// Where the history sheet and its parts go.
struct HistorySheetLayout {
    var sheet: Sheet
    var frame: Rect
    var problem: Rect
    var chartTitle: Rect
    var chart: Rect
    var list: Rect
    var closeButton: Rect
    var listRows: Int { list.height }

    init(screen size: Size, workout: HIITWorkout) {
        let screen = Rect(size: size)
        sheet = Sheet(title: "History", size: Size(width: min(size.width - 2, 66), height: min(size.height - 2, 22)))
        frame = sheet.frame(in: screen)
        let content = sheet.contentRect(in: screen).inset(left: 1, right: 1)
        closeButton = Button.frames(of: [Button("Close")], in: content.row(content.height - 1))[0]
        var rest = content.splitBottom(1).0
        if let problem = workout.historyProblem {
            let rows = min(2, Text(problem, wraps: true).laidOut(in: rest.size).count)
            (self.problem, rest) = rest.splitTop(rows)
        } else {
            problem = Rect(x: rest.x, y: rest.y, width: rest.width, height: 0)
        }
        let chartWidth = 7 * 3 + 6
        let roomy = rest.height >= 14
        if roomy {
            (chartTitle, rest) = rest.splitTop(1)
        } else {
            chartTitle = Rect(x: rest.x, y: rest.y, width: rest.width, height: 0)
        }
        let chartRows = roomy ? 7 : min(4, rest.height)
        let chartBand: Rect
        (chartBand, rest) = rest.splitTop(chartRows)
        chart = Rect(
            x: chartBand.x + max(0, (chartBand.width - chartWidth) / 2), y: chartBand.y,
            width: min(chartWidth, chartBand.width), height: chartBand.height)
        if roomy { rest = rest.inset(top: 1, bottom: 1) }
        list = rest
    }
}

/// Where the High Five sheet's parts go.
struct HighFiveLayout {
    var sheet: Sheet
    var letters: Rect
    var line: Rect
    var continueButton: Rect

    init(screen size: Size) {
        let screen = Rect(size: size)
        sheet = Sheet(size: Size(width: min(size.width - 2, 48), height: 9))
        let content = sheet.contentRect(in: screen)
        let rows = stack([3, 1, 1], in: content)
        letters = rows[0]
        line = rows[1].inset(left: 1, right: 1)
        continueButton = Button.frames(of: [Button("Continue")], in: rows[2])[0]
    }
}

extension HIITWorkout {
    var palette: Palette { Palette(usesColor: configuration.usesColor) }

    /// The demonstration drawn on the page: the exercise's, or the Welcome figure.
    var figureDemonstration: Demonstration {
        exerciseIndex.map { exercises[$0].demonstration } ?? .welcome
    }

    /// Get Started, Start, or Done (disabled until the countdown is over).
    var primaryButton: Button {
        guard exerciseIndex != nil else { return Button("Get Started", state: .focused) }
        guard let countdown else { return Button("Start", state: .focused) }
        return Button("Done", state: countdown.isFinished ? .focused : .disabled)
    }

    /// The text of the rating row and where its marks start.
    var ratingLine: (text: String, width: Int, marksOffset: Int) {
        guard let index = exerciseIndex else { return ("", 0, 0) }
        let name = exercises[index].name
        let rating = ratings[name] ?? 0
        let marks = (1...5).map { $0 <= rating ? "★" : "☆" }.joined(separator: " ")
        var text = "Rating " + marks
        let past = HistorySummary.ratings(of: name, in: history)
        if let trend = HistorySummary.trend(of: past) {
            text += "   trend " + past.map(String.init).joined(separator: " ") + " " + trend.arrow
        }
        return (text, text.displayWidth, 7)
    }

    /// The hints of the help bar in the current state, most useful first, with the keys a click
    /// on each stands for. On a narrow screen the keys sheet and leaving come right after the
    /// first hint, so they always show.
    func helpHints() -> [HintAction] {
        let hints = allHelpHints()
        guard size.width < 60, hints.count > 3 else { return hints }
        let essential = hints.filter { $0.hint.key == "?" || $0.hint.key == "q" }
        let others = hints.dropFirst().filter { $0.hint.key != "?" && $0.hint.key != "q" }
        return [hints[0]] + essential + others
    }

    private func allHelpHints() -> [HintAction] {
        switch sheet {
        case .history:
            return [HintAction("↑↓", "Scroll", nil), HintAction("Esc", "Close", .escape)]
        case .highFive:
            return [HintAction("Enter", "Continue", .enter)]
        case .keys:
            return [HintAction("Esc", "Close", .escape), HintAction("↑↓", "Scroll", nil)]
        case .leave:
            return ConfirmSheet.hintKeys.map { HintAction($0.hint.key, $0.hint.description, $0.key) }
        case nil:
            break
        }
        let leave = HintAction("q", "Leave", .character("q"))
        let keys = HintAction("?", "Keys", .character("?"))
        let history = HintAction("h", "History", .character("h"))
        guard exerciseIndex != nil else {
            return [HintAction("Enter", "Get started", .enter), HintAction("→", "Next", .right), history, keys, leave]
        }
        let demonstration = HintAction(
            "p", configuration.reducesMotion ? "Next pose" : "Show", .character("p"))
        let pages = HintAction("←→", "Page", nil)
        let rate = HintAction("[ ]", "Rate", nil)
        let adjust = HintAction("+ -", "10 s", nil)
        guard let countdown else {
            return [
                HintAction("Enter", "Start", .enter), demonstration, pages, rate, adjust, history, keys, leave,
                HintAction("t", "Tabata", .character("t")),
            ]
        }
        if countdown.isFinished {
            return [HintAction("Enter", "Done", .enter), rate, pages, history, keys, leave]
        }
        let pause =
            countdown.holds.contains(.paused)
            ? HintAction("Space", "Resume", .character(" ")) : HintAction("Space", "Pause", .character(" "))
        return [pause, adjust, HintAction("r", "Reset", .character("r")), demonstration, rate, history, keys, leave]
    }

    /// The style of the big digits: green while resting, dim while held.
    var digitsStyle: Style {
        var style = palette.accent
        if let countdown {
            if case .rest = countdown.stretch, !countdown.isFinished { style = palette.rest }
            if countdown.isHeld { style = style.adding(.dim) }
        }
        return style
    }

    /// What the status line says: stable for a whole stretch, so it never changes every second.
    var statusText: String {
        guard let index = exerciseIndex else { return "" }
        guard let countdown else { return "Ready: " + intervals[index].description }
        if countdown.isFinished { return "Time's up! Press Done" }
        let rounds = countdown.intervals.rounds
        var text: String
        switch countdown.stretch {
        case .getReady: text = "Get ready…"
        case .work(let round): text = rounds > 1 ? "Work · round \(round) of \(rounds)" : "Go!"
        case .rest(let round): text = "Rest · round \(round + 1) of \(rounds) next"
        }
        if countdown.holds.contains(.paused) { text = "Paused · " + text }
        return text
    }

    /// The big digits at `now`: the whole length before Start, "3", "2", "1" while getting
    /// ready, then minutes and seconds left.
    func digitsText(at now: Instant) -> String {
        guard let index = exerciseIndex else { return "" }
        guard let countdown else { return Self.clock(intervals[index].work) }
        if countdown.isGettingReady { return "\(countdown.secondsLeft(at: now))" }
        return Self.clock(countdown.secondsLeft(at: now))
    }

    /// "MM:SS".
    static func clock(_ seconds: Int) -> String {
        let minutes = min(99, seconds / 60)
        let rest = seconds % 60
        return (minutes < 10 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    // MARK: Drawing

    /// Draws the page on screen and any sheet over it.
    public func render(into composition: inout Composition, at now: Instant) {
        let size = composition.size
        let pose = demonstrationPose(at: now)
        let workout = self
        composition.addBackdrop(key: PageKey(workout: self, size: size, pose: pose)) { canvas in
            let layout = PageLayout(size: size, workout: workout)
            PageContent(workout: workout, layout: layout, pose: pose).draw(into: &canvas)
        }
        if exerciseIndex != nil {
            let area = PageLayout.digits(size: size, workout: self)
            let digits = BigDigits(digitsText(at: now), style: digitsStyle)
            composition.add { canvas in
                // The blanks between the strokes take the digits' style too: a run of changed
                // cells then goes out under one set of attributes instead of switching them at
                // every gap.
                canvas.fill(area, with: Cell(.space, style: digits.style))
                digits.render(into: &canvas, in: area)
            }
        }
        switch sheet {
        case .history: renderHistory(into: &composition)
        case .highFive: renderHighFive(into: &composition)
        case .keys: renderKeys(into: &composition)
        case .leave(let question): question.render(into: &composition)
        case nil: break
        }
    }

    private func renderHistory(into composition: inout Composition) {
        let layout = HistorySheetLayout(screen: composition.size, workout: self)
        let palette = self.palette
        let problem = historyProblem
        let calendar = historyCalendar
        let today = historyDay
        let week = HistorySummary.week(endingOn: today, sessions: history, calendar: calendar)
        let days = HistorySummary.days(of: history, calendar: calendar)
        let first = min(historyFirstRow, max(0, days.count - layout.listRows))
        let todayStart = calendar.startOfDay(for: today)
        composition.addSheet(layout.sheet) { canvas, _ in
            if let problem {
                Text(problem, style: palette.problem, wraps: true).render(into: &canvas, in: layout.problem)
            }
            Text("Exercises per day, last 7 days", style: palette.muted, alignment: .center)
                .render(into: &canvas, in: layout.chartTitle)
            let bars = week.map { day in
                BarChart.Bar(day.weekday, value: day.count)
            }
            let top = max(1, week.map(\.count).max() ?? 0)
            BarChart(
                bars, orientation: .vertical, maximum: Double(top), columnWidth: 3, barStyle: palette.bar,
                labelStyle: palette.muted, valueStyle: .bold
            ).render(into: &canvas, in: layout.chart)
            if let last = week.last, last.start == todayStart, layout.chart.height >= 2 {
                // Today's label stands out (bold, not by colour alone).
                let x = layout.chart.x + (week.count - 1) * 4
                canvas.write(last.weekday, at: Point(x: x, y: layout.chart.maxY - 1), style: .bold, clip: layout.chart)
            }
            if days.isEmpty {
                let empty = "No exercises yet: press Done when a countdown ends to record one."
                Text(empty, style: palette.muted, wraps: true).render(into: &canvas, in: layout.list)
            }
            for (row, day) in days.dropFirst(first).prefix(layout.listRows).enumerated() {
                let area = layout.list.row(row)
                let label = HistorySummary.dayLabel(day.start, today: today, calendar: calendar)
                let style: Style = day.start == todayStart ? .bold : .plain
                canvas.write(label, at: area.origin, style: style, clip: area)
                let names = day.exercises.joined(separator: ", ")
                Text(names).render(into: &canvas, in: area.inset(left: 16))
                let count = "\(day.exercises.count)"
                canvas.write(count, at: Point(x: area.x + 14 - count.count, y: area.y), style: style, clip: area)
            }
            if first > 0 {
                canvas.write("↑", at: Point(x: layout.list.maxX - 1, y: layout.list.y), style: palette.muted)
            }
            if first + layout.listRows < days.count {
                canvas.write("↓", at: Point(x: layout.list.maxX - 1, y: layout.list.maxY - 1), style: palette.muted)
            }
            Button("Close", state: .focused).render(into: &canvas, in: layout.closeButton)
        }
    }

    private func renderHighFive(into composition: inout Composition) {
        let layout = HighFiveLayout(screen: composition.size)
        let palette = self.palette
        composition.addSheet(layout.sheet) { canvas, _ in
            BlockLetters.render("HIGH FIVE!", into: &canvas, in: layout.letters, style: palette.accent)
            Text("All done. See you tomorrow!", style: palette.muted, alignment: .center)
                .render(into: &canvas, in: layout.line)
            Button("Continue", state: .focused).render(into: &canvas, in: layout.continueButton)
        }
    }

    private func renderKeys(into composition: inout Composition) {
        let layout = KeysSheetLayout(screen: composition.size, lineCount: keyLines.count)
        let lines = keyLines
        let first = min(keysFirstRow, layout.mostScroll)
        let palette = self.palette
        composition.addSheet(layout.sheet) { canvas, _ in
            for (row, (keys, meaning)) in lines.dropFirst(first).prefix(layout.list.height).enumerated() {
                let area = layout.list.row(row)
                canvas.write(keys, at: area.origin, style: .bold, clip: area)
                Text(meaning).render(into: &canvas, in: area.inset(left: layout.keyColumn, right: 1))
            }
            if first > 0 {
                canvas.write("↑", at: Point(x: layout.list.maxX - 1, y: layout.list.y), style: palette.muted)
            }
            if first + layout.list.height < lines.count {
                canvas.write("↓", at: Point(x: layout.list.maxX - 1, y: layout.list.maxY - 1), style: palette.muted)
            }
        }
    }

    /// The lines of the keys sheet.
    var keyLines: [(String, String)] {
        [
            ("← →", "previous / next page"),
            ("0 1–\(exercises.count)", "Welcome / an exercise"),
            ("Enter", "Get Started, Start, Done"),
            ("Space", "pause / resume"),
            ("+ -", "10 seconds more / less"),
            ("[ ]", "rating lower / higher"),
            ("p", configuration.reducesMotion ? "the next pose" : "play the demonstration"),
            ("t", "Tabata: 20 s, 10 s rest, × 8"),
            ("r", "reset the countdown"),
            ("h", "history of the last days"),
            ("q Esc", "leave the workout"),
            ("mouse", "pages, buttons, rating marks"),
        ]
    }
}

/// Where the keys sheet and its list go.
struct KeysSheetLayout {
    var sheet: Sheet
    var list: Rect
    var keyColumn: Int
    var lineCount: Int
    /// The furthest the list scrolls.
    var mostScroll: Int { max(0, lineCount - list.height) }

    init(screen size: Size, lineCount: Int) {
        sheet = Sheet(
            title: "Keys", size: Size(width: min(size.width - 2, 50), height: min(size.height - 2, lineCount + 2)))
        list = sheet.contentRect(in: Rect(size: size)).inset(left: 1, right: 1)
        keyColumn = 8
        self.lineCount = lineCount
    }
}

/// The page (Welcome or an exercise) as values, everything but the big digits (drawn over it in
/// a layer of their own).
struct PageContent {
    var layout: PageLayout
    var palette: Palette
    var hints: [HelpBar.Hint]
    var markCount: Int
    var currentMark: Int
    var title: String
    var figure: Demonstration
    var pose: Int
    var isExercise: Bool
    var status: String
    var primaryButton: Button
    var rating: (text: String, width: Int, marksOffset: Int)
    var filledMarks: Int

    init(workout: HIITWorkout, layout: PageLayout, pose: Int) {
        self.layout = layout
        palette = workout.palette
        hints = workout.helpHints().map(\.hint)
        markCount = workout.exercises.count + 1
        currentMark = workout.exerciseIndex.map { $0 + 1 } ?? 0
        isExercise = workout.exerciseIndex != nil
        title = workout.exerciseIndex.map { workout.exercises[$0].name } ?? "Welcome"
        figure = workout.figureDemonstration
        self.pose = pose
        status = workout.statusText
        primaryButton = workout.primaryButton
        rating = workout.ratingLine
        filledMarks = workout.exerciseIndex.flatMap { workout.ratings[workout.exercises[$0].name] } ?? 0
    }

    func draw(into canvas: inout Canvas) {
        drawHeader(into: &canvas)
        Text(title, style: isExercise ? .bold : palette.title, alignment: .center).render(
            into: &canvas, in: layout.title)
        figure.render(pose: pose, into: &canvas, in: layout.figure, style: .plain)
        if isExercise {
            Text(status, alignment: .center).render(into: &canvas, in: layout.status)
            drawRating(into: &canvas)
        } else {
            let text = "Four short exercises against the clock. No equipment needed."
            Text(text, style: palette.muted, alignment: .center, wraps: true).render(into: &canvas, in: layout.text)
        }
        primaryButton.render(into: &canvas, in: layout.primaryButton)
        Button("History").render(into: &canvas, in: layout.historyButton)
        HelpBar(hints).render(into: &canvas, in: layout.helpBar)
    }

    private func drawHeader(into canvas: inout Canvas) {
        canvas.write("HIIT", at: Point(x: layout.header.x + 1, y: layout.header.y), style: palette.title)
        for (index, frame) in layout.pageMarks.enumerated() where index < markCount {
            let label = index == 0 ? "👋" : "\(index)"
            let style = index == currentMark ? palette.selected : palette.muted
            canvas.fill(frame, with: Cell(.space, style: style))
            canvas.write(label, at: Point(x: frame.x + 1, y: frame.y), style: style, clip: frame)
        }
    }

    private func drawRating(into canvas: inout Canvas) {
        let area = layout.rating
        let x = area.x + max(0, (area.width - rating.width) / 2)
        canvas.write("Rating", at: Point(x: x, y: area.y), style: palette.muted, clip: area)
        for (index, frame) in layout.ratingMarks.enumerated() {
            let filled = index < filledMarks
            canvas.write(
                filled ? "★" : "☆", at: frame.origin, style: filled ? palette.filledMark : palette.emptyMark, clip: area
            )
        }
        let trendStart = rating.marksOffset + 9
        if rating.width > trendStart {
            let trend = String(rating.text.dropFirst(trendStart))
            canvas.write(trend, at: Point(x: x + trendStart, y: area.y), style: palette.muted, clip: area)
        }
    }
}

/// Block letters three rows tall, for the High Five sheet.
enum BlockLetters {
    static let glyphs: [Character: [String]] = [
        "H": ["█ █", "█▀█", "▀ ▀"],
        "I": ["█", "█", "▀"],
        "G": ["█▀▀▀", "█ ▀█", "▀▀▀▀"],
        "F": ["█▀▀", "█▀ ", "▀  "],
        "V": ["█ █", "█ █", "▀▄▀"],
        "E": ["█▀▀", "█▀▀", "▀▀▀"],
        "!": ["█", "▀", "▀"],
        " ": [" ", " ", " "],
    ]

    /// The columns `text` takes (one between letters), or `nil` if a letter is missing.
    static func width(of text: String) -> Int? {
        var total = 0
        for character in text {
            guard let glyph = glyphs[character] else { return nil }
            total += glyph[0].count
        }
        return total + max(0, text.count - 1)
    }

    /// Draws `text` centred in `area`, or as plain bold text on its middle row when it does not fit.
    static func render(_ text: String, into canvas: inout Canvas, in area: Rect, style: Style) {
        guard let width = width(of: text), width <= area.width, area.height >= 3 else {
            Text(text, style: style.adding(.bold), alignment: .center)
                .render(into: &canvas, in: area.row((area.height - 1) / 2))
            return
        }
        var x = area.x + (area.width - width) / 2
        for character in text {
            guard let glyph = glyphs[character] else { continue }
            for (row, line) in glyph.enumerated() {
                canvas.write(line, at: Point(x: x, y: area.y + row), style: style, clip: area)
            }
            x += glyph[0].count + 1
        }
    }
}
