// What another window changed of the member's shared data, shown without reopening.

extension HIITWorkout {
    /// The member's circuits as stored now (another window made, changed, renamed or deleted
    /// one): the circuits sheet lists them at once, the same circuit highlighted. While a circuit
    /// is being written or renamed here, the list waits (what is typed is kept as it is); returns
    /// whether the circuits were taken.
    @discardableResult
    public mutating func receive(circuits: [Circuit]) -> Bool {
        guard circuits != circuitsEditor.presets else { return true }
        guard circuitsEditor.editing == nil else { return false }
        circuitsEditor.adopt(circuits)
        return true
    }
}

extension CircuitsEditor {
    /// `circuits` as the member's own, the selected one kept selected where it still is.
    mutating func adopt(_ circuits: [Circuit]) {
        let selected = selectsPreset && presets.indices.contains(selection - 2) ? presets[selection - 2].name : nil
        presets = circuits
        if let selected {
            selection = circuits.firstIndex { $0.name == selected }.map { $0 + 2 } ?? min(selection, 1 + circuits.count)
        } else {
            selection = min(selection, 1 + circuits.count)
        }
    }
}
