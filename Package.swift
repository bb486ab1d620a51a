// swift-tools-version: 6.2
import PackageDescription

// Layers, from the bottom: JSONBytes (the JSON reader) → MealDB (API models and client)
// → MealCatalog (offline TheMealDB) → ViewModels (state and intents) → ViewDescription (screens
// as node trees) → Scenarios (parse, replay, compare) → the `rezepte` command. VirtualTime
// (clock and task tracking) sits beside them; MealServer serves a catalog over HTTP. Nothing
// points upwards. LiveNetwork is the only target that imports FoundationNetworking (URLSession,
// libcurl): `rezepte` does not link it and starts fast; `rezepte-net`, the same commands with
// it, runs what needs real HTTP.
let package = Package(
  name: "Rezepte",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .executable(name: "rezepte", targets: ["rezepte"]),
    .executable(name: "rezepte-net", targets: ["rezepte-net"]),
    .executable(name: "rezepte-bench", targets: ["RezepteBench"]),
    .executable(name: "rezepte-fuzz", targets: ["RezepteFuzz"]),
    .library(name: "MealDB", targets: ["MealDB"]),
    .library(name: "MealCatalog", targets: ["MealCatalog"]),
    .library(name: "VirtualTime", targets: ["VirtualTime"]),
    .library(name: "ViewModels", targets: ["ViewModels"]),
    .library(name: "ObservableViewModels", targets: ["ObservableViewModels"]),
    .library(name: "ViewDescription", targets: ["ViewDescription"]),
    .library(name: "Scenarios", targets: ["Scenarios"]),
    .library(name: "MealServer", targets: ["MealServer"]),
    .library(name: "TerminalPlayer", targets: ["TerminalPlayer"]),
    .library(name: "FileSafety", targets: ["FileSafety"]),
    .library(name: "Explore", targets: ["Explore"]),
    .library(name: "LiveNetwork", targets: ["LiveNetwork"]),
    .library(name: "RezepteTesting", targets: ["RezepteTesting"]),
  ],
  targets: [
    .target(name: "VirtualTime"),
    // The command line every command shares: declarations, parsing, help, errors, exit codes,
    // and the readers of durations and URLs.
    .target(name: "CommandLineKit"),
    // Atomic writes through symbolic links, file locks: every file the package writes.
    .target(name: "FileSafety"),
    // The one reader (and writer) of JSON bytes: the catalog's loader and the API's answers.
    .target(name: "JSONBytes"),
    .target(name: "MealDB", dependencies: ["JSONBytes"]),
    .target(
      name: "MealCatalog",
      dependencies: ["MealDB", "VirtualTime", "JSONBytes"],
      resources: [.copy("Resources/Catalog")]
    ),
    .target(name: "ViewModels", dependencies: ["MealDB", "VirtualTime", "FileSafety"]),
    // Real HTTP through `URLSession`: the one target that imports FoundationNetworking.
    .target(name: "LiveNetwork", dependencies: ["MealDB", "ViewModels"]),
    // `@Observable` wrappers of the view models, for SwiftUI ports (the article "Porting to SwiftUI").
    .target(name: "ObservableViewModels", dependencies: ["ViewModels"]),
    .target(name: "ViewDescription", dependencies: ["ViewModels", "MealDB"]),
    .target(
      name: "Scenarios",
      dependencies: [
        "ViewDescription", "ViewModels", "MealCatalog", "MealDB", "VirtualTime", "CommandLineKit",
        "FileSafety",
      ]
    ),
    .target(
      name: "MealServer",
      dependencies: ["MealCatalog", "MealDB", "VirtualTime", "CommandLineKit", "FileSafety"]
    ),
    // `rezepte play`: the app in a terminal over the same screens, saving sessions as scenarios.
    .target(
      name: "TerminalPlayer",
      dependencies: [
        "Scenarios", "ViewDescription", "ViewModels", "MealCatalog", "MealDB", "VirtualTime",
        "CommandLineKit", "FileSafety",
      ]
    ),
    // Random user sessions against the app's rules, shrunk to scenario files (`rezepte explore`).
    .target(
      name: "Explore",
      dependencies: [
        "Scenarios", "ViewDescription", "ViewModels", "MealCatalog", "MealDB", "VirtualTime",
        "CommandLineKit", "FileSafety",
      ]
    ),
    // The command table `rezepte` and `rezepte-net` share, and the hand-over between them.
    .target(
      name: "RezepteProgram",
      dependencies: [
        "Scenarios", "MealServer", "TerminalPlayer", "Explore", "CommandLineKit", "MealDB",
      ]
    ),
    // For the tests of a package that depends on this one: `expectScreen` (inline and in files,
    // recorded in place) and `send`/`advance` that check every change of the state. Links Swift
    // Testing and XCTest, so no executable depends on it.
    .target(
      name: "RezepteTesting",
      dependencies: [
        "ViewModels", "ViewDescription", "MealCatalog", "MealDB", "VirtualTime", "FileSafety",
        "CommandLineKit",
      ]
    ),
    // Without networking: hands a command line that needs HTTP to `rezepte-net` beside it.
    .executableTarget(name: "rezepte", dependencies: ["RezepteProgram"]),
    .executableTarget(name: "rezepte-net", dependencies: ["RezepteProgram", "LiveNetwork"]),
    // Benchmarks of the scenario runner; meaningful only in a release build (the Performance
    // article of the Scenarios catalog).
    .executableTarget(
      name: "RezepteBench",
      dependencies: [
        "Scenarios", "ViewDescription", "ViewModels", "MealCatalog", "MealDB", "VirtualTime",
        "Explore", "CommandLineKit", "FileSafety",
      ]
    ),
    // Fuzz targets: replays its corpus in a plain build; `.ci/fuzz` builds it with libFuzzer.
    .executableTarget(
      name: "RezepteFuzz",
      dependencies: ["Scenarios", "MealServer", "MealCatalog", "MealDB", "TerminalPlayer"]
    ),
    // Only imports Foundation: the start-up the bench sets `rezepte`'s against.
    .executableTarget(name: "startup-baseline", path: "Sources/StartupBaseline"),
    .testTarget(name: "VirtualTimeTests", dependencies: ["VirtualTime"]),
    .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
    .testTarget(name: "FileSafetyTests", dependencies: ["FileSafety"]),
    .testTarget(name: "JSONBytesTests", dependencies: ["JSONBytes"]),
    .testTarget(name: "MealDBTests", dependencies: ["MealDB", "ByteMutations"]),
    // A loopback port that refuses connections, for the test targets that need one.
    .target(name: "TestPorts", path: "Tests/Support/TestPorts"),
    // Texts one changed byte away from a text, for the sweeps of the readers against Foundation.
    .target(name: "ByteMutations", path: "Tests/Support/ByteMutations"),
    .testTarget(
      name: "LiveNetworkTests", dependencies: ["LiveNetwork", "MealDB", "ViewModels", "TestPorts"]),
    // Runs the built `rezepte` and `rezepte-net` as a user does.
    .testTarget(
      name: "RezepteProgramTests",
      dependencies: ["RezepteProgram", "CommandLineKit", "MealDB", "VirtualTime", "TestPorts"]
    ),
    .testTarget(
      name: "MealCatalogTests",
      dependencies: ["MealCatalog", "MealDB", "VirtualTime", "JSONBytes", "ByteMutations"]
    ),
    .testTarget(
      name: "ViewModelsTests",
      dependencies: ["ViewModels", "MealCatalog", "MealDB", "VirtualTime"]
    ),
    .testTarget(
      name: "ObservableViewModelsTests",
      dependencies: ["ObservableViewModels", "ViewModels", "MealCatalog", "MealDB", "VirtualTime"]
    ),
    // Imports the libraries without `@testable`: what the snippets of the README and the articles
    // show.
    .testTarget(
      name: "PublicAPITests",
      dependencies: [
        "ObservableViewModels", "ViewModels", "MealCatalog", "MealDB", "LiveNetwork",
        "ViewDescription", "RezepteTesting",
      ],
      exclude: ["__Screens__"]
    ),
    .testTarget(name: "RezepteTestingTests", dependencies: ["RezepteTesting"]),
    .testTarget(
      name: "ViewDescriptionTests",
      // MealCatalog for its `SeededGenerator`: random lines the same on every run.
      dependencies: ["ViewDescription", "ViewModels", "MealDB", "MealCatalog"]
    ),
    .testTarget(
      name: "ScenariosTests",
      dependencies: [
        "Scenarios", "ViewDescription", "MealCatalog", "MealDB", "MealServer", "CommandLineKit",
        "LiveNetwork", "FileSafety",
      ]
    ),
    .testTarget(
      name: "TerminalPlayerTests",
      dependencies: [
        "TerminalPlayer", "Scenarios", "ViewDescription", "ViewModels", "MealCatalog", "MealDB",
        "CommandLineKit",
      ]
    ),
    .testTarget(
      name: "ExploreTests",
      dependencies: [
        "Explore", "Scenarios", "ViewDescription", "ViewModels", "MealCatalog", "MealDB",
        "VirtualTime",
      ]
    ),
    .testTarget(
      name: "MealServerTests",
      dependencies: [
        "MealServer", "MealCatalog", "MealDB", "VirtualTime", "CommandLineKit", "LiveNetwork",
        "TestPorts",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Async functions that belong to no actor run on their caller's executor (Swift 6.2's
// `nonisolated(nonsending)` default): a view model's request then starts, is logged and is decoded
// on the main actor in the order the view model made it, instead of racing on the global pool,
// so that replays are byte-identical.
for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? [])
    + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
}

// Concrete generic types (`[String: Int]`, `StateHolder<AppState>`) are made through their
// metadata accessors, not looked up by mangled name: each lookup demangles the name at run time
// and proves the type's generic requirements, and a one-scenario `rezepte run` made about ninety
// of them, a tenth of its time (the Performance article). On Linux only, where it was measured. The
// flag is "unsafe" to SwiftPM; packages of tools version 6.2 may depend on this one all the same.
for target in package.targets where target.type != .test {
  target.swiftSettings =
    (target.swiftSettings ?? [])
    + [
      .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
        .when(platforms: [.linux]))
    ]
}
