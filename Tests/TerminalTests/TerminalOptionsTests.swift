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

    @Test func theOutputLimitIs30SecondsUnlessTheEnvironmentSetsASaneOne() {
        #expect(TerminalOptions.from(environment: [:], noColorFlag: false).outputTimeout == 30)
        #expect(
            TerminalOptions.from(environment: ["TERMFIT_OUTPUT_TIMEOUT": "2"], noColorFlag: false).outputTimeout == 2)
        for text in ["0", "-5", "3601", "soon", ""] {
            #expect(OutputDeadline.limit(environment: ["TERMFIT_OUTPUT_TIMEOUT": text]) == 30, "\(text)")
        }
    }

    @Test func everyModeTermFitTurnsOnIsTurnedOffByTheResetSequence() {
        for sequence in ["?1002", "?1006", "?1004", "?2004"] {
            #expect(ModeSequence.resetAll.contains("\u{1B}[\(sequence)l"))
        }
        #expect(ModeSequence.resetAll.contains("\u{1B}[?1049l"), "back to the main screen")
        #expect(ModeSequence.resetAll.contains("\u{1B}[?25h"), "the cursor shows again")
    }
}

/// Which locale settings say "this terminal speaks another character set".
@Suite struct LocaleNameTests {
    @Test(arguments: [
        ("en_US.ISO-8859-1", true), ("ru_RU.KOI8-R", true), ("de_DE.ISO-8859-15@euro", true),
        ("de_DE.UTF-8", false), ("C.utf8", false), ("sr_RS.UTF-8@latin", false), ("C", false), ("POSIX", false),
        ("", false), ("en_US", false),
    ])
    func namesOtherCharacterSet(locale: String, other: Bool) {
        #expect(LocaleSetup.namesOtherCharacterSet(locale) == other)
    }

    @Test func theFirstSetVariableDecidesAsPOSIXOrdersThem() {
        #expect(LocaleSetup.requestedLocale(["LANG": "a", "LC_CTYPE": "b", "LC_ALL": "c"]) == "c")
        #expect(LocaleSetup.requestedLocale(["LANG": "a", "LC_CTYPE": "b", "LC_ALL": ""]) == "b")
        #expect(LocaleSetup.requestedLocale(["LANG": "a"]) == "a")
        #expect(LocaleSetup.requestedLocale([:]) == "")
    }
}
