/// Elapsed time as a clock shows it.
public enum ClockText {
    /// "0:05", "12:34", "1:02:03": minutes and seconds, hours only when there are any. Negative
    /// times show as "0:00".
    public static func elapsed(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        let hours = seconds / 3600
        let minutes = (seconds / 60) % 60
        let rest = seconds % 60
        let secondsText = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(secondsText)" }
        return "\(minutes):\(secondsText)"
    }
}
