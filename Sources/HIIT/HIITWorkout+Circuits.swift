import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The circuits sheet (`e`): TermUI's list picker of the circuits (type to filter), Enter
/// chooses the one `c` runs; Ctrl-N, Ctrl-O, Ctrl-R and Ctrl-X make, edit, rename and delete
/// the member's own; the field that takes a circuit opens over the list.
extension HIITWorkout {
    /// Opens the circuits sheet with the chosen circuit highlighted.
    mutating func openCircuits() {
        sheets.push(.circuits(circuitsPicker(selected: circuit.name)))
    }

    /// A fresh picker of the circuits as they are now, `selected` highlighted, nothing typed.
    func circuitsPicker(selected: String) -> ListPicker<String> {
        var picker = circuitsEditor.picker(standard: configuration.circuit, chosen: circuit, theme: palette)
        picker.highlight(selected)
        return picker
    }

    /// The context the picker takes events in: this screen, its help bar on the last row.
    var componentContext: ComponentContext { ComponentContext(screen: size) }

    /// The picker on the circuits sheet, when it is open (under the field or the question too).
    var openCircuitsPicker: ListPicker<String>? {
        for sheet in sheets.sheets.reversed() { if case .circuits(let picker) = sheet { return picker } }
        return nil
    }

    /// The member's circuit highlighted in the picker (`nil` on Standard, Tabata, EMOM, AMRAP or "+ New").
    var highlightedPreset: Int? { circuitsEditor.presetIndex(named: openCircuitsPicker?.highlightedValue) }

    mutating func editCircuits(_ edit: CircuitEdit, into outputs: inout [Output]) {
        switch edit {
        case .picker(let key): updateCircuitsPicker(.key(key), into: &outputs)
        case .pickerMouse(let mouse): updateCircuitsPicker(.mouse(mouse), into: &outputs)
        case .new:
            guard let name = openCircuitsPicker?.highlightedValue,
                let from = circuitsEditor.circuits(standard: configuration.circuit).first(where: { $0.name == name })
            else { return }
            openCircuitField(.new, text: "My circuit: " + from.spec)
        case .editSpec:
            guard let index = highlightedPreset else { return }
            openCircuitField(.spec(index), text: circuitsEditor.presets[index].spec)
        case .rename:
            guard let index = highlightedPreset else { return }
            openCircuitField(.rename(index), text: circuitsEditor.presets[index].name)
        case .delete:
            guard let index = highlightedPreset else { return }
            let name = circuitsEditor.presets[index].name
            let question = ConfirmSheet(
                "Delete the circuit “\(name.truncated(toWidth: 30))”? Past exercises stay in the history.",
                title: "Delete circuit?", confirm: "Delete", cancel: "Keep")
            sheets.push(.deleteCircuit(question, name: name))
        case .confirmDelete:
            // Answered by `ConfirmSheet` alone (see `route`); `deleteCircuit(named:into:)` deletes.
            break
        case .key(let key):
            updateCircuitField(.key(key), into: &outputs)
        case .paste(let text):
            if case .circuits = sheet { return updateCircuitsPicker(.paste(text), into: &outputs) }
            updateCircuitField(.paste(text), into: &outputs)
        }
    }

    /// The field for `editing` over the circuits list, `text` selected (the first key typed
    /// replaces it): TermUI's text field sheet, which Enter, Tab or an arrow leaving it ends with
    /// the text.
    mutating func openCircuitField(_ editing: CircuitsEditor.Editing, text: String) {
        let field = TextFieldSheet(
            title: CircuitFieldLayout.title(of: editing),
            prompt: CircuitFieldLayout.label(of: editing, presets: circuitsEditor.presets), text: text, limit: 600,
            commitKeys: [.enter, .tab, .backTab, .up, .down], theme: palette)
        sheets.push(.circuitField(field, editing))
    }

    /// The circuit's field, while it is open: what it shows.
    public var circuitField: TextFieldSheet? {
        for sheet in sheets.sheets.reversed() { if case .circuitField(let field, _) = sheet { return field } }
        return nil
    }

    /// A key or a paste for the circuit's field. Its text, once committed, is saved, or refused
    /// with the reason under it and the text kept to be put right; Esc closes it changing nothing.
    mutating func updateCircuitField(_ event: Event, into outputs: inout [Output]) {
        guard case .circuitField(var field, let editing) = sheet else { return }
        switch field.update(event, in: componentContext) {
        case nil:
            sheets.replaceTop(with: .circuitField(field, editing))
        case .cancelled?:
            sheets.pop()
        case .committed(let text)?:
            if let problem = saveCircuit(text, for: editing, into: &outputs) {
                field.message = problem
                sheets.replaceTop(with: .circuitField(field, editing))
            }
        }
    }

    /// Deletes the member's circuit `name` (the question said yes and is closed).
    mutating func deleteCircuit(named name: String, into outputs: inout [Output]) {
        guard let index = circuitsEditor.presetIndex(named: name) else { return }
        let gone = circuitsEditor.presets.remove(at: index)
        if circuit == gone { circuit = configuration.circuit }
        refreshCircuitsPicker(selected: circuit.name)
        outputs.append(.keepCircuits(circuitsEditor.presets, chosen: circuit.name))
    }

    /// An event for the picker: a circuit chosen is the one `c` runs; "+ New" opens the field
    /// for the new circuit's exercises; Esc or a click outside closes the sheet.
    mutating func updateCircuitsPicker(_ event: Event, into outputs: inout [Output]) {
        guard case .circuits(var picker) = sheet else { return }
        let result = picker.update(event, in: componentContext)
        sheets.replaceTop(with: .circuits(picker))
        switch result {
        case .committed(.existing(let name))?:
            guard
                let chosen = circuitsEditor.circuits(standard: configuration.circuit).first(where: { $0.name == name })
            else { return }
            circuit = chosen
            sheets.pop()
            outputs.append(.keepCircuits(circuitsEditor.presets, chosen: circuit.name))
        case .committed(.new(let name))?:
            openCircuitField(.newNamed(name), text: configuration.circuit.spec)
        case .cancelled?:
            sheets.pop()
        case nil:
            break
        }
    }

    /// The picker under the field shows the circuits as they are now, `selected` highlighted.
    mutating func refreshCircuitsPicker(selected: String) {
        guard case .circuits = sheet else { return }
        sheets.replaceTop(with: .circuits(circuitsPicker(selected: selected)))
    }

    /// Saves the circuit the field's `text` makes for `editing` and closes the field; a clear
    /// sentence, the field left open, when the text cannot be taken.
    mutating func saveCircuit(
        _ text: String, for editing: CircuitsEditor.Editing, into outputs: inout [Output]
    ) -> String? {
        let builtIn = [configuration.circuit.name, Circuit.tabata.name, Circuit.emom.name, Circuit.amrap.name]
        var replaced: Int?
        var made: Circuit
        do throws(CircuitProblem) {
            switch editing {
            case .new:
                guard let colon = text.firstIndex(of: ":") else {
                    throw CircuitProblem("Write the name, a colon, then the exercises: Legs: Squat 30/10, Lunge 30/10")
                }
                made = try Circuit.parse(name: String(text[..<colon]), spec: String(text[text.index(after: colon)...]))
            case .newNamed(let name):
                made = try Circuit.parse(name: name, spec: text)
            case .spec(let index):
                replaced = index
                made = try Circuit.parse(name: circuitsEditor.presets[index].name, spec: text)
            case .rename(let index):
                replaced = index
                made = circuitsEditor.presets[index]
                made.name = try Circuit.parse(name: text, spec: made.spec).name
            }
            let others = circuitsEditor.presets.enumerated().filter { $0.offset != replaced }
            if builtIn.contains(made.name) || others.contains(where: { $0.element.name == made.name }) {
                throw CircuitProblem("There is a circuit called \(made.name) already: choose another name.")
            }
            if replaced == nil && circuitsEditor.presets.count >= ValueLimits.circuitsPerProfile {
                throw CircuitProblem("You have \(ValueLimits.circuitsPerProfile) circuits: delete one first.")
            }
        } catch {
            return error.description
        }
        if let replaced {
            let old = circuitsEditor.presets[replaced]
            circuitsEditor.presets[replaced] = made
            if circuit == old { circuit = made }
        } else {
            circuitsEditor.presets.append(made)
        }
        sheets.pop()
        refreshCircuitsPicker(selected: made.name)
        outputs.append(.keepCircuits(circuitsEditor.presets, chosen: circuit.name))
        return nil
    }
}
