import TermUI

/// How an exercise is done, shown as a small figure drawn in text: a few poses played one after
/// another (with `p`), or one pose at a time for people who asked for less motion.
///
/// Poses change on a grid of eighths of a second (8 frames a second at most); each pose holds for
/// a number of those beats, and the scene wakes only when the pose changes. Every pose has the
/// same number of rows and columns, and the figures use plain ASCII, so they look the same in every
/// locale.
public struct Demonstration: Hashable, Sendable {
    /// One still figure and how many beats it shows for while playing.
    public struct Pose: Hashable, Sendable {
        /// The rows of the figure, all as wide as each other.
        public var rows: [String]
        /// How many beats (`Demonstration.beat`) the pose shows for, at least 1.
        public var beats: Int

        /// A pose of `rows` that shows for `beats` beats.
        public init(_ rows: [String], beats: Int = 1) {
            self.rows = rows
            self.beats = max(1, beats)
        }
    }

    /// The length of a beat: poses change at most eight times a second.
    public static let beat = Duration.milliseconds(125)

    /// The poses in order (at least one).
    public let poses: [Pose]
    /// How many times the poses play through before the figure stands still again.
    public let repetitions: Int

    /// A demonstration of `poses`; rows are padded to the widest and tallest pose.
    public init(poses: [Pose], repetitions: Int = 4) {
        let width = poses.flatMap(\.rows).map(\.displayWidth).max() ?? 0
        let height = poses.map(\.rows.count).max() ?? 0
        let padded = poses.map { pose in
            let rows = (pose.rows + Array(repeating: "", count: height - pose.rows.count)).map { row in
                row + String(repeating: " ", count: width - row.displayWidth)
            }
            return Pose(rows, beats: pose.beats)
        }
        self.poses = padded.isEmpty ? [Pose([])] : padded
        self.repetitions = max(1, repetitions)
    }

    /// The size of every pose.
    public var size: Size {
        Size(width: poses[0].rows.first?.displayWidth ?? 0, height: poses[0].rows.count)
    }

    /// Beats in one play-through.
    private var beatsPerRepetition: Int { poses.reduce(0) { $0 + $1.beats } }

    /// How long playing takes from start to standing still.
    public var playingTime: Duration { Self.beat * (beatsPerRepetition * repetitions) }

    /// The pose shown `elapsed` after playing started (the first once it has played through).
    public func pose(after elapsed: Duration) -> Int {
        guard elapsed >= .zero, elapsed < playingTime else { return 0 }
        var beat = Int(elapsed.totalNanoseconds / Self.beat.totalNanoseconds) % beatsPerRepetition
        for (index, pose) in poses.enumerated() {
            if beat < pose.beats { return index }
            beat -= pose.beats
        }
        return 0
    }

    /// When the pose next changes after `now` for a demonstration that started playing at
    /// `start`: the start of the next pose, or the moment it stands still again; `nil` after that.
    public func nextChange(startedAt start: Instant, after now: Instant) -> Instant? {
        guard now >= start else { return start }
        let end = start + playingTime
        guard now < end else { return nil }
        let beatLength = Self.beat.totalNanoseconds
        let beatsDone = Int((now - start).totalNanoseconds / beatLength)
        let repetition = beatsDone / beatsPerRepetition
        var boundary = repetition * beatsPerRepetition
        for pose in poses {
            boundary += pose.beats
            if boundary > beatsDone { break }
        }
        return min(end, start + .nanoseconds(Int64(boundary) * beatLength))
    }

    /// Draws pose `index` centred in `area`.
    func render(pose index: Int, into canvas: inout Canvas, in area: Rect, style: Style) {
        let rows = poses[index % poses.count].rows
        let frame = area.centered(size)
        for (offset, row) in rows.enumerated() where offset < frame.height {
            canvas.write(row, at: Point(x: frame.x, y: frame.y + offset), style: style, clip: area)
        }
    }
}

extension Demonstration {
    /// The squat's halfway pose, shown on the way down and again on the way up.
    private static let squatHalfway = Pose(
        [
            "         ",
            "    o__  ",
            "   /|    ",
            "   / >   ",
            "  /   \\  ",
        ], beats: 2)

    /// Squat: arms forward, hips back and down, and up again.
    public static let squat = Demonstration(poses: [
        Pose(
            [
                "    o    ",
                "   /|\\   ",
                "    |    ",
                "   / \\   ",
                "  /   \\  ",
            ], beats: 3),
        squatHalfway,
        Pose(
            [
                "         ",
                "         ",
                "   o___  ",
                "  _|>    ",
                "  /  \\   ",
            ], beats: 3),
        squatHalfway,
    ])

    /// Step up: one foot onto the step, stand tall on it, step down.
    public static let stepUp = Demonstration(poses: [
        Pose(
            [
                "  o      ",
                " /|\\     ",
                "  |      ",
                " / \\ ___ ",
                "/   |   |",
            ], beats: 3),
        Pose(
            [
                "   o     ",
                "  /|\\    ",
                "  /|     ",
                " / _\\___ ",
                "/   |   |",
            ], beats: 2),
        Pose(
            [
                "    o    ",
                "   /|\\   ",
                "    |    ",
                "   _/\\__ ",
                "    |   |",
            ], beats: 3),
        Pose(
            [
                "   o     ",
                "  /|\\    ",
                "  /|     ",
                " / _\\___ ",
                "/   |   |",
            ], beats: 2),
    ])

    /// Burpee: jump, squat down, feet back to a plank, back to the squat, and up.
    public static let burpee = Demonstration(poses: [
        Pose(
            [
                "  \\ o /  ",
                "    |    ",
                "    |    ",
                "   / \\   ",
                "         ",
            ], beats: 2),
        Pose(
            [
                "    o    ",
                "   /|\\   ",
                "    |    ",
                "   / \\   ",
                "  /   \\  ",
            ], beats: 1),
        Pose(
            [
                "         ",
                "         ",
                "   o_    ",
                "   |\\>   ",
                "   | |   ",
            ], beats: 2),
        Pose(
            [
                "         ",
                "         ",
                "         ",
                " o_____  ",
                " |      \\",
            ], beats: 3),
        Pose(
            [
                "         ",
                "         ",
                "   o_    ",
                "   |\\>   ",
                "   | |   ",
            ], beats: 2),
        Pose(
            [
                "    o    ",
                "   /|\\   ",
                "    |    ",
                "   / \\   ",
                "  /   \\  ",
            ], beats: 1),
    ])

    /// Sun salutation: reach up, fold forward, plank, upward dog, and back to standing.
    public static let sunSalute = Demonstration(poses: [
        Pose(
            [
                "    o    ",
                "   /|\\   ",
                "    |    ",
                "   | |   ",
                "   | |   ",
            ], beats: 2),
        Pose(
            [
                "   \\o/   ",
                "    |    ",
                "    |    ",
                "   | |   ",
                "   | |   ",
            ], beats: 3),
        Pose(
            [
                "         ",
                "   __    ",
                "  |  \\   ",
                "  o   |  ",
                "  |   |  ",
            ], beats: 3),
        Pose(
            [
                "         ",
                "         ",
                "         ",
                " o______ ",
                " |     | ",
            ], beats: 3),
        Pose(
            [
                "         ",
                "         ",
                "  o      ",
                "   \\____ ",
                "   |     ",
            ], beats: 3),
        Pose(
            [
                "   \\o/   ",
                "    |    ",
                "    |    ",
                "   | |   ",
                "   | |   ",
            ], beats: 2),
    ])

    /// The figure on the Welcome page: a jumping jack, arms and legs out.
    public static let welcome = Demonstration(poses: [
        Pose(
            [
                "  \\ o /  ",
                "   \\|/   ",
                "    |    ",
                "   / \\   ",
                "  /   \\  ",
            ], beats: 1)
    ])
}
