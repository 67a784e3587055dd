extension HIITWorkout {
    /// One exercise of the workout: its name, how it is done, and (optionally) its own timing.
    public struct Exercise: Hashable, Sendable {
        /// The name shown on its page and kept in the history, e.g. "Squat".
        public var name: String
        /// The figure that shows how it is done.
        public var demonstration: Demonstration
        /// Its own work, rest and rounds; `nil` uses the workout's.
        public var intervals: Intervals?

        /// An exercise called `name`, shown by `demonstration`.
        public init(_ name: String, demonstration: Demonstration, intervals: Intervals? = nil) {
            self.name = name
            self.demonstration = demonstration
            self.intervals = intervals
        }
    }

    /// Everything about a workout that stays the same while it runs.
    public struct Configuration: Hashable, Sendable {
        /// The exercises, one page each, in order (at least one).
        public var exercises: [Exercise]
        /// The seconds of a plain countdown (`hiit.exerciseSeconds`, `--seconds`). Tabata does not
        /// read it: Tabata is always 20 s of work and 10 s of rest, 8 times.
        public var exerciseLength: Int
        /// Start every exercise as Tabata intervals (`--tabata`).
        public var usesTabata: Bool
        /// Seconds of 3-2-1 before the first round (0 for none).
        public var getReadySeconds: Int
        /// Ring the terminal bell in the last three seconds of each stretch and at its end
        /// (`--quiet` turns it off).
        public var ringsBell: Bool
        /// Show still figures instead of animations (`--reduce-motion`).
        public var reducesMotion: Bool
        /// Use colour; without it nothing is told by colour alone.
        public var usesColor: Bool
        /// The circuit `c` runs hands-free: the standard one (`exerciseLength` of work), or
        /// Tabata with `usesTabata`, unless one is given.
        public var circuit: Circuit

        /// The countdown length when nothing else is set.
        public static let defaultExerciseLength = 30

        /// A configuration; see the properties for what each value does.
        public init(
            exercises: [Exercise] = HIITWorkout.standardExercises,
            exerciseLength: Int = Configuration.defaultExerciseLength, usesTabata: Bool = false,
            getReadySeconds: Int = 3, ringsBell: Bool = true,
            reducesMotion: Bool = false, usesColor: Bool = true, circuit: Circuit? = nil
        ) {
            self.exercises = exercises.isEmpty ? HIITWorkout.standardExercises : exercises
            self.exerciseLength = exerciseLength.clamped(to: Intervals.lengthRange)
            self.usesTabata = usesTabata
            self.getReadySeconds = getReadySeconds.clamped(to: 0...9)
            self.ringsBell = ringsBell
            self.reducesMotion = reducesMotion
            self.usesColor = usesColor
            self.circuit = circuit ?? (usesTabata ? .tabata : .standard(work: self.exerciseLength))
        }

        /// The Tabata intervals: always the fixed preset, 20 s of work and 10 s of rest, × 8.
        public var tabata: Intervals { .tabata }

        /// The intervals exercise `index` starts with.
        public func intervals(forExercise index: Int) -> Intervals {
            if exercises.indices.contains(index), let own = exercises[index].intervals { return own }
            return usesTabata ? tabata : .single(seconds: exerciseLength)
        }
    }

    /// The four exercises of the standard workout.
    public static let standardExercises = [
        Exercise("Squat", demonstration: .squat),
        Exercise("Step Up", demonstration: .stepUp),
        Exercise("Burpee", demonstration: .burpee),
        Exercise("Sun Salute", demonstration: .sunSalute),
    ]
}
