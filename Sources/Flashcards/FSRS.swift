import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Free Spaced Repetition Scheduler, version 6 (FSRS-6), the scheduler Anki uses, written from
/// its published description (open-spaced-repetition, fsrs4anki wiki, "The Algorithm", FSRS-6)
/// with its published default parameters, a desired retention of 0.9 and no fuzz.
///
/// A card's memory has a stability S (days until its recall probability falls to 90 %) and a
/// difficulty D (1…10). With t whole days since the last review and grade G (Again 1 … Easy 4):
///
/// - forgetting curve: R(t, S) = (1 + F · t / S)^−w20, F = 0.9^(−1/w20) − 1
/// - interval: I(r, S) = S / F · (r^(−1/w20) − 1), rounded to whole days, 1 … maximum
/// - first answer: S₀(G) = w[G−1], D₀(G) = w4 − e^(w5 · (G − 1)) + 1, clamped to 1…10
/// - next difficulty: D' = w7 · D₀(4) + (1 − w7) · (D + (10 − D) · (−w6 · (G − 3)) / 9), clamped
/// - recalled (G ≥ 2): S' = S · (1 + e^w8 · (11 − D) · S^−w9 · (e^(w10 · (1 − R)) − 1) · w15 if Hard · w16 if Easy)
/// - forgotten (G = 1): S' = min(w11 · D^−w12 · ((S + 1)^w13 − 1) · e^(w14 · (1 − R)), S / e^(w17 · w18))
/// - again the same day (t < 1): S' = S · e^(w17 · (G − 3 + w18)) · S^−w19, never less than S for
///   Good and Easy; so answering a card several times in one day does not push it out.
///
/// New cards go through learning steps (1 min, 10 min) and forgotten ones through relearning
/// steps (10 min) before their interval is in days, as in Anki.
public struct FSRS: Hashable, Sendable {
    /// FSRS-6's published default parameters w0…w20.
    public static let defaultParameters: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614,
        0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]
    /// The lowest stability FSRS allows, in days.
    public static let minimumStability = 0.001
    /// Seconds in a day.
    static let day: TimeInterval = 86_400

    /// w0…w20.
    public var parameters: [Double]
    /// The chance of recall at which a card is due.
    public var desiredRetention: Double
    /// The waits of a new card in learning, in seconds.
    public var learningSteps: [TimeInterval]
    /// The waits of a forgotten card in relearning, in seconds.
    public var relearningSteps: [TimeInterval]
    /// The longest interval, in days.
    public var maximumInterval: Int

    /// The scheduler with the published defaults: retention 0.9, steps 1 min 10 min and 10 min, at
    /// most 100 years.
    public init(
        parameters: [Double] = FSRS.defaultParameters, desiredRetention: Double = 0.9,
        learningSteps: [TimeInterval] = [60, 600], relearningSteps: [TimeInterval] = [600],
        maximumInterval: Int = 36_500
    ) {
        self.parameters = parameters.count == 21 ? parameters : FSRS.defaultParameters
        self.desiredRetention = min(0.99, max(0.7, desiredRetention))
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = max(1, maximumInterval)
    }

    private func w(_ index: Int) -> Double { parameters[index] }
    private var decay: Double { -w(20) }
    private var factor: Double { pow(0.9, 1 / decay) - 1 }

    /// The chance of recall `elapsedDays` after the last review at `stability`.
    public func retrievability(elapsedDays: Int, stability: Double) -> Double {
        pow(1 + factor * Double(max(0, elapsedDays)) / stability, decay)
    }

    /// S₀(G).
    public func initialStability(_ grade: ReviewGrade) -> Double {
        max(Self.minimumStability, w(grade.number - 1))
    }

    /// D₀(G), clamped to 1…10 unless `clamped` is false.
    public func initialDifficulty(_ grade: ReviewGrade, clamped: Bool = true) -> Double {
        let difficulty = w(4) - exp(w(5) * Double(grade.number - 1)) + 1
        return clamped ? Self.clampDifficulty(difficulty) : difficulty
    }

    /// The interval in whole days at which recall falls to the desired retention.
    public func interval(stability: Double) -> Int {
        let days = stability / factor * (pow(desiredRetention, 1 / decay) - 1)
        return min(maximumInterval, max(1, Int(days.rounded(.toNearestOrEven))))
    }

    /// D' after `grade`.
    public func nextDifficulty(_ difficulty: Double, after grade: ReviewGrade) -> Double {
        let change = -w(6) * Double(grade.number - 3)
        let damped = difficulty + (10 - difficulty) * change / 9
        return Self.clampDifficulty(w(7) * initialDifficulty(.easy, clamped: false) + (1 - w(7)) * damped)
    }

    /// S' after `grade` a day or more after the last review, at recall chance `retrievability`.
    public func nextStability(
        difficulty: Double, stability: Double, retrievability: Double, after grade: ReviewGrade
    ) -> Double {
        let next: Double
        if grade == .again {
            let longTerm =
                w(11) * pow(difficulty, -w(12)) * (pow(stability + 1, w(13)) - 1) * exp((1 - retrievability) * w(14))
            next = min(longTerm, stability / exp(w(17) * w(18)))
        } else {
            let penalty = grade == .hard ? w(15) : 1
            let bonus = grade == .easy ? w(16) : 1
            next =
                stability
                * (1 + exp(w(8)) * (11 - difficulty) * pow(stability, -w(9))
                    * (exp((1 - retrievability) * w(10)) - 1) * penalty * bonus)
        }
        return max(Self.minimumStability, next)
    }

    /// S' after `grade` less than a day after the last review.
    public func sameDayStability(_ stability: Double, after grade: ReviewGrade) -> Double {
        var increase = exp(w(17) * (Double(grade.number - 3) + w(18))) * pow(stability, -w(19))
        if grade >= .good { increase = max(1, increase) }
        return max(Self.minimumStability, stability * increase)
    }

    static func clampDifficulty(_ difficulty: Double) -> Double { min(10, max(1, difficulty)) }
}

/// What FSRS knows of one card, replayed from its answers.
public struct CardMemory: Hashable, Sendable {
    /// Where the card is in Anki's cycle.
    public enum Phase: Hashable, Sendable {
        /// Never answered.
        case new
        /// New, going through the learning steps; `step` indexes them.
        case learning(step: Int)
        /// Scheduled in days.
        case review
        /// Forgotten, going through the relearning steps.
        case relearning(step: Int)
    }

    /// Where the card is.
    public private(set) var phase = Phase.new
    /// S, in days (0 for a new card).
    public private(set) var stability = 0.0
    /// D, 1…10 (0 for a new card).
    public private(set) var difficulty = 0.0
    /// When it was last answered; `nil` for a new card.
    public private(set) var lastReviewed: Date?
    /// When it is next due; `nil` for a new card (due at once).
    public private(set) var due: Date?
    /// When it was first answered (it stopped being new then).
    public private(set) var firstReviewed: Date?

    /// A card never answered.
    public init() {}

    /// The memory after `reviews` of one card, replayed oldest first; cram answers are skipped.
    public init(replaying reviews: [FlashcardReview], using fsrs: FSRS = FSRS()) {
        for review in reviews.sorted(by: { $0.reviewedAt < $1.reviewedAt }) where !review.isCram {
            record(review.grade, at: review.reviewedAt, using: fsrs)
        }
    }

    /// Whether the card was never answered.
    public var isNew: Bool { phase == .new }

    /// Whether the card is in its (re)learning steps.
    public var isLearning: Bool {
        switch phase {
        case .learning, .relearning: true
        case .new, .review: false
        }
    }

    /// Whole days from the last review to the due date (0 for a step within the day).
    public var intervalDays: Int {
        guard let lastReviewed, let due else { return 0 }
        return Int((due.timeIntervalSince(lastReviewed) / FSRS.day).rounded(.down))
    }

    /// Whether the card should be answered at `date`: new, or its due date has come.
    public func isDue(at date: Date) -> Bool {
        due.map { $0 <= date } ?? true
    }

    /// Records one answer of `grade` at `date`.
    public mutating func record(_ grade: ReviewGrade, at date: Date, using fsrs: FSRS) {
        let elapsedDays = lastReviewed.map { Int((date.timeIntervalSince($0) / FSRS.day).rounded(.down)) }
        if phase == .new {
            stability = fsrs.initialStability(grade)
            difficulty = fsrs.initialDifficulty(grade)
            firstReviewed = date
            phase = .learning(step: 0)
        } else {
            if let elapsedDays, elapsedDays < 1 {
                stability = fsrs.sameDayStability(stability, after: grade)
            } else {
                let recall = fsrs.retrievability(elapsedDays: elapsedDays ?? 0, stability: stability)
                stability = fsrs.nextStability(
                    difficulty: difficulty, stability: stability, retrievability: recall, after: grade)
            }
            difficulty = fsrs.nextDifficulty(difficulty, after: grade)
        }
        let wait: TimeInterval
        switch phase {
        case .new, .review:
            if phase == .review, grade == .again, let first = fsrs.relearningSteps.first {
                phase = .relearning(step: 0)
                wait = first
            } else {
                phase = .review
                wait = Double(fsrs.interval(stability: stability)) * FSRS.day
            }
        case .learning(let step):
            (phase, wait) = Self.step(
                step, of: fsrs.learningSteps, after: grade, interval: fsrs.interval(stability: stability)
            ) { .learning(step: $0) }
        case .relearning(let step):
            (phase, wait) = Self.step(
                step, of: fsrs.relearningSteps, after: grade, interval: fsrs.interval(stability: stability)
            ) { .relearning(step: $0) }
        }
        lastReviewed = date
        due = date.addingTimeInterval(wait)
    }

    /// The next phase and wait of a card at `step` of `steps` answered `grade`: Again back to the
    /// first step, Hard the same step again (between the first two on the first), Good the next
    /// step or, after the last, a review in `interval` days; Easy a review at once.
    private static func step(
        _ step: Int, of steps: [TimeInterval], after grade: ReviewGrade, interval: Int,
        making phase: (Int) -> Phase
    ) -> (Phase, TimeInterval) {
        let review = (Phase.review, Double(interval) * FSRS.day)
        if steps.isEmpty || (step >= steps.count && grade != .again) { return review }
        switch grade {
        case .again:
            return (phase(0), steps[0])
        case .hard:
            if step == 0 { return (phase(0), steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2) }
            return (phase(step), steps[step])
        case .good:
            return step + 1 >= steps.count ? review : (phase(step + 1), steps[step + 1])
        case .easy:
            return review
        }
    }
}
