import App
import ArgumentParser
import Foundation
import Store

/// `termfit dumbbells`: the dumbbell workout straight away; leaving it ends the program.
struct DumbbellsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dumbbells",
        abstract: "Log dumbbell sets: weight × reps, set timer, rest countdown, summary.",
        discussion: """
            Each finished set is saved at once. Keys are shown at the bottom of the screen; press ? \
            for all of them. A field moved onto is selected: the first digit typed replaces its value \
            (a finished set's too), Enter, Tab or an arrow keeps it (a correction is saved) and Esc \
            puts it back. --sets and --exercise apply to this run only; inside the workout, a adds a \
            set and d deletes one (it asks first), e chooses the exercise (your own ones always \
            listed; a name in another case is the same exercise) and u the unit, and those are kept \
            for the profile; during a rest + and - make it 15 s longer or shorter, and r offers any \
            length typed besides the presets; x ends the workout (it asks first) and q or Esc leaves \
            (it asks first when work would be lost); h lists past workouts, to correct or delete \
            their sets.
            """)

    @Option(name: .customLong("sets"), help: "Rows in the table of sets, 1 to 10 (default: the profile's, else 3).")
    var sets: Int?

    @Option(
        name: .customLong("exercise"),
        help: ArgumentHelp("The exercise, e.g. \"Hammer curl\" (default: the one last chosen).", valueName: "name"))
    var exercise: String?

    @OptionGroup var interface: InterfaceOptions
    @OptionGroup var data: DataOptions

    func validate() throws {
        if let sets, !(1...10).contains(sets) {
            throw ValidationError("--sets takes a number from 1 to 10.")
        }
        if let exercise, exercise.allSatisfy(\.isWhitespace) {
            throw ValidationError("--exercise needs a name.")
        }
    }

    func run() throws {
        let options = WorkoutOptions(dumbbells: DumbbellsOptions(setCount: sets, exercise: exercise))
        try Interactive.run(interface: interface, data: data, workout: "dumbbells", options: options)
    }
}

/// The dumbbell workout on the home menu (and for `termfit dumbbells`), on the profile's data in
/// `database`.
///
/// - Parameter options: `--sets` and `--exercise` of `termfit dumbbells`; empty otherwise.
func dumbbellsEntry(database: StoreOpening, options: DumbbellsOptions = DumbbellsOptions()) -> WorkoutEntry {
    .dumbbells(options: options) { profile in try database.memberData(named: profile) }
}
