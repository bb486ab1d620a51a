import Foundation

/// Headless Chromium, run as a process for one page at a time.
///
/// Found on `PATH` as `chromium-headless-shell` or `chromium` (Debian's packages), or at
/// `REZEPTE_BROWSER`. With `REZEPTE_REQUIRE_BROWSER=1` (as `.ci/run` sets it) a missing browser
/// fails the tests that need it instead of skipping them.
struct HeadlessBrowser {
  let executable: String

  /// The browser on this machine, if there is one.
  static let installed: HeadlessBrowser? = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["REZEPTE_BROWSER"], !path.isEmpty {
      return HeadlessBrowser(executable: path)
    }
    let folders = (environment["PATH"] ?? "/usr/bin").split(separator: ":")
    for name in ["chromium-headless-shell", "chromium", "chromium-browser"] {
      for folder in folders {
        let path = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) {
          return HeadlessBrowser(executable: path)
        }
      }
    }
    return nil
  }()

  /// Whether a missing or failing browser must fail the run.
  static var isRequired: Bool {
    ProcessInfo.processInfo.environment["REZEPTE_REQUIRE_BROWSER"] == "1"
  }

  /// Why the browser tests do not run here.
  static let skipReason =
    "no headless Chromium on PATH (install Debian's chromium-headless-shell or chromium, or set "
    + "REZEPTE_BROWSER); set REZEPTE_REQUIRE_BROWSER=1 to fail instead of skipping"

  /// axe-core's script: at `REZEPTE_AXE`, or where `.ci/run` puts it, `.build/axe/axe.min.js`
  /// in the package (taken from the `axe-playwright-python` wheel on PyPI).
  static let axeScript: URL? = {
    let path =
      ProcessInfo.processInfo.environment["REZEPTE_AXE"].flatMap { $0.isEmpty ? nil : $0 }
      ?? lessonFolder.deletingLastPathComponent().appendingPathComponent(".build/axe/axe.min.js")
      .path
    return FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path) : nil
  }()

  /// Why the axe-core check does not run here.
  static let axeSkipReason =
    "no headless Chromium or no axe-core (.ci/run takes axe.min.js from the axe-playwright-python "
    + "wheel into .build/axe/, or set REZEPTE_AXE); set REZEPTE_REQUIRE_BROWSER=1 to fail instead "
    + "of skipping"

  /// What a run of the browser left behind.
  struct Run {
    var standardOutput: String
    var netLog: Data
  }

  /// Opens `page` with every host name unresolvable and a net log of every request the browser
  /// tried, plus `arguments` (`--dump-dom`, `--screenshot=…`). Gives up after 60 seconds.
  func run(_ page: URL, _ arguments: [String], in folder: URL) throws -> Run {
    let profile = folder.appendingPathComponent("profile-\(UUID().uuidString)")
    let netLog = folder.appendingPathComponent("netlog-\(UUID().uuidString).json")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments =
      [
        "60", executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--no-first-run", "--user-data-dir=\(profile.path)",
        "--host-resolver-rules=MAP * ~NOTFOUND", "--log-net-log=\(netLog.path)",
      ] + arguments + [page.absoluteString]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    defer { try? FileManager.default.removeItem(at: profile) }
    guard process.terminationStatus == 0 else {
      throw BrowserError(
        message: "\(executable) exited with status \(process.terminationStatus) on \(page.path)")
    }
    return Run(
      standardOutput: String(decoding: data, as: UTF8.self),
      netLog: (try? Data(contentsOf: netLog)) ?? Data())
  }

  /// The addresses of every request in a Chromium net log (`--log-net-log`): each event whose
  /// parameters name a `url`.
  static func requestedURLs(inNetLog data: Data) throws -> Set<String> {
    guard !data.isEmpty else { throw BrowserError(message: "the browser wrote no net log") }
    // Chromium may stop before closing the JSON when it is killed; it ends cleanly here.
    let object = try JSONSerialization.jsonObject(with: data)
    guard let log = object as? [String: Any], let events = log["events"] as? [[String: Any]]
    else { throw BrowserError(message: "the net log has no events") }
    var urls: Set<String> = []
    for event in events {
      if let parameters = event["params"] as? [String: Any], let url = parameters["url"] as? String
      {
        urls.insert(url)
      }
    }
    return urls
  }

  /// The width and height in a PNG's header, or `nil` when the bytes are no PNG.
  static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count == 24, Array(bytes[0..<8]) == signature,
      bytes[12..<16].elementsEqual("IHDR".utf8)
    else { return nil }
    func integer(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return (integer(at: 16), integer(at: 20))
  }
}

struct BrowserError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
