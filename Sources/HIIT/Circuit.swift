import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A circuit run hands-free: a warm-up, then each exercise's work and rest, round after round,
/// then a cool-down.
public struct Circuit: Hashable, Sendable, Codable {
    /// One exercise of the circuit and its timing.
    public struct Exercise: Hashable, Sendable, Codable {
        /// The name shown and kept in the history.
        public var name: String
        /// Seconds of work (kept within ``ValueLimits/countdownSeconds``).
        public var work: Int { didSet { work = work.clamped(to: Intervals.lengthRange) } }
        /// Seconds of rest after it (none after the circuit's very last work).
        public var rest: Int { didSet { rest = rest.clamped(to: ValueLimits.circuitPauseSeconds) } }

        /// An exercise of `work` seconds with `rest` seconds after it, clamped to what TermFit
        /// accepts.
        public init(_ name: String, work: Int, rest: Int) {
            self.name = name
            self.work = work.clamped(to: Intervals.lengthRange)
            self.rest = rest.clamped(to: ValueLimits.circuitPauseSeconds)
        }

        /// Read through ``init(_:work:rest:)``: a file's numbers are clamped as a screen's are.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                try container.decode(String.self, forKey: .name), work: try container.decode(Int.self, forKey: .work),
                rest: try container.decode(Int.self, forKey: .rest))
        }
    }

    /// The circuit's name, e.g. "Standard" or "Tabata".
    public var name: String
    /// The exercises, in order (at least one, at most ``ValueLimits/circuitExercises``).
    public var exercises: [Exercise] {
        didSet { exercises = exercises.isEmpty ? oldValue : Array(exercises.prefix(Self.exerciseLimit)) }
    }
    /// How many times the exercises are gone through (within ``ValueLimits/circuitRounds``).
    public var rounds: Int { didSet { rounds = rounds.clamped(to: Intervals.roundRange) } }
    /// Seconds of warm-up before the first work (0 for none).
    public var warmUp: Int { didSet { warmUp = warmUp.clamped(to: ValueLimits.circuitPauseSeconds) } }
    /// Seconds of cool-down after the last work (0 for none).
    public var coolDown: Int { didSet { coolDown = coolDown.clamped(to: ValueLimits.circuitPauseSeconds) } }
    /// How the run counts: intervals and rounds, every minute on the minute, or as many rounds
    /// as possible.
    public var kind: Kind

    /// How a circuit's run is counted on screen.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Work and rest, round after round ("Round 2 of 3").
        case intervals
        /// Every minute on the minute: each minute's work counted ("Minute 3 of 10").
        case emom
        /// As many rounds as possible: one long stretch; the member counts each round done.
        case amrap
    }

    /// A circuit; every number is clamped to what TermFit accepts.
    public init(
        name: String, exercises: [Exercise], rounds: Int, warmUp: Int = 0, coolDown: Int = 0, kind: Kind = .intervals
    ) {
        self.kind = kind
        self.name = name
        self.exercises =
            exercises.isEmpty ? [Exercise("Squat", work: 30, rest: 10)] : Array(exercises.prefix(Self.exerciseLimit))
        self.rounds = rounds.clamped(to: Intervals.roundRange)
        self.warmUp = warmUp.clamped(to: ValueLimits.circuitPauseSeconds)
        self.coolDown = coolDown.clamped(to: ValueLimits.circuitPauseSeconds)
    }

    /// Read through ``init(name:exercises:rounds:warmUp:coolDown:)``: a circuit from a file (an
    /// import, a setting written by hand) is clamped as one made on screen, so none can make a
    /// run of no stretches or of billions.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            exercises: try container.decode([Exercise].self, forKey: .exercises),
            rounds: try container.decode(Int.self, forKey: .rounds),
            warmUp: try container.decode(Int.self, forKey: .warmUp),
            coolDown: try container.decode(Int.self, forKey: .coolDown),
            kind: try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .intervals)
    }

    private enum CodingKeys: String, CodingKey {
        case name, exercises, rounds, warmUp, coolDown, kind
    }

    /// Writes the circuit; an intervals circuit is written as before circuits had a kind.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(exercises, forKey: .exercises)
        try container.encode(rounds, forKey: .rounds)
        try container.encode(warmUp, forKey: .warmUp)
        try container.encode(coolDown, forKey: .coolDown)
        if kind != .intervals { try container.encode(kind, forKey: .kind) }
    }

    /// The most exercises a circuit holds.
    static var exerciseLimit: Int { ValueLimits.circuitExercises.upperBound }

    /// The standard circuit: the four exercises, `work` seconds each with 10 s of rest, three
    /// rounds, 30 s of warm-up and of cool-down.
    public static func standard(work: Int = HIITWorkout.Configuration.defaultExerciseLength) -> Circuit {
        Circuit(
            name: "Standard",
            exercises: HIITWorkout.standardExercises.map { Exercise($0.name, work: work, rest: 10) }, rounds: 3,
            warmUp: 30, coolDown: 30)
    }

    /// Tabata, always the same: 8 intervals of 20 s of work and 10 s of rest (the four exercises
    /// twice).
    public static let tabata = Circuit(
        name: "Tabata",
        exercises: HIITWorkout.standardExercises.map {
            Exercise($0.name, work: Intervals.tabata.work, rest: Intervals.tabata.rest)
        }, rounds: 2)

    /// EMOM, every minute on the minute for 10 minutes: burpees on the odd minutes, squats on
    /// the even, each minute's rest what is left of it.
    public static let emom = Circuit(
        name: "EMOM",
        exercises: [Exercise("Burpee", work: 60, rest: 0), Exercise("Squat", work: 60, rest: 0)], rounds: 5,
        kind: .emom)

    /// AMRAP, as many rounds as possible in 10 minutes of squats, burpees and step-ups; the
    /// member counts each round done.
    public static let amrap = Circuit(
        name: "AMRAP", exercises: [Exercise("Squat · Burpee · Step Up", work: 600, rest: 0)], rounds: 1,
        kind: .amrap)

    /// One stretch of a run.
    public enum Step: Hashable, Sendable {
        case warmUp
        /// The work of `exercises[exercise]` in round `round` (from 1).
        case work(exercise: Int, round: Int)
        /// The rest after that work.
        case rest(exercise: Int, round: Int)
        case coolDown
    }

    /// Every stretch of a run with its seconds, in order; stretches of 0 seconds are left out,
    /// and so is the rest after the very last work.
    public var steps: [(step: Step, seconds: Int)] {
        var steps: [(step: Step, seconds: Int)] = []
        if warmUp > 0 { steps.append((.warmUp, warmUp)) }
        for round in 1...rounds {
            for (index, exercise) in exercises.enumerated() {
                steps.append((.work(exercise: index, round: round), exercise.work))
                let last = round == rounds && index == exercises.count - 1
                if exercise.rest > 0 && !last { steps.append((.rest(exercise: index, round: round), exercise.rest)) }
            }
        }
        if coolDown > 0 { steps.append((.coolDown, coolDown)) }
        return steps
    }

    /// The seconds of a whole run.
    public var totalSeconds: Int { steps.reduce(0) { $0 + $1.seconds } }

}

/// A circuit under way, hands-free: each stretch a `Countdown` of one round started at the
/// previous stretch's deadline, so a late tick never stretches the circuit.
public struct CircuitRun: Hashable, Sendable {
    /// The circuit being run.
    public let circuit: Circuit
    /// Its stretches with their seconds.
    private let steps: [Circuit.Step]
    private let lengths: [Int]
    /// The stretch in progress (its index in `steps`).
    public private(set) var index = 0
    /// The countdown of the stretch in progress.
    public private(set) var countdown: Countdown
    /// Whether the cool-down (or the last stretch) has ended.
    public private(set) var isFinished = false
    /// The work stretches that ended, in order, for saving: exercise index, when it ended.
    public private(set) var finishedWork: [(exercise: Int, endedAt: Instant)] = []
    /// The rounds of an AMRAP the member marked done.
    public private(set) var roundsDone = 0

    /// A run of `circuit` starting at `now`.
    public init(circuit: Circuit, at now: Instant) {
        self.circuit = circuit
        let all = circuit.steps
        steps = all.map(\.step)
        lengths = all.map(\.seconds)
        countdown = Countdown(intervals: .single(seconds: lengths[0]), getReady: 0, at: now)
    }

    /// The stretch in progress.
    public var step: Circuit.Step { steps[index] }

    /// The stretch after this one, if any.
    public var nextStep: Circuit.Step? { index + 1 < steps.count ? steps[index + 1] : nil }

    /// The next exercise to work on: the one after the current rest or warm-up, or `nil`.
    public var nextExercise: Int? {
        for step in steps[(index + 1)...] {
            if case .work(let exercise, _) = step { return exercise }
        }
        return nil
    }

    /// The whole seconds left in the stretch in progress at `now`.
    public func secondsLeft(at now: Instant) -> Int { isFinished ? 0 : countdown.secondsLeft(at: now) }

    /// The seconds left in the whole circuit at `now`.
    public func totalSecondsLeft(at now: Instant) -> Int {
        guard !isFinished else { return 0 }
        return secondsLeft(at: now) + lengths[(index + 1)...].reduce(0, +)
    }

    /// Why the run stands still (empty while it runs).
    public var holds: Countdown.Holds { countdown.holds }

    /// Moves through every stretch that has ended by `now`; returns `true` when the bell should
    /// ring (a stretch ended, or the last three seconds of one).
    public mutating func advance(to now: Instant) -> Bool {
        guard !isFinished else { return false }
        var rings = false
        while !isFinished, let end = countdown.end, now >= end {
            rings = true
            if case .work(let exercise, _) = step { finishedWork.append((exercise, end)) }
            if index + 1 < steps.count {
                index += 1
                countdown = Countdown(intervals: .single(seconds: lengths[index]), getReady: 0, at: end)
            } else {
                isFinished = true
            }
        }
        if !isFinished && countdown.advance(to: now) { rings = true }
        return rings
    }

    /// Ends the stretch in progress at `now` and starts the next (the warm-up, a rest, a work
    /// stretch: a skipped work stretch is not saved, since it was not done). A held run stays
    /// held. Skipping the last stretch finishes the run.
    public mutating func skip(at now: Instant) {
        guard !isFinished else { return }
        let holds = countdown.holds
        guard index + 1 < steps.count else {
            isFinished = true
            return
        }
        index += 1
        countdown = Countdown(intervals: .single(seconds: lengths[index]), getReady: 0, at: now)
        if !holds.isEmpty { countdown.hold(holds, at: now) }
    }

    /// Adds `seconds` to the stretch in progress (or takes them away), with the countdown's
    /// floor: never below 5 seconds left by a key.
    public mutating func adjust(bySeconds seconds: Int, at now: Instant) {
        guard !isFinished else { return }
        countdown.adjust(bySeconds: seconds, at: now)
    }

    /// Counts a round of an AMRAP done.
    public mutating func markRoundDone() {
        guard !isFinished, circuit.kind == .amrap else { return }
        roundsDone += 1
    }

    /// Takes the work stretches ended since the last call, for saving.
    public mutating func takeFinishedWork() -> [(exercise: Int, endedAt: Instant)] {
        defer { finishedWork = [] }
        return finishedWork
    }

    /// Stops the clock for `reason`.
    public mutating func hold(_ reason: Countdown.Holds, at now: Instant) { countdown.hold(reason, at: now) }

    /// Takes away the hold for `reason`.
    public mutating func release(_ reason: Countdown.Holds, at now: Instant) { countdown.release(reason, at: now) }

    /// When the shown seconds next change (`nil` while held or once finished).
    public func nextChange(after now: Instant) -> Instant? { isFinished ? nil : countdown.nextChange(after: now) }

    public static func == (lhs: CircuitRun, rhs: CircuitRun) -> Bool {
        lhs.circuit == rhs.circuit && lhs.index == rhs.index && lhs.countdown == rhs.countdown
            && lhs.isFinished == rhs.isFinished && lhs.roundsDone == rhs.roundsDone
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(countdown)
        hasher.combine(roundsDone)
    }
}

extension Circuit {
    /// The circuit as the member writes it:
    /// `Squat 30/10, Burpee 20/10, Plank 45; rounds 3; warm-up 60; cool-down 60`.
    public var spec: String {
        let list = exercises.map { $0.rest > 0 ? "\($0.name) \($0.work)/\($0.rest)" : "\($0.name) \($0.work)" }
        let counting = kind == .intervals ? "" : "; \(kind.rawValue)"
        return list.joined(separator: ", ") + "; rounds \(rounds); warm-up \(warmUp); cool-down \(coolDown)" + counting
    }

    /// A circuit called `name` read from `spec` (as ``spec`` writes it): each exercise a name and
    /// its seconds of work, with `/` and its seconds of rest; then, after `;`, any of `rounds N`,
    /// `warm-up N`, `cool-down N` (1 round, none, none when left out). Throws a sentence saying
    /// what is wrong.
    public static func parse(name: String, spec: String) throws(CircuitProblem) -> Circuit {
        let name = name.trimmingBlanks()
        guard !name.isEmpty else { throw CircuitProblem("Give the circuit a name.") }
        guard name.count <= ValueLimits.circuitNameLength else {
            throw CircuitProblem("A circuit's name is at most \(ValueLimits.circuitNameLength) characters.")
        }
        let parts = spec.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingBlanks()
        }
        var exercises: [Exercise] = []
        for item in parts[0].split(separator: ",").map({ $0.trimmingBlanks() }) {
            guard let space = item.lastIndex(of: " ") else {
                throw CircuitProblem("\"\(item)\": write the exercise, then its seconds, e.g. Squat 30/10.")
            }
            let exercise = item[..<space].trimmingBlanks()
            let times = item[item.index(after: space)...].split(separator: "/", omittingEmptySubsequences: false)
            guard !exercise.isEmpty, exercise.count <= ValueLimits.circuitNameLength, (1...2).contains(times.count),
                let work = Int(times[0]), Intervals.lengthRange.contains(work),
                let rest = times.count == 2 ? Int(times[1]) : 0, ValueLimits.circuitPauseSeconds.contains(rest)
            else {
                throw CircuitProblem("\"\(item)\": seconds of work from 1 to 5999, then /rest, e.g. Squat 30/10.")
            }
            exercises.append(Exercise(exercise, work: work, rest: rest))
        }
        guard !exercises.isEmpty else { throw CircuitProblem("List at least one exercise, e.g. Squat 30/10.") }
        guard exercises.count <= Self.exerciseLimit else {
            throw CircuitProblem("A circuit has at most \(Self.exerciseLimit) exercises.")
        }
        var rounds = 1
        var warmUp = 0
        var coolDown = 0
        var kind = Kind.intervals
        for setting in parts.dropFirst() where !setting.isEmpty {
            if let counted = Kind(rawValue: setting.lowercased()) {
                kind = counted
                continue
            }
            let words = setting.split(separator: " ")
            guard words.count == 2, let value = Int(words[1]), value >= 0 else {
                throw CircuitProblem("\"\(setting)\": write rounds N, warm-up N or cool-down N.")
            }
            let word = words[0].lowercased()
            guard ["rounds", "warm-up", "cool-down"].contains(word) else {
                throw CircuitProblem("\"\(setting)\": write rounds N, warm-up N or cool-down N.")
            }
            let limit = word == "rounds" ? Intervals.roundRange : ValueLimits.circuitPauseSeconds
            guard limit.contains(value) else {
                throw CircuitProblem("\"\(setting)\": rounds 1–99, warm-up or cool-down 0–5999 seconds.")
            }
            switch word {
            case "rounds": rounds = value
            case "warm-up": warmUp = value
            default: coolDown = value
            }
        }
        return Circuit(
            name: name, exercises: exercises, rounds: rounds, warmUp: warmUp, coolDown: coolDown, kind: kind)
    }
}

/// Why a circuit as written cannot be read: a sentence for the member.
public struct CircuitProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) { self.description = description }
}

/// The circuits sheet: TermUI's list picker of the member's own circuits (listed first) and the
/// four built-in ones (Standard, Tabata, EMOM, AMRAP), filtered as the member types; Enter chooses
/// the one `c` runs. Ctrl-N makes a circuit from the highlighted one, Ctrl-O edits the member's
/// own, Ctrl-R renames it, Ctrl-X deletes it (after asking); a name no circuit has offers "+ New
/// circuit “Legs”". The field that makes, edits or renames one opens over the list.
public struct CircuitsEditor: Hashable, Sendable {
    /// What the text field is for.
    public enum Editing: Hashable, Sendable {
        /// A new circuit, written as `Name: spec`.
        case new
        /// A new circuit of this name (the "+ New" row): the field holds its exercises and timing.
        case newNamed(String)
        /// The exercises and timing of the member's circuit at this index of `presets`.
        case spec(Int)
        /// The name of the member's circuit at this index of `presets`.
        case rename(Int)
    }

    /// The member's own circuits.
    public internal(set) var presets: [Circuit]

    /// Every circuit on the sheet: the built-in four, then the presets.
    public func circuits(standard: Circuit) -> [Circuit] { [standard, .tabata, .emom, .amrap] + presets }

    /// How many built-in circuits head the sheet (Standard, Tabata, EMOM, AMRAP).
    public static let builtInCount = 4

    /// The index in `presets` of the member's circuit called `name`, if it is one of theirs.
    public func presetIndex(named name: String?) -> Int? { presets.firstIndex { $0.name == name } }

    /// The list picker of every circuit, `chosen` (the one `c` runs) highlighted and marked.
    func picker(standard: Circuit, chosen: Circuit, theme: Theme) -> ListPicker<String> {
        ListPicker(
            title: "Circuits", items: items(standard: standard, chosen: chosen), selected: chosen.name,
            fieldLabel: "Find", newLabel: "New circuit", commitLabel: "Choose",
            nameLimit: ValueLimits.circuitNameLength, theme: theme)
    }

    /// The picker's items: the member's own first, then Standard, Tabata, EMOM and
    /// AMRAP (fixed).
    func items(standard: Circuit, chosen: Circuit) -> [ListPicker<String>.Item] {
        func detail(_ circuit: Circuit, fixed: Bool) -> String {
            (circuit == chosen ? "● " : "") + (fixed ? "fixed · " : "") + circuit.spec
        }
        return presets.map { ListPicker.Item($0.name, label: $0.name, detail: detail($0, fixed: false), isOwn: true) }
            + [standard, .tabata, .emom, .amrap].map {
                ListPicker.Item($0.name, label: $0.name, detail: detail($0, fixed: true))
            }
    }
}
