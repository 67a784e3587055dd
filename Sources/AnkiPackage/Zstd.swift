import CZstd
import Foundation

/// Decompresses zstd frames (Anki's `collection.anki21b` and media map) through the system's
/// libzstd, streaming, with a limit on the bytes it will produce (a zip bomb stops there).
enum Zstd {
    /// Why a frame could not be decompressed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Streams the decompression of `input` to `write`, at most `limit` bytes.
    static func decompress(_ input: Data, limit: Int, into write: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let stream = ZSTD_createDStream() else { throw Failure(description: "zstd: out of memory") }
        defer { ZSTD_freeDStream(stream) }
        ZSTD_initDStream(stream)
        let outputSize = ZSTD_DStreamOutSize()
        var output = [UInt8](repeating: 0, count: outputSize)
        var total = 0
        try input.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            var inBuffer = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
            var lastResult = 1
            while inBuffer.pos < inBuffer.size || lastResult != 0 {
                let produced = try output.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) in
                    var outBuffer = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
                    let result = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
                    if ZSTD_isError(result) != 0 {
                        throw Failure(description: "zstd: " + String(cString: ZSTD_getErrorName(result)))
                    }
                    lastResult = result
                    return outBuffer.pos
                }
                if produced == 0 && inBuffer.pos >= inBuffer.size {
                    if lastResult != 0 { throw Failure(description: "zstd: the compressed data ends early") }
                    break
                }
                total += produced
                if total > limit {
                    throw Failure(description: "it unpacks to more than \(limit >> 20) MiB")
                }
                try output.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[..<produced])) }
            }
        }
    }

    /// `input` decompressed, at most `limit` bytes.
    static func decompress(_ input: Data, limit: Int) throws -> Data {
        var result = Data()
        try decompress(input, limit: limit) { result.append(contentsOf: $0) }
        return result
    }

    /// `input` as one zstd frame (level 3), for packages TermFit writes in the current format.
    static func compress(_ input: Data) throws -> Data {
        let bound = ZSTD_compressBound(input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let size = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                ZSTD_compress(target.baseAddress, target.count, source.baseAddress, source.count, 3)
            }
        }
        if ZSTD_isError(size) != 0 { throw Failure(description: "zstd: " + String(cString: ZSTD_getErrorName(size))) }
        return Data(output[..<size])
    }
}
