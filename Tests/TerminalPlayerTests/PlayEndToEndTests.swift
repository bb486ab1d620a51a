import Foundation
import Spelling
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `rezepte play --save` under a pseudo-terminal: a session typed key by key, each screen
/// awaited with a deadline, then the saved file replayed with `rezepte run`.
@Suite struct PlayEndToEndTests {
  @Test("A session played in a pseudo-terminal is saved as a scenario that `rezepte run` passes")
  func playAndReplay() throws {
    let binary = try #require(
      Self.rezepte(), "the rezepte executable is not built next to the tests")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "play-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // The name holds a colour escape and a bell, which the "saved" line shows visibly.
    let saved = folder.appendingPathComponent("session\u{1B}[31m\u{7}.scenario").path

    let terminal = try PseudoTerminal(width: 80, height: 24)
    let process = Process()
    process.executableURL = binary
    process.arguments = ["play", "--save", saved]
    process.environment = ["XDG_DATA_HOME": folder.path, "TERM": "xterm", "PATH": "/usr/bin:/bin"]
    process.standardInput = terminal.child
    process.standardOutput = terminal.child
    process.standardError = terminal.child
    try process.run()
    terminal.childStarted()
    defer { if process.isRunning { process.terminate() } }

    try terminal.waitFor("Apam balik")
    terminal.type("/")
    try terminal.waitFor("Tippen zum Suchen")
    terminal.type("Lasagne")
    try terminal.waitFor("▸ Lasagne")  // the search pause passed and the row is selected
    terminal.type("\r")
    try terminal.waitFor("/ suchen")  // the keys are commands again
    terminal.type("\r")
    try terminal.waitFor("Zutaten")
    terminal.type("h")
    try terminal.waitFor("Favorit entfernen")
    terminal.type("\u{1B}")
    try terminal.waitFor("Lasagne ♥")
    terminal.type("q")
    try terminal.waitFor("saved \(Quoting.visible(saved)); replay it")
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(terminal.output.contains("\u{1B}[?1049l"))  // the alternate screen was left

    let text = try String(contentsOfFile: saved, encoding: .utf8)
    for step in [
      "launch", "focus search", "type \"Lasagne\"", "open \"Lasagne\"", "toggle heart", "back",
    ] {
      #expect(text.contains("\n\(step)\n"))
    }
    #expect(try Self.replays(saved, with: binary))
  }

  /// Whether `rezepte run file` passes.
  static func replays(_ file: String, with binary: URL) throws -> Bool {
    let replay = Process()
    replay.executableURL = binary
    replay.arguments = ["run", file]
    replay.standardOutput = FileHandle.nullDevice
    try replay.run()
    replay.waitUntilExit()
    return replay.terminationStatus == 0
  }

  /// Plays with `--save` in a new data folder: `keys` act once the first screen is shown, then
  /// `q` quits; the session must be saved, and `rezepte run` must pass it. The saved text.
  static func playAndSave(_ keys: (PseudoTerminal) throws -> Void) throws -> String {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let saved = folder.appendingPathComponent("session.scenario").path
    let (process, terminal) = try play(dataHome: folder, arguments: ["--save", saved])
    defer { if process.isRunning { process.terminate() } }
    try terminal.waitFor("Apam balik")
    try keys(terminal)
    terminal.type("q")
    try terminal.waitFor("saved \(saved); replay it")
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(terminal.output)")
    #expect(try replays(saved, with: #require(rezepte())))
    return try String(contentsOfFile: saved, encoding: .utf8)
  }

  @Test("Keys sent in one burst after the dice are saved as a session that replays")
  func burstAfterDice() throws {
    _ = try Self.playAndSave { terminal in
      // The search key comes before the dice's answer: it acts on what the dice leads to.
      terminal.type("d/")
      try terminal.waitFor("Zutaten")
    }
  }

  @Test("A session walked with VoiceOver is saved as voiceover steps that `rezepte run` passes")
  func voiceOverSession() throws {
    let text = try Self.playAndSave { terminal in
      terminal.type("v")
      try terminal.waitFor("VoiceOver ▸ Dessert, Überschrift")
      terminal.type("\u{1B}[B\u{1B}[B")  // ↓ ↓: the search field, the first row
      try terminal.waitFor("VoiceOver ▸ Apam balik, Taste")
      terminal.type("\r")
      try terminal.waitFor("VoiceOver ▸ Apam balik, Überschrift")
      terminal.type("\u{1B}[A")  // ↑: the heart
      try terminal.waitFor("VoiceOver ▸ Als Favorit merken, Taste")
      terminal.type("\r")
      try terminal.waitFor("Ansage: Als Favorit gemerkt")
      terminal.type("\u{1B}")  // the escape gesture: back, to the row that was opened
      try terminal.waitFor("VoiceOver ▸ Apam balik, Favorit, Taste")
    }
    for step in ["voiceover next", "voiceover activate", "voiceover previous", "voiceover back"] {
      #expect(text.contains("\n\(step)\n"))
    }
  }

  @Test("An unreadable favourites file is shown while playing and said on stderr after quitting")
  func favoritesIssue() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("rezepte")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    try "not json".write(
      to: data.appendingPathComponent("favorites.json"), atomically: true, encoding: .utf8)

    let (process, terminal) = try Self.play(dataHome: folder)
    defer { if process.isRunning { process.terminate() } }
    try terminal.waitFor("Apam balik")
    try terminal.waitFor("⚠ The favourites file")
    terminal.type("q")
    try terminal.waitFor("warning: the favourites file \(data.path)/favorites.json")
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let afterScreen = try #require(terminal.output.components(separatedBy: "\u{1B}[?1049l").last)
    #expect(afterScreen.contains("warning: the favourites file"))
  }

  @Test(
    "A signal ends play with status 128 + N and the terminal restored",
    arguments: zip([SIGTERM, SIGHUP], [Int32(143), 129]))
  func signalStatus(signal: Int32, status: Int32) throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (process, terminal) = try Self.play(dataHome: folder)
    defer { if process.isRunning { process.terminate() } }
    try terminal.waitFor("Apam balik")
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == status)
    try terminal.waitFor(bytes: "\u{1B}[?1049l")  // the alternate screen was left
  }

  @Test("q quits play with status 0")
  func quitStatus() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (process, terminal) = try Self.play(dataHome: folder)
    defer { if process.isRunning { process.terminate() } }
    try terminal.waitFor("Apam balik")
    terminal.type("\u{03}")  // Ctrl-C
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  /// A new empty folder.
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "play-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// `rezepte play` started in an 80 × 24 pseudo-terminal, with favourites under `dataHome`;
  /// `arguments` follow `play`.
  static func play(dataHome: URL, arguments: [String] = []) throws -> (Process, PseudoTerminal) {
    let binary = try #require(rezepte(), "the rezepte executable is not built next to the tests")
    let terminal = try PseudoTerminal(width: 80, height: 24)
    let process = Process()
    process.executableURL = binary
    process.arguments = ["play"] + arguments
    process.environment = [
      "XDG_DATA_HOME": dataHome.path, "TERM": "xterm", "PATH": "/usr/bin:/bin",
    ]
    process.standardInput = terminal.child
    process.standardOutput = terminal.child
    process.standardError = terminal.child
    try process.run()
    terminal.childStarted()
    return (process, terminal)
  }

  @Test("Without a terminal, play exits with status 2 and says why")
  func noTerminal() throws {
    let binary = try #require(Self.rezepte())
    let process = Process()
    let errors = Pipe()
    process.executableURL = binary
    process.arguments = ["play"]
    process.standardInput = Pipe()
    process.standardOutput = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 2)
    #expect(message.hasPrefix("error: `rezepte play` needs a terminal"))
  }

  /// The `rezepte` executable built beside the test bundle.
  static func rezepte() -> URL? {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let packageBuild = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(".build/debug")
    return [besideTests, packageBuild].map { $0.appendingPathComponent("rezepte") }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }
}

/// A pseudo-terminal pair: the child's end as a file handle, and everything the child writes,
/// collected by a reader thread.
final class PseudoTerminal: @unchecked Sendable {
  // @unchecked: `bytes` is only touched under `lock`; the descriptors never change after init.
  let child: FileHandle
  private let primary: Int32
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  /// Where the text a step waits for may start: just after the previous step's key.
  private var mark = 0

  init(width: Int, height: Int) throws {
    var primary: Int32 = 0
    var secondary: Int32 = 0
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&primary, &secondary, nil, nil, &size) == 0 else {
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    self.primary = primary
    child = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
    let thread = Thread { [self] in readLoop() }
    thread.start()
  }

  deinit {
    close(primary)
  }

  /// Closes this process's copy of the child's end, so that reading ends when the child exits.
  func childStarted() {
    try? child.close()
  }

  /// Everything written so far, as text.
  var output: String {
    lock.withLock { String(decoding: bytes, as: UTF8.self) }
  }

  /// Sends keys to the child.
  func type(_ keys: String) {
    lock.withLock { mark = bytes.count }
    let data = Array(keys.utf8)
    _ = data.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
  }

  /// Waits until the child has drawn `text` since the last key, with escape sequences removed.
  func waitFor(_ text: String, deadline seconds: Double = 15) throws {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      let drawn = lock.withLock { Self.stripped(Array(bytes[mark...])) }
      if drawn.contains(text) { return }
      usleep(10_000)  // polls the condition; the deadline bounds the wait
    }
    let drawn = lock.withLock { Self.stripped(Array(bytes[mark...])) }
    throw WaitFailure(
      description: "waited \(seconds)s for \"\(text)\"; the terminal shows:\n\(drawn)")
  }

  /// Waits until the child has written `text`, escape sequences included.
  func waitFor(bytes text: String, deadline seconds: Double = 15) throws {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
      if output.contains(text) { return }
      usleep(10_000)  // polls the condition; the deadline bounds the wait
    }
    throw WaitFailure(description: "waited \(seconds)s for \(text.debugDescription)")
  }

  private func readLoop() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(primary, &buffer, buffer.count)
      if count <= 0 {
        if count < 0, errno == EINTR { continue }
        return
      }
      lock.withLock { bytes += buffer[..<count] }
    }
  }

  /// The text without CSI sequences; a cursor move becomes a line break.
  static func stripped(_ bytes: [UInt8]) -> String {
    var text: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
        var end = index + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "H") { text.append(0x0A) }
        index = end + 1
      } else {
        text.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  struct WaitFailure: Error, CustomStringConvertible {
    var description: String
  }
}
