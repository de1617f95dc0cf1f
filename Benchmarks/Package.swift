// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for kiosk, as a package of their own so the main build stays lean.
// Run them with `make bench`, or one target with
// `swift package benchmark --target EventBusBenchmarks`.
let package = Package(
    name: "KioskBenchmarks",
    dependencies: [
        .package(name: "kiosk", path: ".."),
        // Only the malloc interposer: the runtime interposer is not needed (nor available) here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Benchmark targets (package-benchmark finds them under Benchmarks/<Name>)
        .executableTarget(
            name: "EventBusBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "KioskCore", package: "kiosk"),
            ],
            path: "Benchmarks/EventBusBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "JuiceShopBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "JuiceMaker", package: "kiosk"),
                .product(name: "KioskCore", package: "kiosk"),
            ],
            path: "Benchmarks/JuiceShopBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "BankBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Bank", package: "kiosk"),
                .product(name: "KioskCore", package: "kiosk"),
            ],
            path: "Benchmarks/BankBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LiveViewBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "KioskREPL", package: "kiosk"),
                .product(name: "Bank", package: "kiosk"),
                .product(name: "KioskCore", package: "kiosk"),
            ],
            path: "Benchmarks/LiveViewBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "StorageBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "KioskStorage", package: "kiosk"),
                .product(name: "KioskPostgres", package: "kiosk"),
                .product(name: "JuiceMaker", package: "kiosk"),
                .product(name: "KioskCore", package: "kiosk"),
            ],
            path: "Benchmarks/StorageBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ScriptBenchmarks",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/ScriptBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "StartupBenchmarks",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/StartupBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),

        // The baselines StartupBenchmarks compares kiosk's start-up with
        .executableTarget(name: "HelloWorld"),
        .executableTarget(name: "HelloFoundation"),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.swiftLanguageMode(.v6)]
}
