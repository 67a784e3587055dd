import CNcursesw
import TermUI
import Testing

@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// Real ncurses, started with `newterm()` on a pipe instead of a terminal, to pin down the exact
/// bytes a frame costs on the wire (and, on a packet socket, how many writes carry them).
@Suite(.serialized) struct NcursesBytesTests {
    /// An ncurses screen writing into a pipe this test reads.
    final class PipeScreen {
        let screen: OpaquePointer
        let reader: Int32
        let output: UnsafeMutablePointer<FILE>
        let input: UnsafeMutablePointer<FILE>
        let renderer: CursesRenderer

        /// - Parameter packets: write into a packet socket instead of a pipe: each `write()` ncurses
        ///   makes arrives as one packet, so `drainWrites()` can count them.
        init(
            terminal: String = "xterm-256color", size: Size, colorMode: ColorMode = .indexed, packets: Bool = false
        ) throws {
            var descriptors: [Int32] = [-1, -1]
            if packets {
                try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &descriptors) == 0)
            } else {
                try #require(pipe(&descriptors) == 0)
                // A pipe holds 64 KiB by default; make room for a full 200×60 frame.
                _ = fcntl(descriptors[1], 1031 /* F_SETPIPE_SZ */, 1 << 20)
            }
            reader = descriptors[0]
            _ = fcntl(reader, F_SETFL, O_NONBLOCK)
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

        /// The writes ncurses made since the last call, one element each (on a packet socket).
        func drainWrites() -> [[UInt8]] {
            var writes: [[UInt8]] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(reader, &buffer, buffer.count)
                guard count > 0 else { break }
                writes.append(Array(buffer.prefix(count)))
            }
            return writes
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

    /// Left in its initial state, ncurses flushes at every cursor move: a frame changing five
    /// lines would take five or more writes, each a system call and a wake-up for the reader.
    @Test func aFrameChangingManyLinesLeavesInOneWrite() throws {
        let size = Size(width: 80, height: 24)
        let pipeScreen = try PipeScreen(size: size, packets: true)
        defer { pipeScreen.close() }
        NcursesScreen.leaveInitialState()
        _ = pipeScreen.drainWrites()
        let first = frame(size, marker: "A")
        pipeScreen.renderer.draw(first, runs: FrameDiff.runs(from: nil, to: first))
        #expect(pipeScreen.drainWrites().count == 1)

        var changed = first
        for y in stride(from: 2, to: 22, by: 4) {
            changed.write("\(y)", at: Point(x: 60, y: y), style: .bold)
        }
        let runs = FrameDiff.runs(from: first, to: changed)
        #expect(Set(runs.map(\.y)).count == 5)
        pipeScreen.renderer.draw(changed, runs: runs)
        let writes = pipeScreen.drainWrites()
        #expect(writes.count == 1, "five changed lines took \(writes.count) writes")
        let text = String(decoding: writes.joined(), as: UTF8.self)
        for y in stride(from: 2, to: 22, by: 4) { #expect(text.contains("\(y)")) }
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
