import Foundation
import TestPorts
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `rezepte` with its standard output or error closed (`>&-`, `2>&-`): every command ends with
/// an exit status its help documents, never with a crash; what it could not write turns a
/// success into 1 (`rezepte --help`).
@Suite struct ClosedStreamTests {
  /// A command line, and its exit status with standard output closed and with standard error
  /// closed.
  static let commandLines: [([String], output: Int32, error: Int32)] = [
    (["run", "Scenarios/01-kategorien.scenario"], 1, 0),
    (["run", "nope.scenario"], 2, 2),
    (["show", "Scenarios/01-kategorien.scenario"], 1, 0),
    (["storyboard", "Scenarios/01-kategorien.scenario", "--out", "STORYBOARD"], 1, 0),
    (["explore", "--seed", "x"], 2, 2),
    (["explore", "--sessions", "2", "--steps", "5"], 1, 0),
    (["capture", "--base-url", "REFUSING", "--out", "CAPTURE"], 1, 1),
    (["play"], 2, 2),
    (["serve", "--port", "x"], 2, 2),
    (["help", "serve"], 1, 0),
    (["--help"], 1, 0),
  ]

  @Test(
    "Every command with its standard output or error closed ends with its documented status",
    arguments: commandLines)
  func closedStream(command: [String], output: Int32, error: Int32) async throws {
    let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("closed-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let port = try RefusingPort()
    defer { port.close() }
    let arguments = command.map {
      switch $0 {
      case "STORYBOARD", "CAPTURE": folder.appendingPathComponent($0).path
      case "REFUSING": port.apiURL.absoluteString
      default: $0
      }
    }
    for (redirection, expected) in [(">&-", output), ("2>&-", error)] {
      let program = try BuiltProgram(rezepte, arguments, redirections: redirection)
      let status = await program.exitStatus(within: .seconds(300))
      #expect(status == expected, "\(redirection) \(arguments): \(program.errorText)")
    }
  }

  @Test("serve with its standard output closed serves, and ends with 1 on SIGTERM")
  func serveWithoutOutput() async throws {
    let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
    let (socket, number) = try LoopbackSocket.make()
    close(socket)
    let serve = try BuiltProgram(rezepte, ["serve", "--port", "\(number)"], redirections: ">&-")
    // Guards against a hang only: the server listens once it has loaded its catalog.
    let deadline = ContinuousClock.now + .seconds(60)
    while !Self.accepts(number), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
    serve.send(SIGTERM)
    #expect(await serve.exitStatus(within: .seconds(60)) == 1)
    #expect(
      serve.errorText.hasSuffix(
        "error: standard output is closed or cannot be written; what went there is lost\n"))
  }

  /// Whether a connection to `port` on 127.0.0.1 is accepted.
  static func accepts(_ port: UInt16) -> Bool {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}
