// What another window changed of the member's shared data, shown without reopening.

extension HIITWorkout {
    /// The member's circuits as stored now (another window made, changed, renamed or deleted
    /// one): the circuits sheet lists them at once, the same circuit highlighted. While a circuit
    /// is being written, renamed or deleted here, the list waits (what is typed is kept as it is); returns
    /// whether the circuits were taken.
    @discardableResult
    public mutating func receive(circuits: [Circuit]) -> Bool {
        guard circuits != circuitsEditor.presets else { return true }
        guard circuitsEditor.editing == nil else { return false }
        if case .deleteCircuit = sheet { return false }
        circuitsEditor.presets = circuits
        // The open list reads the circuits again, its highlight and what is typed kept.
        guard case .circuits(var picker) = sheet else { return true }
        picker.replaceItems(circuitsEditor.items(standard: configuration.circuit, chosen: circuit))
        sheets.replaceTop(with: .circuits(picker))
        return true
    }
}
