import TermUI
import TestSupport
import Testing

@testable import CardDeck

/// `termfit cards --help` names only keys that do something in some state of the workout, and
/// every key the deck's and the flipping cards' help bars offer.
@Suite struct CardsCommandLineHelpTests {
    @Test func theHelpNamesTheKeysOfTheWorkout() {
        let states = CardsStates.all()
        let problems = HelpKeys.problems(
            help: CardWorkout.commandLineHelp, states: states.map(\.harness.workout.bindings),
            screens: states.filter { $0.harness.workout.sheets.isEmpty }.map(\.harness.workout.bindings))
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
