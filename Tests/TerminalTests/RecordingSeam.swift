import TermUI

@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// A `CursesSeam` that records every call instead of drawing.
final class RecordingSeam: CursesSeam {
    struct Put: Equatable {
        var text: String
        var row: Int
        var column: Int
        var attributes: Attributes
        var pair: Int
    }

    enum Call: Equatable {
        case definePair(Int, foreground: Int, background: Int)
        case put(Put)
        case update
        case invalidate
        case erase
        case resize(Size)
    }

    var calls: [Call] = []
    var refusesPairs = false

    var puts: [Put] {
        calls.compactMap { call in
            if case .put(let put) = call { return put }
            return nil
        }
    }

    var updates: Int { calls.filter { $0 == .update }.count }

    func defineColorPair(_ pair: Int, foreground: Int, background: Int) -> Bool {
        calls.append(.definePair(pair, foreground: foreground, background: background))
        return !refusesPairs
    }

    func putCell(_ text: UnsafePointer<wchar_t>, row: Int, column: Int, attributes: Attributes, pair: Int) {
        var scalars = String.UnicodeScalarView()
        var index = 0
        while text[index] != 0 {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: text[index])) { scalars.append(scalar) }
            index += 1
        }
        calls.append(
            .put(Put(text: String(scalars), row: row, column: column, attributes: attributes, pair: pair)))
    }

    func update() { calls.append(.update) }
    func invalidate() { calls.append(.invalidate) }
    func erase() { calls.append(.erase) }
    func resize(to size: Size) { calls.append(.resize(size)) }
}
