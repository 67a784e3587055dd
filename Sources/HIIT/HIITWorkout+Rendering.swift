import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where everything on a page goes, shared by drawing and mouse hit-testing.
struct PageLayout {
    var header: Rect
    /// Welcome first, then each exercise.
    var pageMarks: [Rect]
    var helpBar: Rect
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

    init(size: Size, workout: HIITWorkout) {
        let regions = Self.regions(size)
        header = regions.header
        helpBar = regions.helpBar
        let marks = workout.pageMarkLabels
        let markWidths = marks.map { $0.displayWidth + 2 }
        let marksWidth = markWidths.reduce(0, +) + marks.count - 1
        var x = max(6, (size.width - marksWidth) / 2)
        pageMarks = markWidths.map { width in
            defer { x += width + 1 }
            return Rect(x: x, y: 0, width: width, height: 1)
        }
        historyButton = Button.frames(of: [Button("History")], in: Self.regions(size).history)[0]
        let figureSize = workout.figureDemonstration.size
        let primary = workout.primaryButton
        rating = PageLayout.nothing
        ratingMarks = []
        if workout.exerciseIndex == nil {
            let rows = Layout.vertical(
                [.length(1), .length(2), .length(figureSize.height), .length(1)], spacing: 2, alignment: .center
            ).split(Self.regions(size).body)
            title = rows[0]
            text = rows[1].inset(left: 2, right: 2)
            figure = rows[2].centered(atMost: figureSize)
            digits = PageLayout.nothing
            status = PageLayout.nothing
            primaryButton = Button.frames(of: [primary], in: rows[3])[0]
            return
        }
        let rows = Self.exerciseRows(size: size, figure: figureSize)
        title = rows[0]
        text = PageLayout.nothing
        (figure, digits) = Self.figureAndDigits(band: rows[1], size: size, figure: figureSize)
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
    /// The screen's rows: the header with the page numbers, the page, the History button and
    /// the help bar.
    static func regions(_ size: Size) -> (header: Rect, body: Rect, history: Rect, helpBar: Rect) {
        let rows = Layout.vertical([.length(1), .fill(1), .length(1), .length(1)]).split(Rect(size: size))
        return (rows[0], rows[1], rows[2], rows[3])
    }

    /// The text the big digits are sized for: the widest they show.
    static let widestDigits = "00:00"
    /// Columns between the figure and the digits.
    static let figureGap = 4

    /// The largest scale of the block font whose 1 Hz countdown stays within the house budget of
    /// 150 bytes a second at 200×60 (measured with `TERMFIT_STATS`: scale 2 writes 72 B/s, 3
    /// writes 140, 4 writes 171, 8 writes 459): every row of a changed block digit costs a cursor
    /// move and its run of cells. Digits taller than that use the segment font (see DECISIONS).
    static let largestBlockScale = 3

    /// How the big digits are drawn: the font and its scale.
    struct DigitsLook: Equatable {
        var font: BigDigits.Font
        var scale: Int

        var height: Int { font.height(scale: scale) }
    }

    /// The rows the big digits should reach on a window `height` rows tall: a third of it.
    static func thirdOf(height: Int) -> Int { (height + 2) / 3 }

    /// How the big digits are drawn on a screen of `size`: in the segment font (dashed, from its
    /// scale 4: 9 rows) as tall as fits beside the figure and above the rows below them, up to
    /// the first height that reaches a third of the window; where that does not fit, in the
    /// block font (at most ``largestBlockScale``).
    static func digitsLook(size: Size, figure: Size) -> DigitsLook {
        // Title, status, button and rating, two rows between each and one above and below.
        let room = Size(
            width: size.width - figure.width - figureGap - 2, height: regions(size).body.height - 4 - 8 - 2)
        let third = thirdOf(height: size.height)
        // 2n+1 rows reach a third from n = third / 2.
        let segments = BigDigits.largestScale(
            of: widestDigits, font: .segments, fitting: room, most: max(BigDigits.dashedSegmentsFrom, third / 2))
        if segments >= BigDigits.dashedSegmentsFrom,
            let digits = BigDigits.size(of: widestDigits, font: .segments, scale: segments),
            room.contains(digits)
        {
            return DigitsLook(font: .segments, scale: segments)
        }
        // The block font's strokes fill 5 of its 6 pixel rows: 5·scale/2 rows reach a third.
        let blocks = BigDigits.largestScale(
            of: widestDigits, fitting: room, most: min(largestBlockScale, max(1, (2 * third + 4) / 5)))
        return DigitsLook(font: .blocks, scale: blocks)
    }

    /// The rows of an exercise page, centred as a group: title, figure and digits, status,
    /// button, rating.
    static func exerciseRows(size: Size, figure: Size) -> [Rect] {
        let digitsHeight = digitsLook(size: size, figure: figure).height
        return Layout.vertical(
            [.length(1), .length(max(figure.height, digitsHeight)), .length(1), .length(1), .length(1)],
            spacing: 2, alignment: .center
        ).split(regions(size).body)
    }

    /// The figure and the big digits side by side, centred together in the band between the
    /// title and the status line.
    static func figureAndDigits(band: Rect, size: Size, figure: Size) -> (figure: Rect, digits: Rect) {
        let look = digitsLook(size: size, figure: figure)
        let digits = BigDigits.size(of: widestDigits, font: look.font, scale: look.scale) ?? .zero
        let (figureColumn, digitsColumn) = Layout.horizontal(
            [.length(figure.width), .length(digits.width)], spacing: figureGap, alignment: .center
        ).split2(band)
        return (figureColumn.centered(atMost: figure), digitsColumn.centered(atMost: digits))
    }

    /// Where the big digits of an exercise page go, without laying out the rest of the page.
    static func digits(size: Size, workout: HIITWorkout) -> Rect {
        let figure = workout.figureDemonstration.size
        return figureAndDigits(band: exerciseRows(size: size, figure: figure)[1], size: size, figure: figure).digits
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
    /// Whether the keys sheet is open: its keys are in the help bar.
    var showsKeys: Bool
    var countdown: CountdownLook?
    var intervals: [Intervals]
    var ratings: [String: Int]
    var history: [HIITSession]
    var doneToday: Set<String>
    var summary: HighFiveSummary?
    /// The circuits sheet's state: its field changes the help bar.
    var circuitsEditor: CircuitsEditor
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
        showsKeys = workout.sheets.isShowingKeys
        countdown = workout.countdown.map {
            CountdownLook(stretch: $0.stretch, isFinished: $0.isFinished, holds: $0.holds, rounds: $0.intervals.rounds)
        }
        intervals = workout.intervals
        ratings = workout.ratings
        history = workout.history
        doneToday = workout.doneToday
        summary = workout.highFiveSummary
        circuitsEditor = workout.circuitsEditor
        self.pose = pose
    }
}

extension HIITWorkout {
    /// The workout's styles: TermUI's one theme, with or without colour.
    var palette: Theme { Theme(usesColor: configuration.usesColor) }

    /// The page bar's marks: 👋 for Welcome, then each exercise's number, with ✓ once it is done
    /// today.
    var pageMarkLabels: [String] {
        ["👋"] + exercises.indices.map { "\($0 + 1)" + (doneToday.contains(exercises[$0].name) ? "✓" : "") }
    }

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

    /// The style of the big digits: green while resting, dim while held.
    var digitsStyle: Style {
        var style = palette.accent
        if let countdown {
            if case .rest = countdown.stretch, !countdown.isFinished { style = palette.positive }
            if countdown.isHeld { style = style.adding(.dim) }
        }
        return style
    }

    /// What the status line says: stable for a whole stretch, so it never changes every second.
    var statusText: String {
        guard let index = exerciseIndex else { return "" }
        guard let countdown else { return "Ready: " + intervals[index].description }
        if countdown.isFinished { return "Time's up! Saved · Done: next" }
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
        if let run {
            renderRun(run, into: &composition, at: now)
        } else {
            renderPage(into: &composition, at: now)
        }
        switch sheet {
        case .history: renderHistory(into: &composition)
        case .highFive: renderHighFive(into: &composition)
        case .leave(let question), .discard(let question, _): question.render(into: &composition)
        case .circuits(let picker): picker.render(into: &composition)
        case .circuitField(let field, let editing):
            openCircuitsPicker?.render(into: &composition)
            renderCircuitField(field, editing: editing, into: &composition)
        case .deleteCircuit(let question, _):
            openCircuitsPicker?.render(into: &composition)
            question.render(into: &composition)
        case nil: break
        }
        sheets.keys?.render(into: &composition, in: componentContext)
    }

    private func renderPage(into composition: inout Composition, at now: Instant) {
        let size = composition.size
        let pose = demonstrationPose(at: now)
        let workout = self
        composition.addBackdrop(key: PageKey(workout: self, size: size, pose: pose)) { canvas in
            let layout = PageLayout(size: size, workout: workout)
            PageContent(workout: workout, layout: layout, pose: pose).draw(into: &canvas)
        }
        if exerciseIndex != nil && sheet != .highFive {
            let area = PageLayout.digits(size: size, workout: self)
            let look = PageLayout.digitsLook(size: size, figure: figureDemonstration.size)
            var style = digitsStyle
            // Block glyphs look the same bold or not; without bold a frame's attributes cost
            // 7 bytes less (see the segment font in DECISIONS).
            if look.font == .segments { style.attributes.remove(.bold) }
            let digits = BigDigits(digitsText(at: now), font: look.font, style: style, scale: look.scale)
            composition.add { canvas in
                // The blanks between the strokes take the digits' style too: a run of changed
                // cells then goes out under one set of attributes instead of switching them at
                // every gap.
                canvas.fill(area, with: Cell(.space, style: digits.style))
                digits.render(into: &canvas, in: area)
            }
        }
    }

}

/// The page (Welcome or an exercise) as values, everything but the big digits (drawn over it in
/// a layer of their own).
struct PageContent {
    var layout: PageLayout
    var palette: Theme
    var helpBar: HelpBar
    var markLabels: [String]
    var currentMark: Int
    var title: String
    var figure: Demonstration
    var showsFigure: Bool
    var pose: Int
    var isExercise: Bool
    var status: String
    var primaryButton: Button
    var rating: (text: String, width: Int, marksOffset: Int)
    var filledMarks: Int

    init(workout: HIITWorkout, layout: PageLayout, pose: Int) {
        self.layout = layout
        palette = workout.palette
        helpBar = workout.bindings.helpBar
        markLabels = workout.pageMarkLabels
        currentMark = workout.exerciseIndex.map { $0 + 1 } ?? 0
        isExercise = workout.exerciseIndex != nil
        title = workout.exerciseIndex.map { workout.exercises[$0].name } ?? "Welcome"
        figure = workout.figureDemonstration
        showsFigure = workout.sheet != .highFive
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
        // Under the High Five nothing of the page's middle shows round the sheet's edges.
        if showsFigure { figure.render(pose: pose, into: &canvas, in: layout.figure, style: .plain) }
        if isExercise {
            Text(status, alignment: .center).render(into: &canvas, in: layout.status)
            drawRating(into: &canvas)
        } else {
            let text = "Four short exercises against the clock. No equipment needed."
            Text(text, style: palette.muted, alignment: .center, wraps: true).render(into: &canvas, in: layout.text)
        }
        primaryButton.render(into: &canvas, in: layout.primaryButton)
        Button("History").render(into: &canvas, in: layout.historyButton)
        helpBar.render(into: &canvas, in: layout.helpBar)
    }

    private func drawHeader(into canvas: inout Canvas) {
        canvas.write("HIIT", at: Point(x: layout.header.x + 1, y: layout.header.y), style: palette.title)
        for (index, frame) in layout.pageMarks.enumerated() where index < markLabels.count {
            let label = markLabels[index]
            let done = label.hasSuffix("✓")
            let style = index == currentMark ? palette.selection : done ? palette.done : palette.muted
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
                filled ? "★" : "☆", at: frame.origin, style: filled ? palette.record : palette.unfilled, clip: area
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
