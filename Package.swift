// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TermFit",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "termfit", targets: ["termfit"]),
        .library(name: "TermUI", targets: ["TermUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The only target that includes curses.h: a module map over libncursesw and one shim header.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        // Pure Swift: geometry, cells, frames, layers, the compositor and its diff, widgets,
        // events, clocks and the Scene protocol. No terminal, no disk.
        .target(name: "TermUI"),
        // The ncurses backend and the single run loop.
        .target(name: "Terminal", dependencies: ["TermUI", "CNcursesw"]),
        // Plain value types of everything TermFit keeps, and the small protocols workouts save
        // and load through. No GRDB, no disk: workout modules and their tests use these alone.
        .target(name: "Records"),
        // Persistence: the only module that imports GRDB.
        .target(
            name: "Store",
            dependencies: ["Records", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The workouts: view-model modules, pure Swift over TermUI and Records.
        .target(name: "HIIT", dependencies: ["TermUI", "Records"]),
        .target(name: "Dumbbells", dependencies: ["TermUI", "Records"]),
        .target(name: "Flashcards", dependencies: ["TermUI", "Records"]),
        // Home menu, routing between scenes, settings and profiles; hosts each workout and
        // carries out what it asks for (saving, above all).
        .target(name: "App", dependencies: ["TermUI", "Terminal", "Records", "HIIT", "Dumbbells", "Flashcards"]),
        // Argument parsing and wiring only.
        .executableTarget(
            name: "termfit",
            dependencies: [
                "App", "Terminal", "TermUI", "Records", "Store", "Flashcards",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Golden-frame helpers shared by the test targets that draw screens.
        .target(name: "GoldenFrames", path: "Tests/Support/GoldenFrames"),
        .testTarget(name: "TermUITests", dependencies: ["TermUI", "GoldenFrames"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TermUI", "CNcursesw"]),
        .testTarget(
            name: "StoreTests",
            dependencies: [
                "Store", "Records", "termfit-store-load", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Test helper for StoreTests: several of these write into one database at once, and
        // one is killed with SIGKILL right after saving a set. Depending on it makes
        // `swift test` build it.
        .executableTarget(
            name: "termfit-store-load", dependencies: ["Store", "Records"], path: "Tests/Support/StoreLoad"),
        // `make bench`: fills a profile with ten years of daily workouts and times the queries
        // the home screen and the dumbbell screen run.
        .executableTarget(
            name: "termfit-store-bench", dependencies: ["Store", "Records"], path: "Tests/Support/StoreBench"),
        .testTarget(name: "AppTests", dependencies: ["App", "TermUI", "Records", "Flashcards"]),
        .testTarget(name: "HIITTests", dependencies: ["HIIT", "TermUI", "Records", "GoldenFrames"]),
        .testTarget(name: "DumbbellsTests", dependencies: ["Dumbbells", "TermUI", "Records", "GoldenFrames"]),
        .testTarget(name: "FlashcardsTests", dependencies: ["Flashcards", "TermUI", "Records", "GoldenFrames"]),
        .testTarget(name: "EndToEndTests", dependencies: ["termfit"]),
    ],
    swiftLanguageModes: [.v6]
)
