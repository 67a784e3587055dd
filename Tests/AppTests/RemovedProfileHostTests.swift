import Dumbbells
import Foundation
import Records
import Store
import TermUI
import Testing

@testable import App

/// A profile removed (`termfit kiosk remove-member --delete-data`) under a running workout, on a
/// real SQLite file: its next save is refused, TermFit asks to quit instead of trying again, and
/// nothing is kept that could make the profile again.
@Suite struct RemovedProfileHostTests {
    @Test func theNextSaveAfterTheRemovalEndsTheProgramAndKeepsNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-removed-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let location = StoreLocation(directory: directory, origin: .argument)
        let profile = try TermFitStore.open(at: location).profileStore(named: "alex")
        let entry = WorkoutEntry(identifier: "dumbbells", title: "Dumbbells", summary: "sets") { context in
            WorkoutHost<DumbbellsData>(context: context, log: profile, settings: profile)
        }
        var app = AppScene(
            context: AppContext(profile: "alex"), workouts: [entry], profiles: InMemoryProfileDirectory(["alex"]))
        _ = app.handle(.resize(Size(width: 80, height: 24)), at: .zero)
        _ = app.handle(.key(.enter), at: .zero)
        #expect(app.activeWorkout == "dumbbells")

        func doSet() -> [Effect] {
            [Key.character("5"), .tab, .character("8"), .enter, .enter].flatMap { app.handle(.key($0), at: .zero) }
        }
        #expect(!doSet().contains(.quit))
        #expect(app.unsavedWork.isEmpty, "the first set went in")
        #expect(app.removedProfile == nil)

        // The operator removes the profile while the workout runs.
        let operatorStore = try TermFitStore.open(at: location)
        #expect(try operatorStore.deleteProfile(named: "alex"))

        _ = app.handle(.key(.escape), at: .zero)
        let effects = doSet()
        #expect(effects.contains(.quit), "the refused save ends the program, not just the workout")
        #expect(app.activeWorkout == "dumbbells", "not back to the menu, where more could be saved")
        #expect(app.removedProfile == "alex")
        #expect(app.unsavedWork.isEmpty, "no recovery step is kept for a removed profile")
        #expect(try operatorStore.profiles().map(\.name).isEmpty, "the refused save did not make alex again")

        // What TermFit's end still hands over is nothing of alex's, even after the last try.
        _ = app.handle(.terminate, at: .zero)
        #expect(app.unsavedWork.isEmpty)
        #expect(try operatorStore.profiles().isEmpty)
    }
}
