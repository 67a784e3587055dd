// swift-tools-version:6.1
import PackageDescription

// TermFit's benchmarks live in their own package so that `make test` at the root never builds
// them: compose+diff micro-benchmarks on ordo-one/benchmark, and `ptyrun`, which drives any
// terminal program (TermFit or a peer) on a pseudo-terminal and counts what it writes.
let package = Package(
    name: "TermFitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "TermFit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Compose+diff of TermUI frames at 80×24 and 200×60.
        .executableTarget(
            name: "ComposeDiff",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TermUI", package: "TermFit"),
            ],
            path: "Benchmarks/ComposeDiff",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // openpty, fork, setsid, TIOCSCTTY and exec for ptyrun: what Swift cannot do between fork and exec.
        .target(name: "CPseudoTerminal"),
        // Runs a terminal program on a pseudo-terminal and reports bytes, CPU, wake-ups, memory,
        // start-up time and whether the terminal was restored.
        .executableTarget(
            name: "ptyrun",
            dependencies: [
                "CPseudoTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
