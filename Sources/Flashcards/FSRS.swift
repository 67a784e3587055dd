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

/// The Free Spaced Repetition Scheduler, version 6 (FSRS-6), the scheduler Anki uses, matching the
/// reference implementation py-fsrs 6.3.2 step for step (Tests/FlashcardsTests/Vectors holds its
/// answers), with its published default parameters; desired retention, maximum interval and fuzz
/// are the member's settings.
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
///   Hard, Good and Easy (py-fsrs 6.3.2: a same-day Hard no longer lowers stability); so answering
///   a card several times in one day does not push it out.
/// - Easy out of the learning steps waits at least a day longer than Good would, as in Anki.
/// - fuzz (Anki's, when on): a review interval of 3 days or more moves by up to ±15 % (2.5–7 days),
///   ±10 % (7–20) and ±5 % beyond, by a generator seeded from the card and its answer count, so the
///   interval a grade shows is the one it gives.
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
    /// Whether review intervals are fuzzed (Anki's fuzz, seeded per card and answer).
    public var fuzzes: Bool
    /// Whether Easy on a card in its (re)learning steps gives at least a day more than Good
    /// would, as Anki does (py-fsrs does not: its test vectors are replayed without it).
    public var easyOutlastsGood: Bool

    /// The desired retentions a member may choose.
    public static let retentionRange = 0.7...0.99

    /// The scheduler with the published defaults: retention 0.9, steps 1 min 10 min and 10 min, at
    /// most 100 years.
    public init(
        parameters: [Double] = FSRS.defaultParameters, desiredRetention: Double = 0.9,
        learningSteps: [TimeInterval] = [60, 600], relearningSteps: [TimeInterval] = [600],
        maximumInterval: Int = 36_500, fuzzes: Bool = false, easyOutlastsGood: Bool = true
    ) {
        self.parameters = parameters.count == 21 ? parameters : FSRS.defaultParameters
        self.desiredRetention = min(
            Self.retentionRange.upperBound, max(Self.retentionRange.lowerBound, desiredRetention))
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = max(1, maximumInterval)
        self.fuzzes = fuzzes
        self.easyOutlastsGood = easyOutlastsGood
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
        if grade >= .hard { increase = max(1, increase) }
        return max(Self.minimumStability, stability * increase)
    }

    static func clampDifficulty(_ difficulty: Double) -> Double { min(10, max(1, difficulty)) }

    /// `days` fuzzed as py-fsrs and Anki do: unchanged under 3 days, else a whole number of days
    /// drawn from a range around it (see the type's summary) by a generator seeded with `seed`.
    public func fuzzed(_ days: Int, seed: UInt64) -> Int {
        guard fuzzes, Double(days) >= 2.5 else { return days }
        var delta = 1.0
        for (start, end, factor) in [(2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, Double.infinity, 0.05)] {
            delta += factor * max(min(Double(days), end) - start, 0)
        }
        let upper = min(Int((Double(days) + delta).rounded(.toNearestOrEven)), maximumInterval)
        let lower = min(max(2, Int((Double(days) - delta).rounded(.toNearestOrEven))), upper)
        var random = SeededRandom(seed: seed)
        let unit = Double(random.next() >> 11) / Double(1 << 53)
        let drawn = (unit * Double(upper - lower + 1) + Double(lower)).rounded(.toNearestOrEven)
        return min(Int(drawn), upper)
    }
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
    /// How many answers it has had (cram answers are not counted); with the card, it seeds fuzz.
    public private(set) var answerCount = 0

    /// A card never answered.
    public init() {}

    /// The memory after `reviews` of one card, replayed oldest first; cram answers are skipped.
    public init(replaying reviews: [FlashcardReview], using fsrs: FSRS = FSRS()) {
        for review in reviews.sorted(by: { $0.reviewedAt < $1.reviewedAt }) where !review.isCram {
            record(review.grade, at: review.reviewedAt, using: fsrs, card: review.cardID)
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

    /// Records one answer of `grade` at `date` to `card` (whose identifier seeds the fuzz).
    public mutating func record(_ grade: ReviewGrade, at date: Date, using fsrs: FSRS, card: UUID? = nil) {
        // Anki: Easy out of the (re)learning steps waits at least a day longer than Good would.
        var goodInterval: Int?
        if grade == .easy, fsrs.easyOutlastsGood, isNew || isLearning {
            goodInterval = fsrs.interval(stability: after(.good, at: date, using: fsrs, card: card).stability)
        }
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
        // Fuzz applies only where the card ends up in review, the one place the interval is used.
        var interval = fsrs.fuzzed(fsrs.interval(stability: stability), seed: Self.fuzzSeed(card, answerCount))
        if let goodInterval { interval = min(fsrs.maximumInterval, max(interval, goodInterval + 1)) }
        let wait: TimeInterval
        switch phase {
        case .new, .review:
            if phase == .review, grade == .again, let first = fsrs.relearningSteps.first {
                phase = .relearning(step: 0)
                wait = first
            } else {
                phase = .review
                wait = Double(interval) * FSRS.day
            }
        case .learning(let step):
            (phase, wait) = Self.step(step, of: fsrs.learningSteps, after: grade, interval: interval) {
                .learning(step: $0)
            }
        case .relearning(let step):
            (phase, wait) = Self.step(step, of: fsrs.relearningSteps, after: grade, interval: interval) {
                .relearning(step: $0)
            }
        }
        answerCount += 1
        lastReviewed = date
        due = date.addingTimeInterval(wait)
    }

    /// What the card would be after `grade` at `date`, for the interval a grade button shows.
    public func after(_ grade: ReviewGrade, at date: Date, using fsrs: FSRS, card: UUID? = nil) -> CardMemory {
        var memory = self
        memory.record(grade, at: date, using: fsrs, card: card)
        return memory
    }

    /// The fuzz's seed for the answer numbered `count` to `card`: the same answer always draws the
    /// same interval, so the interval a grade shows is the one it gives.
    static func fuzzSeed(_ card: UUID?, _ count: Int) -> UInt64 {
        let bytes = card.map { withUnsafeBytes(of: $0.uuid) { Array($0) } } ?? []
        let seed = bytes.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        return seed &+ UInt64(count) &* 0x9E37_79B9_7F4A_7C15
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
