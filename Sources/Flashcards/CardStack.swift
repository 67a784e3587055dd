import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The card stack under the mouse: picking up the top card, dragging and swiping it, and clicks
/// on the screen's buttons.
extension FlashcardsWorkout {
    // MARK: Mouse

    /// A mouse event on the cards, no sheet open.
    mutating func handle(_ mouse: MouseEvent, at now: Instant, into outputs: inout [Output]) {
        let layout = self.layout
        let point = mouse.position
        switch mouse.kind {
        case .press:
            // Only the top card can be picked up, and only while it takes answers.
            if acceptsAnswers(at: now) && layout.card.contains(point) {
                drag = Drag(startX: point.x, offset: 0)
                if case .back = motion?.kind { motion = nil }
            }
            return
        case .drag:
            if var drag {
                drag.offset = point.x - drag.startX
                self.drag = drag
            }
            return
        case .scrollUp, .scrollDown:
            if acceptsAnswers(at: now) { scrollCard(by: mouse.kind == .scrollUp ? -1 : 1) }
            return
        case .release:
            break
        }
        if let held = drag {
            drag = nil
            let offset = point.x - held.startX
            if abs(offset) >= swipeThreshold && isRevealed {
                answer(offset > 0 ? .good : .again, from: offset, at: now, into: &outputs)
            } else if offset == 0 {
                reveal(at: now)
            } else {
                // A grade takes a card only once its answer shows: a swipe before springs back.
                if abs(offset) >= swipeThreshold { note = "Show the answer first: Space, then grade it" }
                if !display.reducesMotion { motion = Motion(kind: .back(from: offset), startedAt: now) }
            }
            return
        }
        if let action = bindings(at: now).barAction(at: point, in: layout.helpBar) {
            perform(action, at: now, into: &outputs)
        } else if isOver(at: now), layout.startAgain.contains(point) {
            perform(.startAgain, at: now, into: &outputs)
        } else if layout.editButton.contains(point) {
            perform(.edit, at: now, into: &outputs)
        } else if layout.showsButtons && layout.wrongButton.contains(point) {
            perform(.grade(.again), at: now, into: &outputs)
        } else if layout.showsButtons && layout.correctButton.contains(point) {
            perform(.grade(.good), at: now, into: &outputs)
        } else if layout.card.contains(point) {
            perform(.reveal, at: now, into: &outputs)
        }
    }

    /// Scrolls the top card's text by `rows`, within the rows it has beyond the card.
    mutating func scrollCard(by rows: Int) {
        textOffset = min(max(0, textOffset + rows), topCardText?.maxOffset ?? 0)
    }
}
