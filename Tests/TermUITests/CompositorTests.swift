import TermUI
import Testing

@Suite("Compositor layers")
struct CompositorTests {
    let size = Size(width: 10, height: 2)

    /// A drawing that appends `letter` to the first blank cell of row 0, so that the row reads
    /// the layers in the order they were drawn.
    func append(_ letter: Character) -> (inout Canvas) -> Void {
        { canvas in
            let x = (0..<canvas.size.width).first { canvas[$0, 0] == .blank } ?? 0
            canvas.put(Cell(letter), x: x, y: 0)
        }
    }

    @Test func levelsAreOrderedBackToFront() {
        #expect(LayerLevel.allCases == [.screen, .sheet, .toast])
        #expect(LayerLevel.screen < .sheet)
        #expect(LayerLevel.sheet < .toast)
    }

    @Test func drawsScreenThenSheetThenToastWhateverTheInsertionOrder() {
        var composition = Composition(size: size)
        composition.add(.toast, draw: append("t"))
        composition.add(.sheet, draw: append("m"))
        composition.add(.screen, draw: append("s"))
        #expect(composition.flatten().lines() == ["smt", ""])
    }

    @Test func keepsInsertionOrderWithinALevel() {
        var composition = Composition(size: size)
        composition.add(.sheet, draw: append("c"))
        composition.add(.toast, draw: append("e"))
        composition.add(.screen, draw: append("a"))
        composition.add(.sheet, draw: append("d"))
        composition.add(.screen, draw: append("b"))
        composition.add(.toast, draw: append("f"))
        #expect(composition.flatten().lines() == ["abcdef", ""])
    }

    @Test func upperLayersDrawOverLowerOnes() {
        var composition = Composition(size: size)
        composition.add(.toast) { $0.write("toast", at: Point(x: 2, y: 1)) }
        composition.add(.screen) { $0.write("screen----", at: Point(x: 0, y: 1)) }
        #expect(composition.flatten().lines() == ["", "sctoast---"])
    }

    @Test func aModalLayerDimsEverythingBelowButNotItself() {
        var composition = Composition(size: size)
        composition.add(.toast) { $0.write("t", at: Point(x: 2, y: 0)) }
        composition.add(.sheet, dimsBelow: true) { $0.write("m", at: Point(x: 1, y: 0)) }
        composition.add(.screen) {
            $0.write("s", at: Point(x: 0, y: 0), style: Style(foreground: .red, attributes: .bold))
        }
        let frame = composition.flatten()
        #expect(frame.lines() == ["smt", ""])
        // The screen loses bold and turns dim but keeps its colour; even its blank cells dim.
        #expect(frame[0, 0].style == Style(foreground: .red, attributes: .dim))
        #expect(frame[9, 1].style == .dim)
        // The sheet and the toast above it are not dimmed.
        #expect(frame[1, 0].style == .plain)
        #expect(frame[2, 0].style == .plain)
    }

    @Test func aSecondModalLayerDimsTheFirst() {
        var composition = Composition(size: size)
        composition.add(.sheet, dimsBelow: true) { $0.write("first", at: .zero) }
        composition.add(.sheet) { $0.write("plain", at: Point(x: 0, y: 1)) }
        composition.add(.sheet, dimsBelow: true) { $0.write("2", at: Point(x: 9, y: 0)) }
        let frame = composition.flatten()
        #expect(frame.lines() == ["first    2", "plain"])
        #expect(frame[0, 0].style == .dim)
        #expect(frame[0, 1].style == .dim)
        #expect(frame[9, 0].style == .plain)
    }

    @Test func aLayerThatDoesNotDimLeavesLowerLayersAlone() {
        var composition = Composition(size: size)
        composition.add(.screen) { $0.write("s", at: .zero, style: .bold) }
        composition.add(.sheet) { $0.write("m", at: Point(x: 1, y: 0)) }
        let frame = composition.flatten()
        #expect(frame[0, 0].style == .bold)
    }

    @Test func flattensIntoAReusedCanvas() {
        var composition = Composition(size: size)
        composition.add { $0.write("new", at: .zero) }
        var reused = Canvas(size: size, fill: Cell("x"))
        composition.flatten(into: &reused)
        #expect(reused.lines() == ["new", ""])
        var wrongSize = Canvas(size: Size(width: 3, height: 3))
        composition.flatten(into: &wrongSize)
        #expect(wrongSize.size == size)
        #expect(wrongSize == composition.flatten())
    }

    @Test func aBackdropIsDrawnOnceWhileItsKeyStaysTheSame() {
        var cache = BackdropCache()
        var canvas = Canvas(size: size)
        var draws = 0
        for (second, key) in ["a", "a", "a", "b", "b"].enumerated() {
            var composition = Composition(size: size)
            composition.addBackdrop(key: key) { canvas in
                draws += 1
                canvas.write("page " + key, at: .zero)
            }
            composition.add { $0.write("\(second)", at: Point(x: 0, y: 1)) }
            composition.flatten(into: &canvas, backdrops: &cache)
            #expect(canvas.lines() == ["page " + key, "\(second)"])
            // The layer over the backdrop leaves nothing behind in the kept cells.
            let counted = draws
            #expect(canvas == composition.flatten())
            draws = counted
        }
        #expect(draws == 2)
        #expect(cache.drawn == 2)
        #expect(cache.reused == 3)
    }

    @Test func aNewSizeOrAFrameWithoutABackdropDrawsItAgain() {
        var cache = BackdropCache()
        var canvas = Canvas(size: size)
        var draws = 0
        func frame(_ size: Size, backdrop: Bool) {
            var composition = Composition(size: size)
            if backdrop {
                composition.addBackdrop(key: 1) { canvas in
                    draws += 1
                    canvas.write("page", at: .zero)
                }
            } else {
                composition.add { $0.write("home", at: .zero) }
            }
            composition.flatten(into: &canvas, backdrops: &cache)
            let counted = draws
            #expect(canvas == composition.flatten())
            draws = counted
        }
        frame(size, backdrop: true)
        frame(Size(width: 20, height: 3), backdrop: true)
        frame(Size(width: 20, height: 3), backdrop: true)
        #expect(draws == 2)
        frame(Size(width: 20, height: 3), backdrop: false)
        frame(Size(width: 20, height: 3), backdrop: true)
        #expect(draws == 3)
    }

    @Test func onlyTheFirstLayerCanBeABackdrop() {
        var cache = BackdropCache()
        var canvas = Canvas(size: size)
        var draws = 0
        for _ in 0..<3 {
            var composition = Composition(size: size)
            composition.add { $0.write("under", at: .zero) }
            composition.addBackdrop(key: "late") { canvas in
                draws += 1
                canvas.write("over", at: Point(x: 0, y: 1))
            }
            composition.flatten(into: &canvas, backdrops: &cache)
            #expect(canvas.lines() == ["under", "over"])
        }
        #expect(draws == 3)
        #expect(cache.reused == 0)
    }

    @Test func keysOfDifferentTypesNeverMatch() {
        var cache = BackdropCache()
        var canvas = Canvas(size: size)
        for key in [AnyHashable(1), AnyHashable(1), AnyHashable("1"), AnyHashable(UInt8(1)), AnyHashable(UInt8(1))] {
            var composition = Composition(size: size)
            switch key.base {
            case let number as Int: composition.addBackdrop(key: number) { $0.write("Int", at: .zero) }
            case let text as String: composition.addBackdrop(key: text) { $0.write("String", at: .zero) }
            case let byte as UInt8: composition.addBackdrop(key: byte) { $0.write("UInt8", at: .zero) }
            default: Issue.record("unexpected key \(key)")
            }
            composition.flatten(into: &canvas, backdrops: &cache)
            #expect(canvas == composition.flatten())
        }
        #expect(cache.drawn == 3)
        #expect(cache.reused == 2)
    }
}
