import Flashcards
import Records
import TermUI
import Terminal
import Testing

@testable import App

/// A workout's delete question, as the run loop and the too-small notice see it: Flashcards'
/// "Delete deck?" through the real `AppScene` and `SceneDriver`, its deck in a real library.
@Suite struct DeleteQuestionTests {
    private let log = InMemoryWorkoutLog()

    /// The app opened straight on Flashcards (which makes the starter deck), its deck list open.
    private func onTheDeckList() -> SceneDriver<AppScene> {
        let log = self.log
        var scene = AppScene(
            context: AppContext(profile: "alex"), workouts: [.flashcards(openLibrary: { _ in log })],
            profiles: InMemoryProfileDirectory(["alex"]), opening: "flashcards")
        _ = scene.handle(.resize(Size(width: 80, height: 24)), at: .zero)
        var driver = SceneDriver(scene: scene, size: Size(width: 80, height: 24), measure: { .zero })
        _ = driver.start(at: .zero)
        _ = driver.frame(at: .zero)
        _ = driver.deliver([.key(.character("d"))], at: .zero)
        _ = driver.frame(at: .zero)
        return driver
    }

    private func deckNames() throws -> [String] { try log.decks().map(\.name) }

    private func notice(_ scene: AppScene) -> String {
        var composition = Composition(size: scene.size)
        scene.render(into: &composition, at: .zero)
        return composition.flatten().lines().joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    @Test func xAndYInOneReadAskButDeleteNothing() throws {
        var driver = onTheDeckList()
        #expect(try deckNames() == [StarterDeck.name])
        #expect(driver.scene.pendingQuestion == nil)
        _ = driver.deliver([.key(.control("x")), .key(.character("y"))], at: .zero)
        #expect(try deckNames() == [StarterDeck.name], "the y came with the x that asked")
        #expect(driver.scene.pendingQuestion?.hasPrefix("Delete deck? Delete “\(StarterDeck.name)” and its") == true)
        #expect(driver.scene.pendingConfirmation?.keysLine() == "y Delete · n Keep")
        _ = driver.frame(at: .zero)
        _ = driver.deliver([.key(.character("y"))], at: .zero)
        #expect(try deckNames().isEmpty, "a y typed after the question was drawn deletes")
        #expect(driver.scene.pendingQuestion == nil)
    }

    @Test func aPastedXYDeletesNothing() throws {
        var driver = onTheDeckList()
        _ = driver.deliver([.key(.control("x")), .paste("y"), .key(.enter)], at: .zero)
        #expect(try deckNames() == [StarterDeck.name])
        #expect(driver.scene.pendingQuestion != nil)
    }

    @Test func onTheTooSmallNoticeTheQuestionShowsItsOwnAnswersAndTheyDoWhatTheySay() throws {
        var driver = onTheDeckList()
        _ = driver.deliver([.key(.control("x"))], at: .zero)
        _ = driver.deliver([.resize(Size(width: 39, height: 12))], at: .zero)
        let question = try #require(driver.scene.pendingQuestion)
        #expect(notice(driver.scene).hasPrefix("\(question) y Delete · n Keep The window is too small."))
        _ = driver.deliver([.key(.character("q"))], at: .zero)
        #expect(driver.scene.activeWorkout == "flashcards", "q does not leave under the delete question")
        _ = driver.deliver([.key(.character("n"))], at: .zero)
        #expect(driver.scene.pendingQuestion == nil, "n keeps")
        #expect(try deckNames() == [StarterDeck.name])
        _ = driver.deliver([.resize(Size(width: 80, height: 24))], at: .zero)
        _ = driver.deliver([.key(.control("x"))], at: .zero)
        _ = driver.deliver([.resize(Size(width: 39, height: 12))], at: .zero)
        _ = driver.deliver([.key(.escape)], at: .zero)
        #expect(driver.scene.pendingQuestion == nil, "Esc keeps")
        #expect(try deckNames() == [StarterDeck.name])
        _ = driver.deliver([.resize(Size(width: 80, height: 24))], at: .zero)
        _ = driver.deliver([.key(.control("x"))], at: .zero)
        _ = driver.deliver([.resize(Size(width: 39, height: 12))], at: .zero)
        _ = driver.deliver([.key(.enter)], at: .zero)
        #expect(try deckNames().isEmpty, "Enter deletes, as on the full screen")
        #expect(driver.scene.activeWorkout == "flashcards")
    }
}
