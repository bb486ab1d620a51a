import Foundation
import TestPorts
import Testing

@testable import RezepteProgram

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which command lines `rezepte` hands to `rezepte-net`: exactly those that need real HTTP.
@Suite struct NetworkHalfReasonTests {
  @Test(
    "capture, --base-url and --live on run or play need the networking half",
    arguments: [
      (["capture", "--base-url", "http://x/", "--out", "d"], "capture"),
      (["run", "--base-url", "http://127.0.0.1:8080/"], "--base-url"),
      (["run", "--base-url=http://127.0.0.1:8080/"], "--base-url"),
      (["--base-url", "http://127.0.0.1:8080/", "Scenarios"], "--base-url"),
      (["Scenarios/", "--live"], "--live"),
      (["play", "--live"], "--live"),
      (["play", "--base-url", "http://x/"], "--base-url"),
    ])
  func needsNetwork(arguments: [String], reason: String) {
    #expect(NetworkHalf.reason(arguments) == reason)
  }

  @Test(
    "Offline command lines, help, and words after -- stay in rezepte",
    arguments: [
      [], ["--help"], ["run"], ["Scenarios/01-kategorien.scenario"], ["help", "capture"],
      ["capture", "--help"], ["run", "--base-url", "http://x/", "-h"], ["run", "--", "--live"],
      ["show", "a.scenario"], ["serve", "--port", "0"], ["storyboard"],
      ["run", "--filter", "--live-ish"],
    ])
  func offline(arguments: [String]) {
    #expect(NetworkHalf.reason(arguments) == nil)
  }
}

/// The built executables, run as a user runs them.
@Suite struct NetworkHalfProcessTests {
  @Test("rezepte hands run --base-url to rezepte-net, whose start-up probe reports the closed port")
  func delegates() async throws {
    let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
    let port = try RefusingPort()
    defer { port.close() }
    let url = port.apiURL.absoluteString
    let (status, errors) = try await run(rezepte, ["run", "--base-url", url, "Scenarios"])
    #expect(status == 2)
    #expect(errors.hasPrefix("error: \(url) cannot be reached ("), "\(errors)")
  }

  @Test("rezepte without rezepte-net beside it says how to build it, with exit status 2")
  func missingSibling() async throws {
    let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-alone-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let alone = folder.appendingPathComponent("rezepte")
    try FileManager.default.copyItem(at: rezepte, to: alone)

    let (status, errors) = try await run(alone, ["run", "--base-url", "http://127.0.0.1:9/"])
    #expect(status == 2)
    #expect(
      errors
        == "error: --base-url needs rezepte-net, the networking half of rezepte, next to "
        + "\(alone.resolvingSymlinksInPath().path); build it with 'swift build --product "
        + "rezepte-net' (swift build builds both)\n")
  }

  #if os(Linux)
    @Test("rezepte does not link FoundationNetworking or libcurl; rezepte-net does")
    func linkage() throws {
      let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
      let net = try #require(BuiltProgram.url("rezepte-net"), "build first: swift build")
      // The dynamic section names every library the loader maps at start.
      let needed = Data("libFoundationNetworking.so".utf8)
      #expect(try Data(contentsOf: rezepte).range(of: needed) == nil)
      #expect(try Data(contentsOf: net).range(of: needed) != nil)
    }
  #endif

  /// Runs `executable` to its end; its exit status and standard error.
  private func run(_ executable: URL, _ arguments: [String]) async throws -> (Int32?, String) {
    let program = try BuiltProgram(executable, arguments)
    return (await program.exitStatus(within: .seconds(60)), program.errorText)
  }
}
