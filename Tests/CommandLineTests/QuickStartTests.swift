import App
import ArgumentParser
import Testing

@testable import termfit

/// The quick reader of the usual command lines agrees with ArgumentParser on everything it
/// accepts, and leaves everything else to it.
@Suite struct QuickStartTests {
    /// What ArgumentParser makes of `arguments`, as a request (nil: not a plain start).
    private func parsedByArgumentParser(_ arguments: [String]) -> InteractiveRequest? {
        guard let command = try? TermFitCommand.parseAsRoot(arguments) else { return nil }
        switch command {
        case let root as TermFitCommand:
            return InteractiveRequest(interface: root.interface.settings, data: root.data.settings)
        case let hiit as HIITCommand:
            return InteractiveRequest(
                interface: hiit.interface.settings, data: hiit.data.settings, workout: "hiit",
                options: WorkoutOptions(
                    hiit: HIITOptions(seconds: hiit.seconds, tabata: hiit.tabata, quiet: hiit.quiet)))
        case let dumbbells as DumbbellsCommand where dumbbells.sets == nil && dumbbells.exercise == nil:
            return InteractiveRequest(
                interface: dumbbells.interface.settings, data: dumbbells.data.settings, workout: "dumbbells")
        case let cards as CardsCommand
        where cards.seed == nil && cards.deckAPI == nil && cards.deckID == nil && cards.cards == nil:
            return InteractiveRequest(
                interface: cards.interface.settings, data: cards.data.settings, workout: "cards",
                options: WorkoutOptions(cards: CardDeckOptions(mode: cards.mode)))
        case let flashcards as FlashcardsCommand where flashcards.seconds == nil && !flashcards.plain:
            return InteractiveRequest(
                interface: flashcards.interface.settings, data: flashcards.data.settings, workout: "flashcards")
        default:
            return nil
        }
    }

    /// Every combination of the interface flags, the two data options in both spellings, and
    /// each workout subcommand.
    static var commandLines: [[String]] {
        let flags = ["--no-color", "--reduce-motion", "--ascii", "--kiosk"]
        let flagSets = (0..<(1 << flags.count)).map { mask in
            flags.indices.filter { mask & (1 << $0) != 0 }.map { flags[$0] }
        }
        let dataSets: [[String]] = [
            [], ["--profile", "alex"], ["--profile=sam"], ["--data-dir", "/tmp/gym"], ["--data-dir=/srv/termfit"],
            ["--profile", "alex", "--data-dir", "/tmp/gym"], ["--data-dir=/d", "--profile=zed"],
        ]
        var lines: [[String]] = []
        let workouts = [
            [], ["hiit"], ["dumbbells"], ["cards"], ["flashcards"], ["cards", "--mode", "flip"],
            ["cards", "--mode=deck"],
        ]
        for workout in workouts {
            for flagSet in flagSets {
                for data in dataSets { lines.append(workout + flagSet + data) }
                lines.append(workout + flagSet.reversed())
            }
        }
        // HIIT's own options (as the countdown benchmark starts it), with and without the others.
        let hiit: [[String]] = [
            ["--seconds", "60", "--quiet"], ["--seconds=45"], ["--tabata"], ["--quiet", "--tabata", "--seconds", "20"],
            ["--seconds", "1"], ["--seconds", "5999"],
        ]
        for options in hiit {
            for (flagSet, data) in [([], []), (flags, ["--profile", "alex"]), (["--kiosk"], ["--data-dir=/d"])] {
                lines.append(["hiit"] + options + flagSet + data)
                lines.append(["hiit"] + flagSet + data + options)
            }
        }
        return lines
    }

    @Test func agreesWithArgumentParserOnEveryUsualCommandLine() {
        var accepted = 0
        for arguments in Self.commandLines {
            let quick = QuickStart.parse(arguments)
            #expect(quick != nil, "\(arguments) is a usual command line")
            guard let quick else { continue }
            #expect(quick == parsedByArgumentParser(arguments), "\(arguments)")
            accepted += 1
        }
        #expect(accepted == Self.commandLines.count)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["hiit", "--seconds", "0"], ["hiit", "--seconds", "6000"],
        ["hiit", "--seconds", "1.5"], ["hiit", "--seconds"], ["hiit", "--seconds", "-3"], ["hiit", "--seconds=x"],
        ["hiit", "--quiet=yes"], ["hiit", "--tabata", "--tabata"], ["dumbbells", "--quiet"], ["--seconds", "30"],
        ["dumbbells", "--sets", "2"], ["cards", "--mode", "sideways"], ["cards", "--mode"],
        ["cards", "--mode", "flip", "--mode", "deck"], ["hiit", "--mode", "flip"], ["--mode", "flip"],
        ["cards", "--seed=4"], ["flashcards", "--plain"],
        ["flashcards", "import", "deck.txt", "--deck", "Gym"], ["flashcards", "export"], ["history"], ["export"],
        ["import", "file.json"], ["--profile"],
        ["--profile="], ["--profile", "--kiosk"], ["--kiosk", "--kiosk"], ["--kiosk=yes"], ["--no-colour"],
        ["--profile", "a", "--profile", "b"], ["-"], ["--"], ["--", "hiit"], ["hiit", "hiit"], ["--kiosk", "hiit"],
        ["cardio"], ["HIIT"],
    ])
    func leavesEverythingElseToArgumentParser(arguments: [String]) {
        #expect(QuickStart.parse(arguments) == nil)
    }
}
