import Foundation
import Records

/// Reads the rows of a Strong, Hevy or FitNotes export into ``LiftRow``s, checking each value
/// against the limits a screen applies (``ValueLimits``).
struct LiftRowReader {
    private var columns: LiftColumns
    private var reader: CSVReader
    /// The unit for weights the file does not give one for.
    private let assumedUnit: WeightUnit?

    var format: LiftFormat { columns.format }
    var bytesRead: Int { reader.bytesRead }

    /// Reads the header; throws when it is no format TermFit knows.
    init(_ source: any ByteChunks, unit: WeightUnit?, timeZone: TimeZone) throws {
        reader = try CSVReader(source)
        guard let header = try reader.nextRow() else {
            throw LiftImportError(format: nil, line: 1, column: nil, problem: "the file is empty")
        }
        guard let format = LiftFormat.recognising(header.fields) else {
            let first = LiftColumns.shown(header.fields.joined(separator: String(UnicodeScalar(reader.delimiter))))
            throw LiftImportError(
                format: nil, line: 1, column: nil,
                problem:
                    "its first line (\(first)) is the header of no export TermFit reads: a TermFit JSON export, "
                    + "or a Strong, Hevy or FitNotes CSV export")
        }
        columns = LiftColumns(format: format, header: header.fields, timeZone: timeZone)
        assumedUnit = unit
        try requireColumns()
    }

    private func requireColumns() throws {
        let required: [String] =
            switch format {
            case .strong: ["date", "exercise name", "set order", "reps"]
            case .hevy: ["title", "start_time", "exercise_title", "set_type", "reps"]
            case .fitNotes: ["date", "exercise", "reps"]
            }
        for name in required where !columns.has(name) {
            throw columns.failure(1, nil, "the header has no \"\(name)\" column")
        }
        if weightColumn == nil {
            throw columns.failure(1, nil, "the header has no weight column")
        }
    }

    /// The weight column and the unit its name gives, if any.
    private var weightColumn: (name: String, unit: WeightUnit?)? {
        let candidates: [(String, WeightUnit?)] = [
            ("weight", nil), ("weight_kg", .kilograms), ("weight_lbs", .pounds), ("weight (kg)", .kilograms),
            ("weight (kgs)", .kilograms), ("weight (lbs)", .pounds), ("weight (lb)", .pounds),
        ]
        return candidates.first { columns.has($0.0) }.map { (name: $0.0, unit: $0.1) }
    }

    /// The next row, or `nil` at the end of the file.
    mutating func next() throws -> LiftRow? {
        guard let (line, fields) = try reader.nextRow() else { return nil }
        switch format {
        case .strong: return try strong(fields, line: line)
        case .hevy: return try hevy(fields, line: line)
        case .fitNotes: return try fitNotes(fields, line: line)
        }
    }

    /// The weight and its unit: the row's or the header's unit, else `--unit`.
    private mutating func weight(_ fields: [String], line: Int, unitColumn: String?) throws -> (Double, WeightUnit?) {
        guard let column = weightColumn else { return (0, nil) }
        let weight = try columns.weight(column.name, fields, line: line) ?? 0
        guard ValueLimits.weight.contains(weight) else {
            throw columns.failure(line, column.name, "a weight must be from 0 to \(Int(ValueLimits.weight.upperBound))")
        }
        var unit = column.unit
        if let unitColumn, let text = columns.text(unitColumn, fields) {
            guard let given = LiftColumns.unit(text) else {
                throw columns.failure(line, unitColumn, "\"\(LiftColumns.shown(text))\" is not kg or lbs")
            }
            unit = given
        }
        return (weight, unit ?? assumedUnit)
    }

    private func reps(_ name: String, _ fields: [String], line: Int) throws -> Int {
        guard let value = try columns.number(name, fields, line: line) else { return 0 }
        guard value == value.rounded(), ValueLimits.reps.contains(Int(exactly: value) ?? -1) else {
            throw columns.failure(line, name, "reps must be a whole number from 0 to \(ValueLimits.reps.upperBound)")
        }
        return Int(value)
    }

    private func rpe(_ name: String?, _ fields: [String], line: Int) throws -> Double? {
        guard let value = try columns.number(name, fields, line: line) else { return nil }
        guard ValueLimits.rpe.contains(value) else { throw columns.failure(line, name, "an RPE must be from 1 to 10") }
        return value
    }

    private func note(_ name: String?, _ fields: [String], line: Int) throws -> String? {
        guard let text = columns.text(name, fields) else { return nil }
        do {
            try DumbbellSet(number: 1, weight: 0, reps: 0, startedAt: .now, finishedAt: .now, note: text).validate()
        } catch {
            throw columns.failure(line, name, "\(error)")
        }
        return text
    }

    private func seconds(_ name: String?, _ fields: [String], line: Int) throws -> Double? {
        guard let value = try columns.number(name, fields, line: line) else { return nil }
        guard ValueLimits.seconds.contains(value) else {
            throw columns.failure(line, name, "seconds must be from 0 to \(Int(ValueLimits.seconds.upperBound))")
        }
        return value
    }

    private mutating func strong(_ fields: [String], line: Int) throws -> LiftRow? {
        let dateText = columns.field("date", fields)
        let start = try columns.date("date", fields, line: line)
        let title = try note(columns.column("workout name"), fields, line: line)
        var end: Date?
        if let name = columns.column("duration", "workout duration", "duration (sec)") {
            let text = columns.field(name, fields)
            if !text.isEmpty {
                guard let seconds = LiftColumns.duration(text), ValueLimits.seconds.contains(seconds) else {
                    throw columns.failure(
                        line, name, "\"\(LiftColumns.shown(text))\" is not a duration (1h 5m, 45m, 01:00)")
                }
                end = start.addingTimeInterval(seconds)
            }
        }
        let order = columns.field("set order", fields)
        let kind: LiftRow.Kind
        switch order.lowercased() {
        case "w": kind = .set(.warmUp)
        case "d": kind = .set(.drop)
        case "f": kind = .set(.failure)
        case "rest timer": kind = .rest(try seconds(columns.column("seconds"), fields, line: line) ?? 0)
        default:
            guard Int(order) != nil else {
                throw columns.failure(
                    line, "set order", "\"\(LiftColumns.shown(order))\" is not a set number, W, D, F or Rest Timer")
            }
            kind = .set(.working)
        }
        let exercise = columns.field("exercise name", fields)
        guard !exercise.isEmpty else { throw columns.failure(line, "exercise name", "the exercise is missing") }
        let (weight, unit) = try weight(fields, line: line, unitColumn: columns.column("weight unit"))
        return LiftRow(
            line: line, workoutKey: dateText + "\u{1F}" + (title ?? ""), workoutStart: start, workoutEnd: end,
            title: title, workoutNote: try note(columns.column("workout notes"), fields, line: line),
            exercise: exercise, exerciseNote: nil, kind: kind, weight: weight, unit: unit,
            reps: try reps("reps", fields, line: line),
            seconds: try seconds(columns.column("seconds"), fields, line: line),
            distance: try columns.number(columns.column("distance", "distance (meters)"), fields, line: line),
            rpe: try rpe(columns.column("rpe"), fields, line: line),
            note: try note(columns.column("notes"), fields, line: line))
    }

    private mutating func hevy(_ fields: [String], line: Int) throws -> LiftRow? {
        let start = try columns.date("start_time", fields, line: line)
        let end = columns.field("end_time", fields).isEmpty ? nil : try columns.date("end_time", fields, line: line)
        let type: SetType
        switch columns.field("set_type", fields).lowercased() {
        case "warmup", "warm_up", "warm-up": type = .warmUp
        case "normal", "": type = .working
        case "dropset", "drop_set", "drop": type = .drop
        case "failure": type = .failure
        case let other:
            throw columns.failure(
                line, "set_type", "\"\(LiftColumns.shown(other))\" is not warmup, normal, dropset or failure")
        }
        let exercise = columns.field("exercise_title", fields)
        guard !exercise.isEmpty else { throw columns.failure(line, "exercise_title", "the exercise is missing") }
        let title = try note("title", fields, line: line)
        let (weight, unit) = try weight(fields, line: line, unitColumn: nil)
        return LiftRow(
            line: line, workoutKey: columns.field("start_time", fields) + "\u{1F}" + (title ?? ""), workoutStart: start,
            workoutEnd: end, title: title, workoutNote: try note(columns.column("description"), fields, line: line),
            exercise: exercise, exerciseNote: try note(columns.column("exercise_notes"), fields, line: line),
            kind: .set(type), weight: weight, unit: unit, reps: try reps("reps", fields, line: line),
            seconds: try seconds(columns.column("duration_seconds"), fields, line: line),
            distance: try columns.number(columns.column("distance_km", "distance_miles"), fields, line: line),
            rpe: try rpe(columns.column("rpe"), fields, line: line), note: nil)
    }

    private mutating func fitNotes(_ fields: [String], line: Int) throws -> LiftRow? {
        let start = try columns.date("date", fields, line: line)
        let exercise = columns.field("exercise", fields)
        guard !exercise.isEmpty else { throw columns.failure(line, "exercise", "the exercise is missing") }
        let (weight, unit) = try weight(fields, line: line, unitColumn: columns.column("weight unit"))
        var seconds: Double?
        if let name = columns.column("time") {
            let text = columns.field(name, fields)
            if !text.isEmpty {
                guard let value = LiftColumns.duration(text), ValueLimits.seconds.contains(value) else {
                    throw columns.failure(line, name, "\"\(LiftColumns.shown(text))\" is not a time (h:mm:ss)")
                }
                seconds = value
            }
        }
        return LiftRow(
            line: line, workoutKey: columns.field("date", fields), workoutStart: start, workoutEnd: nil, title: nil,
            workoutNote: nil, exercise: exercise, exerciseNote: nil, kind: .set(.working), weight: weight, unit: unit,
            reps: try reps("reps", fields, line: line), seconds: seconds,
            distance: try columns.number(columns.column("distance"), fields, line: line), rpe: nil,
            note: try note(columns.column("comment", "notes"), fields, line: line))
    }
}
