import Foundation
import Testing

/// `rezepte` under the limits a hostile user sets with `ulimit`: it does its work or says in a
/// sentence what it needs, and never crashes or hangs.
@Suite struct ResourceLimitTests {
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
