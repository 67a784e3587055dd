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
        // Home menu, routing between scenes, settings and profiles.
        .target(name: "App", dependencies: ["TermUI", "Terminal", "Records", "Store"]),
        // Argument parsing and wiring only.
        .executableTarget(
            name: "termfit",
            dependencies: [
                "App", "Terminal", "TermUI", "Records", "Store",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "TermUITests", dependencies: ["TermUI"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TermUI", "CNcursesw"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "Records"]),
        .testTarget(name: "AppTests", dependencies: ["App", "TermUI", "Store"]),
        .testTarget(name: "EndToEndTests", dependencies: ["termfit"]),
    ],
    swiftLanguageModes: [.v6]
)
