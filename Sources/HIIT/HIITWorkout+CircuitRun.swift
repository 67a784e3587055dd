import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The circuit run hands-free (`c`) and the circuits sheet (`e`) that chooses and edits it.
extension HIITWorkout {
    /// Moves the hands-free circuit on to `now`: each work interval is saved as it ends, and
    /// the High Five sums the circuit up once the cool-down ends.
    mutating func advanceRun(to now: Instant, into outputs: inout [Output]) {
        guard var run else { return }
        if run.advance(to: now) { ring(into: &outputs) }
        let today = wallClock()
        for (exercise, end) in run.takeFinishedWork() {
            let name = run.circuit.exercises[exercise].name
            let work = run.circuit.exercises[exercise].work
            let endedAgo = Double((now - end).totalNanoseconds / 1_000_000) / 1000
            let session = HIITSession(
                id: makeIdentifier(), exercise: name,
                startedAt: today.addingTimeInterval(-endedAgo - Double(work)), duration: Double(work),
                completed: true, rating: ratings[name])
            let position = history.firstIndex { $0.startedAt <= session.startedAt } ?? history.count
            history.insert(session, at: position)
            runSessions.append(session)
            doneToday.insert(name)
            outputs.append(.save(session))
        }
        self.run = run
        if run.isFinished {
            self.run = nil
            highFiveSummary = HighFiveSummary(
                exercises: runSessions, history: history, today: today, calendar: historyCalendar)
            sheets.removeAll()
            sheets.push(.highFive)
        }
    }

    /// `s` while the circuit runs: the stretch in progress ends now (the warm-up too).
    mutating func skipStretch(at now: Instant, into outputs: inout [Output]) {
        guard var run else { return }
        run.skip(at: now)
        self.run = run
        advanceRun(to: now, into: &outputs)
    }

    /// `+` or `-` while the circuit runs: ten seconds more or less left in the stretch.
    mutating func adjustRun(bySeconds seconds: Int, at now: Instant, into outputs: inout [Output]) {
        guard var run else { return }
        run.adjust(bySeconds: seconds, at: now)
        self.run = run
        advanceRun(to: now, into: &outputs)
    }

    /// Enter during an AMRAP: one more round done.
    mutating func markRoundDone() {
        run?.markRoundDone()
    }

    /// Starts the circuit hands-free (`c`), from a page with no countdown under way.
    mutating func startRun(at now: Instant) {
        guard run == nil, phase == .welcome || phase == .ready else { return }
        countdown = nil
        countdownSaved = false
        runSessions = []
        run = CircuitRun(circuit: circuit, at: now)
    }

    /// Moves the countdown on to `now`, ringing as it says; a countdown that reaches zero is

    // MARK: Circuits

    mutating func editCircuits(_ edit: CircuitEdit, into outputs: inout [Output]) {
        let all = circuitsEditor.circuits(standard: configuration.circuit)
        switch edit {
        case .move(let rows):
            circuitsEditor.selection = (circuitsEditor.selection + rows).clamped(to: 0...(all.count - 1))
        case .choose:
            circuit = all[circuitsEditor.selection]
            sheets.pop()
            outputs.append(.keepCircuits(circuitsEditor.presets, chosen: circuit.name))
        case .new:
            circuitsEditor.editing = .new
            circuitsEditor.field = TextField("My circuit: " + all[circuitsEditor.selection].spec, limit: 600)
        case .editSpec where circuitsEditor.selectsPreset:
            circuitsEditor.editing = .spec
            circuitsEditor.field = TextField(all[circuitsEditor.selection].spec, limit: 600)
        case .rename where circuitsEditor.selectsPreset:
            circuitsEditor.editing = .rename
            circuitsEditor.field = TextField(all[circuitsEditor.selection].name, limit: 40)
        case .delete where circuitsEditor.selectsPreset:
            let gone = circuitsEditor.presets.remove(at: circuitsEditor.selection - CircuitsEditor.builtInCount)
            circuitsEditor.selection -= 1
            if circuit == gone { circuit = configuration.circuit }
            outputs.append(.keepCircuits(circuitsEditor.presets, chosen: circuit.name))
        case .editSpec, .rename, .delete:
            // Standard, Tabata, EMOM and AMRAP are fixed (the keys are declared disabled on them).
            break
        case .key(let key):
            guard var field = circuitsEditor.field else { return }
            // Enter, Tab or an arrow that leaves the field saves it, as Enter does.
            let leaves: Set<Key> = [.enter, .tab, .backTab, .up, .down]
            switch leaves.contains(key) ? .submitted : field.handle(key) {
            case .submitted: submitCircuitField(field.text, into: &outputs)
            case .cancelled:
                circuitsEditor.field = nil
                circuitsEditor.editing = nil
                circuitsEditor.problem = nil
            case .edited, .ignored:
                circuitsEditor.field = field
            }
        }
    }

    /// Takes the text of the circuits sheet's field: a clear sentence, and the text kept in the
    /// field, when it cannot be read.
    mutating func submitCircuitField(_ text: String, into outputs: inout [Output]) {
        let builtIn = [configuration.circuit.name, Circuit.tabata.name, Circuit.emom.name, Circuit.amrap.name]
        let index = circuitsEditor.selection - CircuitsEditor.builtInCount
        var made: Circuit
        do throws(CircuitProblem) {
            switch circuitsEditor.editing {
            case .new:
                guard let colon = text.firstIndex(of: ":") else {
                    throw CircuitProblem("Write the name, a colon, then the exercises: Legs: Squat 30/10, Lunge 30/10")
                }
                made = try Circuit.parse(name: String(text[..<colon]), spec: String(text[text.index(after: colon)...]))
            case .spec:
                made = try Circuit.parse(name: circuitsEditor.presets[index].name, spec: text)
            case .rename:
                made = circuitsEditor.presets[index]
                made.name = try Circuit.parse(name: text, spec: made.spec).name
            case nil:
                return
            }
            let others = circuitsEditor.presets.enumerated().filter {
                $0.offset != index || circuitsEditor.editing == .new
            }
            if builtIn.contains(made.name) || others.contains(where: { $0.element.name == made.name }) {
                throw CircuitProblem("There is a circuit called \(made.name) already: choose another name.")
            }
            if circuitsEditor.editing == .new && circuitsEditor.presets.count >= 20 {
                throw CircuitProblem("You have 20 circuits: delete one first.")
            }
        } catch {
            circuitsEditor.problem = error.description
            return
        }
        if circuitsEditor.editing == .new {
            circuitsEditor.presets.append(made)
            circuitsEditor.selection = circuitsEditor.presets.count + CircuitsEditor.builtInCount - 1
        } else {
            let old = circuitsEditor.presets[index]
            circuitsEditor.presets[index] = made
            if circuit == old { circuit = made }
        }
        circuitsEditor.field = nil
        circuitsEditor.editing = nil
        circuitsEditor.problem = nil
        outputs.append(.keepCircuits(circuitsEditor.presets, chosen: circuit.name))
    }
}
