import App
import CardDeck

/// The usual ways into the full-screen interface (`termfit`, `termfit --kiosk --profile alex`,
/// `termfit hiit --seconds 45 --quiet`, `termfit cards --mode flip`), read without ArgumentParser.
///
/// ArgumentParser learns a command's options by reflection, and the first run of that costs the
/// Swift runtime a scan of every protocol conformance in the binary per type it looks at: about a
/// third of TermFit's start-up to the first frame, and 2 MiB of its memory. Anything this reader
/// is not sure of (help, `--version`, workout options but HIIT's and the cards' mode, data
/// commands, a repeated or unknown option, a value that looks like an option or is out of range)
/// goes to ArgumentParser as before, and a test checks that both agree on every command line this
/// reader accepts.
enum QuickStart {
    /// Workouts whose subcommand needs nothing but these options to open with its defaults.
    static let workouts: Set<String> = ["hiit", "dumbbells", "cards", "flashcards"]

    /// The request, or `nil` when ArgumentParser must read the command line.
    static func parse(_ arguments: [String]) -> InteractiveRequest? {
        var request = InteractiveRequest()
        var remaining = arguments[...]
        if let first = remaining.first, !first.hasPrefix("-") {
            guard workouts.contains(first) else { return nil }
            request.workout = first
            remaining = remaining.dropFirst()
        }
        var seen: Set<String> = []
        while let argument = remaining.popFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard seen.insert(name).inserted else { return nil }
            // The option's value: after "=", else the next argument.
            func value() -> String? { parts.count == 2 ? String(parts[1]) : remaining.popFirst() }
            switch (name, parts.count) {
            case ("--no-color", 1): request.interface.noColor = true
            case ("--reduce-motion", 1): request.interface.reduceMotion = true
            case ("--ascii", 1): request.interface.ascii = true
            case ("--kiosk", 1): request.interface.kiosk = true
            case ("--mode", _) where request.workout == "cards":
                // `cards --mode flip`, as a gym's kiosk or a benchmark starts it.
                guard let text = value(), let mode = CardWorkout.Mode(rawValue: text) else { return nil }
                request.options.cards.mode = mode
            case ("--seconds", _) where request.workout == "hiit":
                // `hiit --seconds 60`; ArgumentParser explains a bad or out-of-range value.
                guard let text = value(), let seconds = Int(text), HIITOptions.secondsRange.contains(seconds) else {
                    return nil
                }
                request.options.hiit.seconds = seconds
            case ("--tabata", 1) where request.workout == "hiit": request.options.hiit.tabata = true
            case ("--quiet", 1) where request.workout == "hiit": request.options.hiit.quiet = true
            case ("--profile", _), ("--data-dir", _):
                // `--profile alex` or `--profile=alex`; nothing that could be read another way.
                guard let text = value(), !text.isEmpty, !text.hasPrefix("-") else { return nil }
                if name == "--profile" { request.data.profile = text } else { request.data.dataDirectory = text }
            default:
                return nil
            }
        }
        return request
    }
}
