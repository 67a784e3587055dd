import Testing

@testable import Terminal

@Suite struct TerminalOptionsTests {
    @Test func escapeDelayIsLongerOverSSH() {
        #expect(TerminalOptions.from(environment: [:], noColorFlag: false).escapeDelay == 25)
        let ssh = ["SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"]
        #expect(TerminalOptions.from(environment: ssh, noColorFlag: false).escapeDelay == 100)
    }

    @Test func noColorFromTheFlagOrTheEnvironment() {
        #expect(TerminalOptions.from(environment: [:], noColorFlag: false).allowsColor)
        #expect(!TerminalOptions.from(environment: [:], noColorFlag: true).allowsColor)
        #expect(!TerminalOptions.from(environment: ["NO_COLOR": "1"], noColorFlag: false).allowsColor)
        // NO_COLOR counts only when it is set to something (no-color.org).
        #expect(TerminalOptions.from(environment: ["NO_COLOR": ""], noColorFlag: false).allowsColor)
    }

    @Test func everyModeTermFitTurnsOnIsTurnedOffByTheResetSequence() {
        for sequence in ["?1002", "?1006", "?1004", "?2004"] {
            #expect(ModeSequence.resetAll.contains("\u{1B}[\(sequence)l"))
        }
        #expect(ModeSequence.resetAll.contains("\u{1B}[?1049l"), "back to the main screen")
        #expect(ModeSequence.resetAll.contains("\u{1B}[?25h"), "the cursor shows again")
    }
}
