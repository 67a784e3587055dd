import TermUI
import Testing

@testable import Terminal

/// A list with one item: `x` asks (with the real `ConfirmSheet`) before it deletes the item, and
/// the question's answer keys decide; any other key is recorded.
private struct DeletingScene: Scene, AsksQuestions {
    var question: ConfirmSheet?
    var deleted = false
    var typed: [Key] = []
    var others: [Event] = []

    mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        guard case .key(let key) = event else {
            others.append(event)
            return []
        }
        if let question {
            switch question.handle(key) {
            case .leave:
                deleted = true
                self.question = nil
            case .stay: self.question = nil
            case .none: break
            }
            return []
        }
        if key == .character("x") && !deleted {
            question = ConfirmSheet("The item goes.", title: "Delete?", confirm: "Delete", cancel: "Keep")
        } else {
            typed.append(key)
        }
        return []
    }

    var pendingQuestion: String? { question?.question }

    func render(into composition: inout Composition, at now: Instant) { question?.render(into: &composition) }

    func nextDeadline(after now: Instant) -> Instant? { nil }
}

/// A question that deletes or discards takes only keys typed after it was drawn: the keys of the
/// same wake-up as the key that asked it were on their way before the member saw it.
@Suite struct QuestionGateTests {
    private let size = Size(width: 40, height: 10)

    private func driver() -> SceneDriver<DeletingScene> {
        var driver = SceneDriver(scene: DeletingScene(), size: size, measure: { .zero })
        _ = driver.start(at: .zero)
        _ = driver.frame(at: .zero)
        return driver
    }

    @Test func anAnswerInTheSameReadAsTheQuestionIsDropped() {
        var driver = driver()
        _ = driver.deliver([.key(.character("x")), .key(.character("y"))], at: .zero)
        #expect(!driver.scene.deleted, "y came with the x that asked")
        #expect(driver.scene.question != nil, "the question stands, drawn")
        #expect(driver.frame(at: .zero)?.canvas.lines().contains { $0.contains("Delete?") } == true)
        _ = driver.deliver([.key(.character("y"))], at: .zero)
        #expect(driver.scene.deleted, "a y typed after the question was drawn answers it")
    }

    @Test func inputAfterTheQuestionIsDroppedButNotTheTerminalsEvents() {
        var driver = driver()
        let bigger = Size(width: 50, height: 12)
        let events: [Event] = [
            .key(.character("a")), .key(.character("x")), .paste("y"), .mouse(MouseEvent(.release, at: .zero)),
            .key(.enter), .resize(bigger), .focusOut,
        ]
        _ = driver.deliver(events, at: .zero)
        #expect(driver.scene.typed == [.character("a")], "what came before the question counts")
        #expect(!driver.scene.deleted)
        #expect(driver.scene.others == [.resize(size), .resize(bigger), .focusOut])
        #expect(driver.size == bigger)
    }

    @Test func keysInOneReadWithoutAQuestionAllCount() {
        var driver = driver()
        _ = driver.deliver([.key(.character("a")), .key(.character("b")), .key(.character("c"))], at: .zero)
        #expect(driver.scene.typed == [.character("a"), .character("b"), .character("c")])
        // A question already drawn takes its answer from a read with more keys in it.
        _ = driver.deliver([.key(.character("x"))], at: .zero)
        _ = driver.deliver([.key(.character("y")), .key(.character("d"))], at: .zero)
        #expect(driver.scene.deleted)
        #expect(driver.scene.typed.last == .character("d"))
    }

    @Test func aPasteThatEndsEarlyThenTypesKeysDeletesNothing() {
        // The whole way: bytes → decoder → driver, as `tmux paste-buffer -p` sends them.
        var decoder = InputDecoder(escapeDelay: .milliseconds(25))
        var driver = driver()
        var events = decoder.feed(Array("\u{1B}[200~hello\u{1B}[201~xy\u{1B}[201~".utf8))
        events += decoder.timeOut(quietFor: .milliseconds(25))
        _ = driver.deliver(events, at: .zero)
        #expect(!driver.scene.deleted)
        #expect(driver.scene.question == nil, "nothing of the paste acted as a key")
        #expect(driver.scene.others.last == .paste("helloxy"))
    }
}
