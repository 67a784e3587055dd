import Foundation
import Records
import Testing

/// The kiosk's environment lock: every `TERMFIT_*` variable the sources read is in
/// ``TermFitEnvironment/variables``, and in kiosk mode none of them (nor any other `TERMFIT_*`)
/// reaches what a start goes by.
@Suite("The kiosk's environment lock")
struct EnvironmentLockTests {
    /// Every `TERMFIT_` name in the sources (code, messages and comments alike), with the files
    /// it is in; the registry's own file left out.
    static func namesInSources() throws -> [String: Set<String>] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Sources")
        var names: [String: Set<String>] = [:]
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") && !file.hasSuffix("EnvironmentVariables.swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /TERMFIT_[A-Z][A-Z_]*[A-Z]/) {
                names[String(match.output), default: []].insert(file)
            }
        }
        return names
    }

    @Test("The registry lists exactly the TERMFIT_ variables the sources name")
    func registryMatchesTheSources() throws {
        let named = try Self.namesInSources()
        #expect(named.count >= 5, "the sources were read: \(named)")
        #expect(Set(named.keys) == Set(TermFitEnvironment.variables.keys), "named in the sources: \(named)")
    }

    @Test("The process's environment is read from the C library as Foundation reads it")
    func processEnvironmentMatchesFoundations() {
        let name = "TF_TESTS_PROCESS_ENVIRONMENT_\(getpid())"
        setenv(name, "a=b==c é", 1)
        defer { unsetenv(name) }
        let ours = TermFitEnvironment.process
        let foundations = ProcessInfo.processInfo.environment
        #expect(ours[name] == "a=b==c é", "the value after the first =, whole")
        for variable in ["PATH", "HOME", name] {
            #expect(ours[variable] == foundations[variable], "\(variable)")
        }
        #expect(ours.count >= 3)
        unsetenv(name)
        #expect(TermFitEnvironment.process[name] == nil, "read again at every use")
    }

    @Test("In kiosk mode no TERMFIT_ variable is left, known or not; outside it every one is")
    func kioskModeDropsEveryVariable() throws {
        var environment = ["HOME": "/home/gym", "LANG": "C.UTF-8", "TERM": "xterm", "TERMFIT_FUTURE": "1"]
        for name in try Self.namesInSources().keys { environment[name] = "1" }
        let kiosk = TermFitEnvironment.effective(environment, kiosk: true)
        #expect(kiosk == ["HOME": "/home/gym", "LANG": "C.UTF-8", "TERM": "xterm"])
        #expect(TermFitEnvironment.effective(environment, kiosk: false) == environment)
    }
}
