import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// `termfit flashcards --help` names only keys that do something in some state of the workout,
/// and every key the cards' help bar offers.
@Suite struct FlashcardsCommandLineHelpTests {
    @Test func theHelpNamesTheKeysOfTheWorkout() {
        let states = FlashcardsScreens.names.filter { !$0.hasPrefix("plain") }.map {
            FlashcardsScreens.harness($0, size: Size(width: 100, height: 30))
        }
        let problems = HelpKeys.problems(
            help: FlashcardsWorkout.commandLineHelp, states: states.map { $0.workout.bindings(at: $0.now) },
            screens: states.filter { $0.workout.sheet == nil }.map { $0.workout.bindings(at: $0.now) })
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
