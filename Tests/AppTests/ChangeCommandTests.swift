import App
import Foundation
import Records
import TermUI
import Testing

/// Every host queues the change itself (`UnsavedStep`): what the worker carries out is what a
/// recovery file keeps, so a change is declared once for both.
@Suite struct ChangeCommandTests {
    @Test func aChangeIsCarriedOutOnItsOwnWorkoutsLogAndRefusedOnAnothers() throws {
        let log = InMemoryWorkoutLog()
        let squat = HIITSession(
            exercise: "Squat", startedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 30,
            completed: true)
        let step = UnsavedStep.hiitExercise(squat)
        #expect(throws: LogError.invalidValue("hiit: Squat is not a change of the card workout")) {
            try step.carryOut(onCards: log)
        }
        #expect(try log.hiitSessions(since: nil, limit: nil).isEmpty)
        try step.carryOut(onHIIT: log)
        #expect(try log.hiitSessions(since: nil, limit: nil) == [squat])
    }

    @Test func theHIITHostQueuesTheStepARecoveryFileKeeps() {
        let data = HIITData.open(context: AppContext(profile: "alex"), log: InMemoryWorkoutLog()).1
        let squat = HIITSession(
            exercise: "Squat", startedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 30,
            completed: true)
        var workout = HIITData.open(context: AppContext(profile: "alex"), log: InMemoryWorkoutLog()).0
        guard case .save(let command) = data.route(.save(.hiitExercise(squat)), in: &workout, at: .zero) else {
            Issue.record("a done exercise is a command")
            return
        }
        #expect(command == .hiitExercise(squat))
        #expect(data.describe([.hiitExercise(squat), .hiitExercise(squat)], in: nil) == "Squat")
        // A settings command waits in the same queue, and is named as settings.
        let rating = UnsavedStep.settings([
            .item(setting: "hiit.ratings", key: "Squat", expected: nil, new: .number(4))
        ])
        var stepUp = squat
        stepUp.exercise = "Step Up"
        #expect(data.describe([rating], in: nil) == "the settings")
        #expect(data.describe([.hiitExercise(squat), rating, .hiitExercise(stepUp)], in: nil) == "2 exercises")
    }
}
