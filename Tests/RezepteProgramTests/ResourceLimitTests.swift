import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `rezepte` under the limits a hostile user sets with `ulimit`: it does its work or says in a
/// sentence what it needs, and never crashes or hangs.
@Suite struct ResourceLimitTests {
  @Test(
    "serve with too few file descriptors exits with 2 and a sentence naming the limit",
    arguments: [8, 14, 21])
  func serveBelowDescriptorMinimum(limit: Int) async throws {
    let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
    let serve = try BuiltProgram(rezepte, ["serve", "--port", "0"], limits: ["-n", "\(limit)"])
    let status = await serve.exitStatus(within: .seconds(30))
    #expect(status == 2, "\(serve.outputText)\(serve.errorText)")
    #expect(
      serve.errorText
        == "error: the server needs a file-descriptor limit of at least 22 (ulimit -n), but this "
        + "process may open only \(limit) files\n")
  }

  @Test("serve at the lowest file-descriptor limit it takes answers, and stops on SIGTERM")
  func serveAtDescriptorMinimum() async throws {
    let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
    let serve = try BuiltProgram(rezepte, ["serve", "--port", "0"], limits: ["-n", "22"])
    let started = await serve.waitForOutput(containing: "\n", within: .seconds(30))
    let banner = serve.outputText
    let address = try #require(
      started ? banner.firstRange(of: "http://127.0.0.1:").map { banner[$0.lowerBound...] } : nil,
      "\(banner)\(serve.errorText)")
    let url = try #require(URL(string: "\(address.prefix { $0 != "\n" })categories.php"))
    let (_, response) = try await URLSession.shared.data(from: url)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    serve.send(SIGTERM)
    #expect(await serve.exitStatus(within: .seconds(30)) == 0)
    #expect(serve.errorText.hasSuffix("Stopped on SIGTERM.\n"))
  }

  #if os(Linux)
    @Test("A failing expect visible of 2,000,000 characters shows its hint in 300 MB of memory")
    func hugeExpectedText() async throws {
      let rezepte = try #require(BuiltProgram.url("rezepte"), "build first: swift build")
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("huge-\(UUID().uuidString).scenario")
      let expected = "Apam balix" + String(repeating: "x", count: 2_000_000)
      try Data("launch\nexpect visible \"\(expected)\"\n".utf8).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      // The address space, which every allocation counts against: the whole table of edit
      // distances between this text and the screen's would take 732 MB.
      let run = try BuiltProgram(rezepte, ["run", file.path], limits: ["-v", "300000"])
      #expect(await run.exitStatus(within: .seconds(120)) == 1, "\(run.errorText)")
      #expect(run.outputText.contains("but none does; the closest texts are:\n"))
      #expect(run.outputText.contains("\n        \"Apam balik\"\n"))
    }
  #endif
}
