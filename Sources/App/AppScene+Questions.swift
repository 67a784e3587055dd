import TermUI

/// The run loop asks the app what question is on screen (`pendingQuestion`, the workout's), so a
/// question that deletes or discards takes only keys typed after it was drawn (`SceneDriver`).
extension AppScene: AsksQuestions {}
