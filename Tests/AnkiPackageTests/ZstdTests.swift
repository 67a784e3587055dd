import Foundation
import Testing

@testable import AnkiPackage

@Suite struct ZstdTests {
    @Test func aFrameCompressedComesBackTheSame() throws {
        let text = Data(String(repeating: "Anki collection ", count: 10_000).utf8)
        let packed = try Zstd.compress(text)
        #expect(packed.count < text.count / 10)
        #expect(try Zstd.decompress(packed, limit: 1 << 20) == text)
    }

    @Test func aFrameLargerThanTheLimitIsRefused() throws {
        let bomb = try Zstd.compress(Data(repeating: 0, count: 4 << 20))
        #expect(throws: Zstd.Failure.self) { try Zstd.decompress(bomb, limit: 1 << 20) }
    }

    @Test func bytesThatAreNotZstdAreRefused() {
        #expect(throws: Zstd.Failure.self) { try Zstd.decompress(Data("not zstd".utf8), limit: 1 << 20) }
    }
}
