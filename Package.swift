// swift-tools-version: 6.2
import PackageDescription

// One folder of Sources per layer, from the bottom; a target uses only targets of its own layer
// or of layers below it:
//
//   Base       VirtualTime (the clock, task tracking, a lock, a seeded generator), Spelling (how
//              durations and user text are written in messages, did-you-mean), FileSafety
//   Data       JSONBytes (the JSON reader), MealDB (TheMealDB's models and client), MealCatalog
//              (the offline TheMealDB), LiveNetwork (URLSession)
//   App        ViewModels (state, intents, navigation, favourites), ObservableViewModels
//   Screens    ViewDescription (screens as node trees, their renderers and diff)
//   Harness    AppHarness (the app on virtual time with its request ledger)
//   Steps      Scenarios (the step language: parse, write, replay)
//   FrontEnds  CommandLineKit, ReplayCommands (run, show, storyboard), TerminalPlayer (play),
//              Explore, MealServer (serve, capture), RezepteTesting (Swift tests)
//   Program    the `rezepte` command
//   Tools      the benchmark and the fuzz targets
let package = Package(
  name: "Rezepte",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .executable(name: "rezepte", targets: ["rezepte"]),
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
    // MARK: Base
    .target(name: "VirtualTime", path: "Sources/Base/VirtualTime"),
    .target(name: "Spelling", path: "Sources/Base/Spelling"),
    // Atomic writes through symbolic links, file locks: every file the package writes.
    .target(name: "FileSafety", path: "Sources/Base/FileSafety"),

    // MARK: Data
    // The one reader (and writer) of JSON bytes: the catalog's loader and the API's answers.
    .target(name: "JSONBytes", path: "Sources/Data/JSONBytes"),
    .target(name: "MealDB", dependencies: ["JSONBytes"], path: "Sources/Data/MealDB"),
    .target(
      name: "MealCatalog",
      dependencies: ["MealDB", "VirtualTime", "JSONBytes", "Spelling"],
      path: "Sources/Data/MealCatalog",
      resources: [.copy("Resources/Catalog")]
    ),
    // Real HTTP through `URLSession`: the one target that imports FoundationNetworking.
    .target(name: "LiveNetwork", dependencies: ["MealDB"], path: "Sources/Data/LiveNetwork"),

    // MARK: App
    .target(
      name: "ViewModels", dependencies: ["MealDB", "VirtualTime", "FileSafety"],
      path: "Sources/App/ViewModels"),
    // `@Observable` wrappers of the view models, for SwiftUI ports (the article "Porting to SwiftUI").
    .target(
      name: "ObservableViewModels", dependencies: ["ViewModels"],
      path: "Sources/App/ObservableViewModels"),

    // MARK: Screens
    .target(
      name: "ViewDescription", dependencies: ["ViewModels", "MealDB", "Spelling"],
      path: "Sources/Screens/ViewDescription"),

    // MARK: Harness
    .target(
      name: "AppHarness", dependencies: ["ViewModels", "MealDB", "VirtualTime"],
      path: "Sources/Harness/AppHarness"),

    // MARK: Steps
    .target(
      name: "Scenarios",
      dependencies: [
        "AppHarness", "ViewDescription", "ViewModels", "MealCatalog", "MealDB", "VirtualTime",
        "Spelling",
      ],
      path: "Sources/Steps/Scenarios"
    ),

    // MARK: Front ends
    // The command line every command shares: declarations, parsing, help, errors, exit codes.
    .target(
      name: "CommandLineKit", dependencies: ["Spelling", "VirtualTime"],
      path: "Sources/FrontEnds/CommandLineKit"),
    // `rezepte run`, `show` and `storyboard`: scenario files replayed, walked through and drawn.
    .target(
      name: "ReplayCommands",
      dependencies: [
        "Scenarios", "AppHarness", "ViewDescription", "ViewModels", "MealCatalog", "MealDB",
        "LiveNetwork", "Spelling", "CommandLineKit", "FileSafety",
      ],
      path: "Sources/FrontEnds/ReplayCommands"
    ),
    .target(
      name: "MealServer",
      dependencies: [
        "MealCatalog", "MealDB", "LiveNetwork", "VirtualTime", "Spelling", "CommandLineKit",
        "FileSafety",
      ],
      path: "Sources/FrontEnds/MealServer"
    ),
    // `rezepte play`: the app in a terminal over the same screens, saving sessions as scenarios.
    .target(
      name: "TerminalPlayer",
      dependencies: [
        "Scenarios", "AppHarness", "ViewDescription", "ViewModels", "MealCatalog", "MealDB",
        "LiveNetwork", "VirtualTime", "Spelling", "CommandLineKit", "FileSafety",
      ],
      path: "Sources/FrontEnds/TerminalPlayer"
    ),
    // Random user sessions against the app's rules, shrunk to scenario files (`rezepte explore`).
    .target(
      name: "Explore",
      dependencies: [
        "Scenarios", "AppHarness", "ViewDescription", "ViewModels", "MealCatalog", "MealDB",
        "VirtualTime", "Spelling", "CommandLineKit", "FileSafety",
      ],
      path: "Sources/FrontEnds/Explore"
    ),
    // For the tests of a package that depends on this one: `expectSnapshot` and `expectScreen`
    // (inline and in files, recorded in place), `send`/`advance` that check every change of the
    // state, and scenario files run as Swift tests. Links Swift Testing and XCTest, so no
    // executable depends on it.
    .target(
      name: "RezepteTesting",
      dependencies: [
        "AppHarness", "Scenarios", "ViewModels", "ViewDescription", "MealCatalog", "MealDB",
        "VirtualTime", "Spelling", "FileSafety",
      ],
      path: "Sources/FrontEnds/RezepteTesting"
    ),

    // MARK: Program
    // `rezepte`: the command table of every front end.
    .executableTarget(
      name: "rezepte",
      dependencies: [
        "ReplayCommands", "MealServer", "TerminalPlayer", "Explore", "CommandLineKit",
      ],
      path: "Sources/Program/rezepte"
    ),

    // MARK: Tools
    // Benchmarks of the scenario runner; meaningful only in a release build (the Performance
    // article of the Scenarios catalog).
    .executableTarget(
      name: "RezepteBench",
      dependencies: [
        "ReplayCommands", "Scenarios", "Explore", "MealServer", "MealCatalog", "MealDB",
        "LiveNetwork", "CommandLineKit", "VirtualTime", "FileSafety",
      ],
      path: "Sources/Tools/RezepteBench"
    ),
    // Fuzz targets: replays its corpus in a plain build; `.ci/fuzz` builds it with libFuzzer.
    .executableTarget(
      name: "RezepteFuzz",
      dependencies: [
        "Scenarios", "MealServer", "MealCatalog", "MealDB", "TerminalPlayer",
        "ViewDescription", "ViewModels",
      ],
      path: "Sources/Tools/RezepteFuzz"
    ),
    // Only imports Foundation: the start-up the bench sets `rezepte`'s against.
    .executableTarget(name: "startup-baseline", path: "Sources/Tools/StartupBaseline"),

    // MARK: Tests
    .testTarget(name: "VirtualTimeTests", dependencies: ["VirtualTime"]),
    .testTarget(name: "SpellingTests", dependencies: ["Spelling"]),
    .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit", "Spelling"]),
    .testTarget(name: "FileSafetyTests", dependencies: ["FileSafety"]),
    .testTarget(name: "JSONBytesTests", dependencies: ["JSONBytes"]),
    .testTarget(name: "MealDBTests", dependencies: ["MealDB", "ByteMutations"]),
    // A loopback port that refuses connections, for the test targets that need one.
    .target(name: "TestPorts", path: "Tests/Support/TestPorts"),
    // Texts one changed byte away from a text, for the sweeps of the readers against Foundation.
    .target(name: "ByteMutations", path: "Tests/Support/ByteMutations"),
    // The test data every test target shares: the small catalog, its meals and recipes, and
    // an app over it.
    .target(
      name: "Fixtures",
      dependencies: [
        "AppHarness", "MealCatalog", "MealDB", "RezepteTesting", "ViewModels", "ViewDescription",
        "VirtualTime",
      ],
      path: "Tests/Support/Fixtures"),
    .testTarget(
      name: "LiveNetworkTests", dependencies: ["LiveNetwork", "MealDB", "ViewModels", "TestPorts"]),
    // Runs the built `rezepte` as a user does.
    .testTarget(
      name: "RezepteProgramTests",
      dependencies: [
        "rezepte", "CommandLineKit", "VirtualTime", "Spelling", "TestPorts",
      ]
    ),
    .testTarget(
      name: "MealCatalogTests",
      dependencies: ["MealCatalog", "MealDB", "VirtualTime", "JSONBytes", "ByteMutations"]
    ),
    .testTarget(
      name: "ViewModelsTests",
      dependencies: [
        "ViewModels", "AppHarness", "RezepteTesting", "Fixtures", "MealCatalog", "MealDB",
        "VirtualTime",
      ]
    ),
    .testTarget(
      name: "ObservableViewModelsTests",
      dependencies: [
        "ObservableViewModels", "ViewModels", "AppHarness", "RezepteTesting", "MealCatalog",
        "MealDB", "VirtualTime",
      ]
    ),
    // Imports the libraries without `@testable`: what the snippets of the README and the articles
    // show.
    .testTarget(
      name: "PublicAPITests",
      dependencies: [
        "ObservableViewModels", "ViewModels", "AppHarness", "MealCatalog", "MealDB", "LiveNetwork",
        "ViewDescription", "RezepteTesting",
      ],
      // The stand-in module SwiftUI, which `PortingArticleTests` compiles on its own.
      exclude: ["SwiftUI"]
    ),
    .testTarget(name: "RezepteTestingTests", dependencies: ["RezepteTesting"]),
    .testTarget(
      name: "ViewDescriptionTests",
      dependencies: [
        "ViewDescription", "ViewModels", "MealDB", "VirtualTime", "Spelling", "RezepteTesting",
        "Fixtures",
      ]
    ),
    .testTarget(
      name: "ScenariosTests",
      dependencies: [
        "Scenarios", "ReplayCommands", "AppHarness", "ViewDescription", "MealCatalog", "MealDB",
        "MealServer", "CommandLineKit", "LiveNetwork", "FileSafety", "Spelling", "Fixtures",
        "TestPorts",
      ]
    ),
    .testTarget(
      name: "TerminalPlayerTests",
      dependencies: [
        "TerminalPlayer", "Scenarios", "AppHarness", "ViewDescription", "ViewModels",
        "MealCatalog", "MealDB", "CommandLineKit", "Spelling", "RezepteFuzz", "Fixtures",
      ]
    ),
    .testTarget(
      name: "ExploreTests",
      dependencies: [
        "Explore", "Scenarios", "AppHarness", "ViewDescription", "ViewModels", "MealCatalog",
        "MealDB", "VirtualTime", "CommandLineKit", "Fixtures",
      ]
    ),
    .testTarget(
      name: "MealServerTests",
      dependencies: [
        "MealServer", "MealCatalog", "MealDB", "VirtualTime", "CommandLineKit", "LiveNetwork",
        "TestPorts", "FileSafety",
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
