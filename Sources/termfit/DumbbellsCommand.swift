import App
import ArgumentParser
import Dumbbells
import Foundation
import Store

/// `termfit dumbbells`: the dumbbell workout straight away; leaving it ends the program.
struct DumbbellsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dumbbells",
        abstract: "Log dumbbell sets: weight × reps, set timer, rest countdown, summary.",
        discussion: DumbbellsWorkout.commandLineHelp)

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
