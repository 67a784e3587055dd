import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// `termfit dumbbells --help` names only keys that do something in some state of the workout,
/// and every key the table's help bar offers.
@Suite struct DumbbellsCommandLineHelpTests {
    @Test func theHelpNamesTheKeysOfTheWorkout() {
        let states = DumbbellsStates.all()
        let problems = HelpKeys.problems(
            help: DumbbellsWorkout.commandLineHelp, states: states.map(\.harness.workout.bindings),
            screens: states.filter { $0.harness.workout.sheet == nil }.map(\.harness.workout.bindings))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
