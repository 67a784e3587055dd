// What another window changed of the member's shared data, shown without reopening.

extension HIITWorkout {
    /// The member's circuits as stored now (another window made, changed, renamed or deleted
    /// one): the circuits list shows them at once, the same circuit highlighted. While a circuit
    /// is being written or renamed here, or a question stands over the list, the list waits (what
    /// is typed is kept as it is); returns whether the circuits were taken.
    @discardableResult
    public mutating func receive(circuits: [Circuit]) -> Bool {
        guard circuits != circuitsEditor.presets else { return true }
        guard circuitField == nil else { return false }
        if case .circuits(var picker) = sheet {
            circuitsEditor.adopt(circuits)
            picker.replaceItems(circuitsEditor.items(standard: configuration.circuit, chosen: circuit))
            sheets.replaceTop(with: .circuits(picker))
            return true
        }
        guard openCircuitsPicker == nil else { return false }
        circuitsEditor.adopt(circuits)
        return true
    }
}

extension CircuitsEditor {
    /// `circuits` as the member's own.
    mutating func adopt(_ circuits: [Circuit]) { presets = circuits }
}
