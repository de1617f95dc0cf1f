// swift-tools-version: 6.1
import PackageDescription

// SQLite, readline and terminfo go into the binary from their static archives when
// scripts/bootstrap has linked those into this directory: the linker looks here first, so
// `-lsqlite3` finds the archive before the shared library. Three shared libraries fewer
// for the dynamic loader to map and bind is half a millisecond of every start (README,
// Performance). Without the directory the shared libraries are linked, as they were.
let staticLibraries = Context.packageDirectory + "/.build/static-libraries"

// Linux only, so no `platforms`: the sources import Glibc and use its names (sigaction's
// `__sigaction_handler`, posix_spawn's value types), read /proc, load libpq.so.5, and
// scripts/bootstrap installs apt packages. A macOS minimum here claimed a port that was
// never built.
let package = Package(
    name: "kiosk",
    products: [
        .executable(name: "kiosk", targets: ["kiosk"]),
        // Libraries for Benchmarks/, which is a package of its own.
        .library(name: "KioskCore", targets: ["KioskCore"]),
        .library(name: "JuiceMaker", targets: ["JuiceMaker"]),
        .library(name: "Bank", targets: ["Bank"]),
        .library(name: "KioskStorage", targets: ["KioskStorage"]),
        .library(name: "KioskPostgres", targets: ["KioskPostgres"]),
        .library(name: "KioskREPL", targets: ["KioskREPL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    ],
    targets: [
        // System libraries
        // readline's pkg-config file adds -D flags that SwiftPM rejects with a warning,
        // and its headers and library live in the default search paths, so the
        // module map alone links it; scripts/bootstrap checks it with pkg-config.
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"])]
        ),
        // PostgreSQL's client library, loaded with dlopen the first time a PostgreSQL
        // database is used (libpq and the libraries it links cost every start-up otherwise):
        // libpq-fe.h's declarations and forwarders to the loaded library. Only
        // KioskPostgres imports it; scripts/bootstrap installs libpq-dev for the header.
        .target(name: "CLibPQ"),
        // SQLite's global settings (sqlite3_config is variadic, which Swift does not import);
        // only KioskStorage imports it. libsqlite3-dev is GRDB's requirement already.
        .systemLibrary(
            name: "CSQLiteSettings",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // Shared core: event bus, command model, config, clocks
        .target(
            name: "KioskCore",
            dependencies: [.product(name: "TOMLKit", package: "TOMLKit")],
            plugins: ["EmbedBankPresets"]
        ),

        // Domain modules
        .target(name: "JuiceMaker", dependencies: ["KioskCore"]),
        .target(
            name: "Bank",
            dependencies: [
                "KioskCore",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),

        // Adapters
        .target(
            name: "KioskStorage",
            dependencies: [
                "KioskCore", "JuiceMaker", "Bank",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The order transaction's prepared statements call SQLite's C API directly.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "CSQLiteSettings",
            ]
        ),
        .target(
            name: "KioskPostgres",
            dependencies: ["KioskCore", "JuiceMaker", "Bank", "CLibPQ"]
        ),
        .target(
            name: "KioskREPL",
            dependencies: ["KioskCore", "JuiceMaker", "Bank", "KioskStorage", "KioskPostgres", "CReadline"]
        ),

        // The executable
        .executableTarget(
            name: "kiosk",
            dependencies: [
                "KioskREPL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.unsafeFlags(["-L", staticLibraries])]
        ),

        // Build tooling: ships config/kiosk.toml inside the binary, as a value
        // (`make builtin-config`) and its presets as text
        .executableTarget(name: "WriteBuiltInConfig", dependencies: ["KioskCore"]),
        .executableTarget(name: "EmbedResource"),
        .plugin(
            name: "EmbedBankPresets",
            capability: .buildTool(),
            dependencies: ["EmbedResource"]
        ),

        // Tests
        // The config's errors are typed in KioskCore and worded by KioskREPL's catalogs:
        // its tests check both.
        .testTarget(name: "KioskCoreTests", dependencies: ["KioskCore", "KioskREPL"]),
        .testTarget(
            name: "JuiceMakerTests",
            dependencies: ["JuiceMaker", "KioskCore"]
        ),
        .testTarget(
            name: "BankTests",
            dependencies: [
                "Bank", "KioskCore",
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "KioskStorageTests",
            dependencies: ["KioskStorage", "JuiceMaker", "Bank", "KioskCore"]
        ),
        .testTarget(
            name: "KioskPostgresTests",
            dependencies: ["KioskPostgres", "JuiceMaker", "Bank", "KioskCore"]
        ),
        .testTarget(
            name: "KioskREPLTests",
            dependencies: ["KioskREPL", "KioskCore", "Bank", .product(name: "Clocks", package: "swift-clocks")]
        ),
        .testTarget(
            name: "KioskEndToEndTests",
            // kiosk: the binary these tests run, so that `swift test` builds it first and
            // they never run an older one (they find it beside the test bundle). GRDB only to
            // inspect the database file the binary wrote; KioskCore for its seeded random
            // generator.
            dependencies: ["kiosk", "KioskCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ]
)

// Settings every Swift target shares.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            // Generic types' metadata through their accessor functions rather than by
            // demangling the type's name at run time, which also looks up every conformance
            // the type's generic requirements name (each lookup, the first time, scans all
            // the conformance records of every loaded library): a measurable part of the
            // start-up (README, Performance).
            .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
        ]
}
