import Testing

#if canImport(Glibc)
    import Glibc
#endif

// Golden frames shared by every test target that draws screens: a frame is compared as text rows
// (trailing spaces trimmed), and a mismatch prints the actual rows as a Swift literal to paste
// into the test after checking it by eye.

/// The rows as a Swift array literal, one row a line, ready to paste into a test.
public func swiftLiteral(_ lines: [String]) -> String {
    let body = lines.map { line -> String in
        var escaped = ""
        for character in line {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            default: escaped.append(character)
            }
        }
        return "    \"\(escaped)\","
    }
    return (["["] + body + ["]"]).joined(separator: "\n")
}

/// Checks a whole frame's rows against `expected`; on a mismatch prints the actual rows as a
/// literal. With `TERMFIT_GOLDEN_PRINT=1` every checked frame is printed, to refresh goldens after
/// a deliberate change of a screen.
public func expectFrame(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    if let flag = getenv("TERMFIT_GOLDEN_PRINT"), String(cString: flag) == "1" {
        print("golden at \(sourceLocation.fileName):\(sourceLocation.line):\n\(swiftLiteral(actual))")
    }
    #expect(actual == expected, "actual frame:\n\(swiftLiteral(actual))", sourceLocation: sourceLocation)
}
