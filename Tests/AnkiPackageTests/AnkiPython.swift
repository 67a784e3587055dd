import Foundation

/// Anki's own code (the `anki` package from PyPI) through Scripts/anki_fixture.py.
enum AnkiPython {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/anki_fixture.py").path

    /// Why Anki's package cannot be used here, or `nil` when it can.
    static let unavailableReason: String? = {
        let result = run(["-c", "import anki.collection"])
        return result.status == 0
            ? nil
            : "the Python package `anki` is not installed (pip install anki): " + result.error.suffix(200)
    }()

    static var isAvailable: Bool {
        if let reason = unavailableReason { print("Skipping the tests against Anki: \(reason)") }
        return unavailableReason == nil
    }

    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `python3 ARGUMENTS`.
    static func run(_ arguments: [String]) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        do { try process.run() } catch { return Result(status: -1, output: "", error: "\(error)") }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs the fixture script with `arguments`, its JSON output decoded.
    static func fixture(_ arguments: [String]) throws -> Any? {
        let result = run([script] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "anki_fixture.py \(arguments.joined(separator: " ")): \(result.error)")
        }
        let text = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A collection made by Anki, with its packages and text export, made once per test run.
    static let fixtureDirectory: Result2 = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-anki-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            _ = try fixture(["make", directory.path])
            return .success(directory)
        } catch {
            return .failure("\(error)")
        }
    }()

    enum Result2 {
        case success(URL)
        case failure(String)

        func get() throws -> URL {
            switch self {
            case .success(let url): return url
            case .failure(let reason): throw Failure(description: reason)
            }
        }
    }
}
