import Foundation

/// Headless Chromium driven over the DevTools protocol, one tab for many pages.
///
/// The protocol runs over a pipe (`--remote-debugging-pipe`): the browser reads commands from
/// its file descriptor 3 and writes replies and events to 4, each a JSON message ended by a NUL
/// byte; no port is opened. Every host name is unresolvable, as in `HeadlessBrowser.run`, and
/// the browser is killed after five minutes, so a hung browser ends the reads with an error.
final class DevToolsSession {
  private let process = Process()
  private let commands: FileHandle
  private let replies: FileHandle
  private let profile: URL
  private var buffer = Data()
  private var lastID = 0
  /// The attached tab's session, which page commands are sent to.
  private var tab: String?
  /// The methods of the events the browser sent since the last `open(_:)`.
  private var events: [String] = []

  init(_ browser: HeadlessBrowser) throws {
    profile = FileManager.default.temporaryDirectory
      .appendingPathComponent("rezepte-devtools-\(UUID().uuidString)")
    // The shell hands its standard input and output to the browser as 3 and 4; `Process`
    // gives the child no other descriptor of this process (a socket of a test running beside).
    let (toBrowser, fromBrowser) = (Pipe(), Pipe())
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", #"exec /usr/bin/timeout 300 "$0" "$@" 3<&0 4>&1 </dev/null >/dev/null 2>&1"#,
      browser.executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
      "--no-first-run", "--window-size=1000,900", "--user-data-dir=\(profile.path)",
      "--host-resolver-rules=MAP * ~NOTFOUND", "--remote-debugging-pipe", "about:blank",
    ]
    process.standardInput = toBrowser
    process.standardOutput = fromBrowser
    process.standardError = FileHandle.nullDevice
    try process.run()
    commands = toBrowser.fileHandleForWriting
    replies = fromBrowser.fileHandleForReading
    let targets = try send("Target.getTargets", toTab: false)["targetInfos"] as? [[String: Any]]
    let page = try (targets ?? []).first { $0["type"] as? String == "page" }?["targetId"]
      .orThrow("the browser has no tab")
    tab =
      try send("Target.attachToTarget", ["targetId": page, "flatten": true], toTab: false)[
        "sessionId"] as? String
    try send("Page.enable")
    // The pages forbid scripts; axe-core is run by the test, not by them.
    try send("Page.setBypassCSP", ["enabled": true])
  }

  deinit {
    // Chromium quits when its pipe closes.
    try? commands.close()
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: profile)
  }

  /// Loads `page` in the tab and returns once its `load` event fired.
  func open(_ page: URL) throws {
    events = []
    try send("Page.navigate", ["url": page.absoluteString])
    while !events.contains("Page.loadEventFired") { _ = try receive() }
  }

  /// Evaluates `expression` in the page, awaiting a promise, and returns its value.
  func evaluate(_ expression: String) throws -> Any {
    let reply = try send(
      "Runtime.evaluate",
      ["expression": expression, "awaitPromise": true, "returnByValue": true])
    if let exception = reply["exceptionDetails"] {
      throw BrowserError(message: "the page threw: \(exception)")
    }
    return try ((reply["result"] as? [String: Any])?["value"]).orThrow(
      "\(expression.prefix(80)) gave no value")
  }

  /// The DOM nodes of the page that `selector` matches, by their `backendNodeId`.
  func nodes(matching selector: String) throws -> [Int] {
    let document = (try send("DOM.getDocument", ["depth": 0])["root"] as? [String: Any])?["nodeId"]
    let found = try send("DOM.querySelectorAll", ["nodeId": document ?? 0, "selector": selector])
    return try (found["nodeIds"] as? [Int] ?? []).map {
      try
        ((send("DOM.describeNode", ["nodeId": $0])["node"] as? [String: Any])?["backendNodeId"]
        as? Int).orThrow("no backend node for \(selector)")
    }
  }

  /// Chromium's accessibility tree of the page (`Accessibility.getFullAXTree`).
  func accessibilityTree() throws -> [AXNode] {
    (try send("Accessibility.getFullAXTree")["nodes"] as? [[String: Any]] ?? []).map(AXNode.init)
  }

  /// A node of Chromium's accessibility tree.
  struct AXNode {
    var nodeId: String
    var ignored: Bool
    var role: String
    var name: String
    /// Its value (a search box's text), `nil` when it has none.
    var value: String?
    /// Its properties (`pressed`, `disabled`), as text.
    var properties: [String: String]
    var childIds: [String]
    var backendDOMNodeId: Int?

    init(_ node: [String: Any]) {
      /// An `AXValue`'s value: a string, or a boolean as `true` or `false`.
      func text(_ field: Any?) -> String? {
        (field as? [String: Any])?["value"].map { ($0 as? String) ?? "\($0 as? Bool ?? false)" }
      }
      nodeId = node["nodeId"] as? String ?? ""
      ignored = node["ignored"] as? Bool ?? false
      role = text(node["role"]) ?? ""
      name = text(node["name"]) ?? ""
      value = text(node["value"])
      properties = [:]
      for property in node["properties"] as? [[String: Any]] ?? [] {
        properties[property["name"] as? String ?? ""] = text(property["value"])
      }
      childIds = node["childIds"] as? [String] ?? []
      backendDOMNodeId = node["backendDOMNodeId"] as? Int
    }
  }

  /// Sends a command (to the tab, or to the browser) and returns its result; the events that
  /// come before the reply are noted.
  @discardableResult
  func send(_ method: String, _ parameters: [String: Any] = [:], toTab: Bool = true) throws
    -> [String: Any]
  {
    lastID += 1
    var message: [String: Any] = ["id": lastID, "method": method, "params": parameters]
    if toTab { message["sessionId"] = tab }
    try commands.write(contentsOf: JSONSerialization.data(withJSONObject: message) + [0])
    while true {
      let reply = try receive()
      guard reply["id"] as? Int == lastID else { continue }
      if let error = reply["error"] as? [String: Any] {
        throw BrowserError(message: "\(method) failed: \(error["message"] ?? error)")
      }
      return reply["result"] as? [String: Any] ?? [:]
    }
  }

  /// The next message from the browser, noting it if it is an event.
  private func receive() throws -> [String: Any] {
    while true {
      // The NUL that ends a message, found with `memchr`: replies run to megabytes.
      let end = buffer.withUnsafeBytes { bytes in
        bytes.baseAddress.flatMap { base in
          memchr(base, 0, bytes.count).map { base.distance(to: UnsafeRawPointer($0)) }
        }
      }
      if let end {
        let data = buffer.prefix(end)
        buffer = Data(buffer.dropFirst(end + 1))
        let message = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        if let event = message["method"] as? String { events.append(event) }
        return message
      }
      let chunk = replies.availableData
      guard !chunk.isEmpty else { throw BrowserError(message: "the browser closed the pipe") }
      buffer += chunk
    }
  }
}

extension Optional {
  /// The value, or an error saying `message`.
  func orThrow(_ message: String) throws -> Wrapped {
    guard let self else { throw BrowserError(message: message) }
    return self
  }
}
