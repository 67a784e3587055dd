import Foundation
import TermUI
import Testing

// Golden screens kept as files beside the tests (`Goldens/<name>.golden`): the rows as text, then
// every cell's style, so a screen that keeps its text but loses its colour, its reverse video or
// its bold fails too. `TERMFIT_GOLDEN_UPDATE=1 swift test --filter …` writes the files from what
// the screens draw now; look at the change with `git diff` before committing it.

/// A canvas as a golden file's text: the rows (trailing spaces trimmed), a `styles` line, then a
/// row of one letter per cell (`.` plain, trailing dots trimmed) and the legend of the letters.
public func goldenText(_ canvas: Canvas) -> String {
    var letters: [Style: Character] = [.plain: "."]
    var legend: [String] = []
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var styleRows: [String] = []
    for y in 0..<canvas.size.height {
        var row = ""
        for x in 0..<canvas.size.width {
            let style = canvas[x, y].style
            if letters[style] == nil {
                let letter = alphabet[min(legend.count, alphabet.count - 1)]
                letters[style] = letter
                legend.append("\(letter) \(describe(style))")
            }
            row.append(letters[style] ?? "?")
        }
        while row.last == "." { row.removeLast() }
        styleRows.append(row)
    }
    return (canvas.lines() + ["--- styles"] + styleRows + ["--- legend"] + legend).joined(separator: "\n") + "\n"
}

/// "fg=red bg=4 bold+reverse": a style in words.
private func describe(_ style: Style) -> String {
    let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "brightBlack", "brightRed",
        "brightGreen", "brightYellow", "brightBlue", "brightMagenta", "brightCyan", "brightWhite",
    ]
    func color(_ color: Color) -> String? {
        guard let index = color.index else { return nil }
        return Int(index) < names.count ? names[Int(index)] : String(index)
    }
    let attributes: [(Attributes, String)] = [
        (.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline"), (.italic, "italic"),
    ]
    var parts: [String] = []
    if let foreground = color(style.foreground) { parts.append("fg=" + foreground) }
    if let background = color(style.background) { parts.append("bg=" + background) }
    let set = attributes.filter { style.attributes.contains($0.0) }.map(\.1)
    if !set.isEmpty { parts.append(set.joined(separator: "+")) }
    return parts.joined(separator: " ")
}

/// Checks `canvas` against the golden file `name` in the `Goldens` folder beside the calling test
/// file. With `TERMFIT_GOLDEN_UPDATE=1` it writes the file instead. A missing file fails (CI
/// never writes one); a mismatch names the first row that differs and where the screen as drawn
/// now was written.
public func expectGolden(
    _ canvas: Canvas, _ name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    let file = folder.appendingPathComponent(name + ".golden")
    let actual = goldenText(canvas)
    if ProcessInfo.processInfo.environment["TERMFIT_GOLDEN_UPDATE"] == "1" {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
        } catch {
            Issue.record("could not write \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: file.path), let expected = String(data: data, encoding: .utf8)
    else {
        Issue.record(
            "no golden file \(file.path); TERMFIT_GOLDEN_UPDATE=1 writes it from this screen:\n\(actual)",
            sourceLocation: sourceLocation)
        return
    }
    guard actual != expected else { return }
    let saved = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).golden.actual")
    try? Data(actual.utf8).write(to: saved)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let first =
        zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(expectedLines.count, actualLines.count)
    let line = { (lines: [Substring]) in first < lines.count ? String(lines[first]) : "(nothing)" }
    Issue.record(
        """
        \(name): line \(first + 1) of the golden file differs
          expected: \(line(expectedLines))
          actual:   \(line(actualLines))
        the whole screen as drawn now: \(saved.path)
        \(actual)
        """, sourceLocation: sourceLocation)
}
