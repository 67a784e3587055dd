// swift-tools-version:6.0
import PackageDescription

// TermFit builds and runs on Linux only: `Terminal` uses Linux's `pipe2`, glibc's
// `__sigaction_handler` and `/proc`, and the release link (see the Makefile) is for glibc and ELF.
// So the package claims no Apple platform; see docs/DECISIONS.md.
let package = Package(
    name: "TermFit",
    products: [
        .executable(name: "termfit", targets: ["termfit"]),
        .library(name: "TermUI", targets: ["TermUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
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
        // Persistence: the only module that imports GRDB for a member's data.
        .target(
            name: "Store",
            dependencies: ["Records", "CSQLiteTuning", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The PostgreSQL backend of the store contract (Records' `MemberStore`), for several
        // kiosk boxes sharing members, through the system's libpq (CLibpq).
        .target(
            name: "PostgresStore",
            dependencies: [
                "Records", "CLibpq",
            ]
        ),
        // libzstd, for Anki's current packages (collection.anki21b): a module map and one header.
        .systemLibrary(name: "CZstd", providers: [.apt(["libzstd-dev"])]),
        // Anki packages (.apkg, .colpkg) in and out: a ZIP of a foreign SQLite collection, zstd in
        // the current format. Reads and writes only those files, never a member's database (see
        // docs/DECISIONS.md on why it is not in Store).
        .target(
            name: "AnkiPackage",
            dependencies: [
                "Flashcards", "Records", "CZstd", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // SQLite's process-wide memory settings (sqlite3_config takes C variable arguments).
        .target(name: "CSQLiteTuning", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The workouts: view-model modules, pure Swift over TermUI and Records.
        .target(name: "HIIT", dependencies: ["TermUI", "Records"]),
        .target(name: "Dumbbells", dependencies: ["TermUI", "Records"]),
        .target(name: "CardDeck", dependencies: ["TermUI", "Records"]),
        .target(name: "Flashcards", dependencies: ["TermUI", "Records"]),
        // The Deck of Cards API client: HTTP through the system's libcurl, loaded with dlopen
        // the first time a remote deck is used, so it costs nothing at start-up (see
        // docs/DECISIONS.md). CCurl is the only C that touches libcurl.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "DeckClient", dependencies: ["CardDeck", "CCurl"]),
        // PostgreSQL's client library, libpq, loaded with dlopen the first time a PostgreSQL
        // store is opened (as CCurl loads libcurl): a start without `--database` loads nothing of
        // it. CLibpq is the only C that touches libpq.
        .target(name: "CLibpq", linkerSettings: [.linkedLibrary("dl")]),
        // Home menu, routing between scenes, settings and profiles; hosts each workout and
        // carries out what it asks for (saving, above all).
        .target(
            name: "App", dependencies: ["TermUI", "Terminal", "Records", "HIIT", "Dumbbells", "CardDeck", "Flashcards"]),
        // Argument parsing and wiring only.
        .executableTarget(
            name: "termfit",
            dependencies: [
                "App", "Terminal", "TermUI", "Records", "Store", "CardDeck", "DeckClient", "Flashcards", "AnkiPackage",
                "Dumbbells", "HIIT", "PostgresStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Helpers shared by the test targets: golden frames, a seeded generator, fixed dates and
        // identifiers, and a workout log that fails on demand.
        .target(name: "TestSupport", dependencies: ["Records", "TermUI"], path: "Tests/Support/TestSupport"),
        // A Deck of Cards API server on loopback (POSIX sockets, a thread), for the client's,
        // the host's and the end-to-end tests.
        .target(name: "LoopbackDeckServer", dependencies: ["CardDeck"], path: "Tests/Support/LoopbackDeckServer"),
        .testTarget(name: "TermUITests", dependencies: ["TermUI", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TermUI", "CNcursesw", "TestSupport"]),
        .testTarget(
            name: "StoreTests",
            dependencies: [
                "Store", "Records", "TestSupport", "termfit-store-load", "HIIT", "Flashcards",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Test helper for StoreTests: several of these write into one database at once, and
        // one is killed with SIGKILL right after saving a set. Depending on it makes
        // `swift test` build it.
        .executableTarget(
            name: "termfit-store-load", dependencies: ["Store", "Records", "CSQLiteTuning"],
            path: "Tests/Support/StoreLoad"),
        // `make bench`: fills a profile with ten years of daily workouts and times the queries
        // the home screen and the dumbbell screen run; with --flashcards N, opens a collection of
        // N notes as the app's worker does; with --boxes URL, several kiosk boxes on PostgreSQL.
        .executableTarget(
            name: "termfit-store-bench",
            dependencies: ["Store", "Records", "App", "Flashcards", "TermUI", "PostgresStore"],
            path: "Tests/Support/StoreBench"),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "TermUI", "Terminal", "Records", "CardDeck", "DeckClient", "Dumbbells", "LoopbackDeckServer",
                "Flashcards", "TestSupport", "Store",
            ], exclude: ["Goldens"]),
        // The store contract's conformance suite: the same tests against SQLite and PostgreSQL.
        .testTarget(
            name: "StoreConformanceTests",
            dependencies: [
                "Store", "PostgresStore", "Records", "TestSupport",
            ]),
        .testTarget(
            name: "HIITTests", dependencies: ["HIIT", "TermUI", "Records", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(
            name: "DumbbellsTests", dependencies: ["Dumbbells", "TermUI", "Records", "TestSupport"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "CardDeckTests", dependencies: ["CardDeck", "TermUI", "Records", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "DeckClientTests", dependencies: ["DeckClient", "CardDeck", "LoopbackDeckServer"]),
        .testTarget(
            name: "FlashcardsTests", dependencies: ["Flashcards", "TermUI", "Records", "TestSupport"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "AnkiPackageTests",
            dependencies: [
                "AnkiPackage", "Flashcards", "Records", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["termfit", "LoopbackDeckServer", "CardDeck", "TestSupport"]),
        // The command line itself: the quick reader of the usual start-ups against ArgumentParser.
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["termfit", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    ],
    swiftLanguageModes: [.v6]
)
