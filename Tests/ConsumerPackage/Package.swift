// swift-tools-version: 6.2
import PackageDescription

// A package that tests the app as a user's package would: it depends on Rezepte by path and
// uses its products only, without `@testable`. `.ci/consumer` builds and tests it; the README's
// "Testing in Swift" shows this manifest.
let package = Package(
  name: "ConsumerPackage", platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(name: "Rezepte", path: "../..")],
  targets: [
    .testTarget(
      name: "ConsumerTests", dependencies: [.product(name: "RezepteTesting", package: "Rezepte")])
  ])
