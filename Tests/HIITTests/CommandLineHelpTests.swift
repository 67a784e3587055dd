import TermUI
import TestSupport
import Testing

@testable import HIIT

/// `termfit hiit --help` names only keys that do something in some state of the workout, and
/// every key the pages' and the hands-free circuit's help bars offer.
@Suite struct HIITCommandLineHelpTests {
    @Test func theHelpNamesTheKeysOfTheWorkout() {
        // An own circuit highlighted in the circuits sheet: Ctrl-O, Ctrl-R and Ctrl-X act on it.
        var own = HIITStates.all()[17].harness
        own.press(.enter)
        let states = HIITStates.all() + [("an own circuit", own)]
        let problems = HelpKeys.problems(
            help: HIITWorkout.commandLineHelp, states: states.map(\.harness.workout.bindings),
            screens: states.filter { $0.harness.workout.sheet == nil }.map(\.harness.workout.bindings))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
