import Foundation
import Records

/// The CSV forms of `termfit export` that other training apps read.
public enum LiftExportFormat: String, Sendable, CaseIterable {
    /// Strong's CSV (which Hevy and most trackers import), with a `Weight Unit` column as
    /// Strong's own 2019 exports had, so each weight keeps its unit.
    case strong = "strong-csv"
    /// Hevy's CSV: weights all in kg, or all in lb when every workout was in lb.
    case hevy = "hevy-csv"
}

/// Writes dumbbell workouts as Strong or Hevy CSV.
public enum LiftExport {
    /// The CSV of `workouts` (any order; grouped into workouts by session), times in `timeZone`.
    public static func csv(
        _ workouts: [DumbbellWorkout], format: LiftExportFormat, timeZone: TimeZone = .current
    ) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let sorted = workouts.filter { !$0.sets.isEmpty }.sorted {
            ($0.startedAt, $0.id.uuidString) < ($1.startedAt, $1.id.uuidString)
        }
        // The exercises of one workout are written together, with the workout's start, name
        // and length, so that they read back as one workout.
        var sessions: [UUID: Int] = [:]
        var grouped: [[DumbbellWorkout]] = []
        for workout in sorted {
            let key = workout.sessionID ?? workout.id
            if let index = sessions[key] {
                grouped[index].append(workout)
            } else {
                sessions[key] = grouped.count
                grouped.append([workout])
            }
        }
        let rows: [DumbbellWorkout] = grouped.flatMap { exercises in
            let first = exercises[0]
            let end = exercises.compactMap(\.finishedAt).max()
            return exercises.map { exercise in
                var exercise = exercise
                exercise.startedAt = first.startedAt
                exercise.finishedAt = end
                exercise.title = first.title
                exercise.workoutNote = first.workoutNote
                return exercise
            }
        }
        switch format {
        case .strong: return strong(rows, calendar)
        case .hevy: return hevy(rows, calendar)
        }
    }

    /// The name written for a workout that has none.
    static let untitled = "Dumbbells"

    private static func strong(_ workouts: [DumbbellWorkout], _ calendar: Calendar) -> String {
        var lines = [
            "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Weight Unit,Reps,Distance,Seconds,Notes,"
                + "Workout Notes,RPE"
        ]
        for workout in workouts {
            let date = strongDate(workout.startedAt, calendar)
            let duration = workout.finishedAt.map { strongDuration($0.timeIntervalSince(workout.startedAt)) } ?? ""
            let title = workout.title ?? untitled
            var working = 0
            for set in workout.sets.sorted(by: { $0.number < $1.number }) {
                if let rest = set.restBefore, set.number > 1 {
                    lines.append(
                        row([
                            date, title, duration, workout.exercise, "Rest Timer", "", "", "", "", number(rest), "",
                            workout.workoutNote ?? "", "",
                        ]))
                }
                let order: String
                switch set.type {
                case .warmUp: order = "W"
                case .drop: order = "D"
                case .failure: order = "F"
                case .working:
                    working += 1
                    order = String(working)
                }
                lines.append(
                    row([
                        date, title, duration, workout.exercise, order, number(set.weight), workout.unit.rawValue,
                        String(set.reps), "", number(max(0, set.duration)), set.note ?? "", workout.workoutNote ?? "",
                        set.rpe.map(number) ?? "",
                    ]))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func hevy(_ workouts: [DumbbellWorkout], _ calendar: Calendar) -> String {
        let pounds = !workouts.isEmpty && workouts.allSatisfy { $0.unit == .pounds }
        let target: WeightUnit = pounds ? .pounds : .kilograms
        var lines = [
            "\"title\",\"start_time\",\"end_time\",\"description\",\"exercise_title\",\"superset_id\",\"exercise_notes\","
                + "\"set_index\",\"set_type\",\"\(pounds ? "weight_lbs" : "weight_kg")\",\"reps\",\"distance_km\","
                + "\"duration_seconds\",\"rpe\""
        ]
        for workout in workouts {
            let start = hevyDate(workout.startedAt, calendar)
            let end = hevyDate(workout.finishedAt ?? workout.startedAt, calendar)
            for (index, set) in workout.sets.sorted(by: { $0.number < $1.number }).enumerated() {
                let type =
                    switch set.type {
                    case .warmUp: "warmup"
                    case .working: "normal"
                    case .drop: "dropset"
                    case .failure: "failure"
                    }
                let weight = Double(LiftGrouper.storedWeight(set.weight, from: workout.unit, to: target)) / 100
                lines.append(
                    row(
                        [
                            workout.title ?? untitled, start, end, workout.workoutNote ?? "", workout.exercise, "",
                            workout.exerciseNote ?? set.note ?? "", String(index), type, number(weight),
                            String(set.reps),
                            "", set.duration > 0 ? number(set.duration.rounded()) : "", set.rpe.map(number) ?? "",
                        ], quotingAll: true))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ fields: [String], quotingAll: Bool = false) -> String {
        fields.map { field in
            guard quotingAll || field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
                return field
            }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",")
    }

    private static func number(_ value: Double) -> String { HistoryReport.number(value) }

    /// `2024-03-01 07:12:05`, local time.
    static func strongDate(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { Timestamp.padded(value ?? 0, 2) }
        return "\(Timestamp.padded(parts.year ?? 0, 4))-\(two(parts.month))-\(two(parts.day)) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }

    /// `1 Mar 2024, 07:12`, local time.
    static func hevyDate(_ date: Date, _ calendar: Calendar) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return "\(parts.day ?? 1) \(months[((parts.month ?? 1) - 1).clamped(0, 11)]) \(parts.year ?? 0), "
            + "\(Timestamp.padded(parts.hour ?? 0, 2)):\(Timestamp.padded(parts.minute ?? 0, 2))"
    }

    /// `1h 5m`, `45m`, `45m 12s`, as Strong writes durations (seconds only when there are some).
    static func strongDuration(_ seconds: TimeInterval) -> String {
        let total = Int(max(0, min(seconds, ValueLimits.seconds.upperBound)).rounded())
        var words: [String] = []
        if total >= 3600 { words.append("\(total / 3600)h") }
        if total % 3600 / 60 > 0 || total < 60 && total % 60 == 0 { words.append("\(total % 3600 / 60)m") }
        if total % 60 > 0 { words.append("\(total % 60)s") }
        return words.joined(separator: " ")
    }
}

extension Int {
    fileprivate func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(Swift.max(self, low), high) }
}
