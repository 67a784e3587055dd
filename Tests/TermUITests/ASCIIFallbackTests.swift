import Foundation
import Testing

@testable import TermUI

/// Without a UTF-8 locale every glyph is drawn as an ASCII stand-in: none may come out as `?`.
@Suite struct ASCIIFallbackTests {
    /// The modules that draw on screen; the width and fallback tables themselves are left out.
    static let drawingModules = ["App", "TermUI", "HIIT", "Dumbbells", "CardDeck", "Flashcards"]
    static let tables = ["ASCIIFallback.swift", "Width.swift"]

    /// Every character outside ASCII in the code (not the comments) of the drawing modules.
    static func drawnCharacters() throws -> [Unicode.Scalar: String] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var found: [Unicode.Scalar: String] = [:]
        for module in drawingModules {
            let directory = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let file as String in files
            where file.hasSuffix(".swift") && !tables.contains(where: { file.hasSuffix($0) }) {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.hasPrefix("//") { continue }
                    for scalar in code.unicodeScalars
                    where !scalar.isASCII && scalar.properties.generalCategory != .nonspacingMark
                        && scalar.properties.generalCategory != .enclosingMark
                        && !(0xFE00...0xFE0F).contains(scalar.value)
                    {
                        found[scalar] = "\(module)/\(file)"
                    }
                }
            }
        }
        return found
    }

    @Test func everyGlyphTermFitDrawsHasAStandIn() throws {
        let characters = try Self.drawnCharacters()
        #expect(characters.count > 20, "the scan found the sources")
        for (scalar, file) in characters.sorted(by: { $0.key.value < $1.key.value }) {
            #expect(
                ASCIIFallback.byte(for: scalar) != UInt8(ascii: "?"),
                "\(scalar) (U+\(String(scalar.value, radix: 16, uppercase: true))) in \(file) has no ASCII stand-in")
        }
    }

    @Test func halfBlocksKeepTheirHalfAndSuitsTheirLetter() {
        #expect(ASCIIFallback.string("▀█▄ ♠♥♦♣ ╭─╮") == "\"#_ SHDC +-+")
        #expect(ASCIIFallback.string("👋") == "* ")
    }
}
