import CNcursesw
import TermUI
import Testing

@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// Real ncurses, started with `newterm()` on a pipe instead of a terminal, to pin down the exact
/// bytes a frame costs on the wire.
@Suite(.serialized) struct NcursesBytesTests {
    /// An ncurses screen writing into a pipe this test reads.
    final class PipeScreen {
        let screen: OpaquePointer
        let reader: Int32
        let output: UnsafeMutablePointer<FILE>
        let input: UnsafeMutablePointer<FILE>
        let renderer: CursesRenderer

        init(terminal: String = "xterm-256color", size: Size, colorMode: ColorMode = .indexed) throws {
            var descriptors: [Int32] = [-1, -1]
            try #require(pipe(&descriptors) == 0)
            reader = descriptors[0]
            _ = fcntl(reader, F_SETFL, O_NONBLOCK)
            // A pipe holds 64 KiB by default; make room for a full 200×60 frame.
            _ = fcntl(descriptors[1], 1031 /* F_SETPIPE_SZ */, 1 << 20)
            output = try #require(fdopen(descriptors[1], "w"))
            input = try #require(fopen("/dev/null", "r"))
            setenv("LINES", "\(size.height)", 1)
            setenv("COLUMNS", "\(size.width)", 1)
            screen = try #require(newterm(terminal, output, input))
            unsetenv("LINES")
            unsetenv("COLUMNS")
            if colorMode != .none {
                start_color()
                use_default_colors()
            }
            renderer = CursesRenderer(seam: NcursesSeam(), colorMode: colorMode, glyphMode: .unicode, pairLimit: 256)
        }

        /// Everything ncurses wrote since the last call.
        func drain() -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(reader, &buffer, buffer.count)
                guard count > 0 else { break }
                bytes += buffer.prefix(count)
            }
            return bytes
        }

        func close() {
            endwin()
            delscreen(screen)
            fclose(output)
            fclose(input)
            Glibc.close(reader)
        }
    }

    private func frame(_ size: Size, marker: String = "") -> Canvas {
        var canvas = Canvas(size: size)
        for y in 0..<size.height {
            canvas.write("row \(y) of the TermFit home screen", at: Point(x: 1, y: y), style: Style(foreground: .cyan))
        }
        canvas.write(marker, at: Point(x: 40, y: 5), style: .bold)
        return canvas
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func anUnchangedFrameWritesNothingAndOneCharacterIsCheap(size: Size) throws {
        let pipeScreen = try PipeScreen(size: size)
        defer { pipeScreen.close() }
        let first = frame(size, marker: "A")
        pipeScreen.renderer.draw(first, runs: FrameDiff.runs(from: nil, to: first))
        let firstBytes = pipeScreen.drain()
        #expect(firstBytes.count > size.height * 20)

        let same = frame(size, marker: "A")
        let none = FrameDiff.runs(from: first, to: same)
        #expect(none.isEmpty)
        pipeScreen.renderer.draw(same, runs: none)
        #expect(pipeScreen.drain().isEmpty)

        let changed = frame(size, marker: "B")
        let one = FrameDiff.runs(from: same, to: changed)
        #expect(one == [Run(y: 5, x: 40, count: 1)])
        pipeScreen.renderer.draw(changed, runs: one)
        let bytes = pipeScreen.drain()
        #expect(bytes.count > 0)
        #expect(
            bytes.count < 40,
            "one changed cell cost \(bytes.count) bytes: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        #expect(String(decoding: bytes, as: UTF8.self).contains("B"))
    }

    @Test func wideCharactersReachTheWireAsUTF8() throws {
        setlocale(LC_ALL, "C.UTF-8")
        let size = Size(width: 20, height: 3)
        let pipeScreen = try PipeScreen(size: size)
        defer { pipeScreen.close() }
        var canvas = Canvas(size: size)
        canvas.write("漢字 ♠", at: Point(x: 0, y: 1))
        pipeScreen.renderer.draw(canvas, runs: FrameDiff.runs(from: nil, to: canvas))
        let text = String(decoding: pipeScreen.drain(), as: UTF8.self)
        #expect(text.contains("漢字 ♠"))
    }
}
