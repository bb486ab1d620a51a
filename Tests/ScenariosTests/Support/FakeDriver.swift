import Scenarios

/// A scripted app: logs every call, shows what the test sets, refuses what the test names.
@MainActor
final class FakeDriver: ScenarioDriver {
  var log: [String] = []
  var screen = "NavigationStack\n└─ Screen \"Dessert\""
  var texts = ["Dessert", "Apam balik"]
  var currentTitle: String? = "Dessert"
  var pendingRequests: [String] = []
  /// Calls (by name in the log, such as `back`) that throw `StepUnavailable` with this message.
  var refusals: [String: String] = [:]
  /// What happens to the screen when a call is made, by its log entry.
  var effects: [String: (FakeDriver) -> Void] = [:]

  func call(_ entry: String) throws {
    log.append(entry)
    let name = String(entry.prefix { $0 != " " })
    if let message = refusals[name] { throw StepUnavailable(message) }
    effects[entry]?(self)
  }

  func setFavorites(_ ids: [String]) async throws { try call("setFavorites \(ids)") }
  func setStart(_ start: StartScreen) async throws { try call("setStart \(start)") }
  func enqueueRandom(_ ids: [String]) async throws { try call("enqueueRandom \(ids)") }
  func setNetwork(_ fault: NetworkFault?, for endpoint: String?) async throws {
    try call("setNetwork \(fault?.rawValue ?? "online") \(endpoint ?? "all")")
  }
  func setDelay(_ delay: Duration, for endpoint: String?) async throws {
    try call("setDelay \(ScenarioDuration.format(delay)) \(endpoint ?? "all")")
  }
  func launch() async throws { try call("launch") }
  func relaunch() async throws { try call("relaunch") }
  func type(_ text: String) async throws { try call("type \(text)") }
  func clearSearch() async throws { try call("clearSearch") }
  func wait(_ duration: Duration) async throws {
    try call("wait \(ScenarioDuration.format(duration))")
  }
  func pickCategory(_ name: String) async throws { try call("pickCategory \(name)") }
  func pullToRefresh() async throws { try call("pullToRefresh") }
  func tapDice() async throws { try call("tapDice") }
  func open(_ name: String) async throws { try call("open \(name)") }
  func back() async throws { try call("back") }
  func toggleHeart() async throws { try call("toggleHeart") }
  func retry() async throws { try call("retry") }
  func focusSearch() async throws { try call("focusSearch") }
  func pickSuggestion(_ text: String) async throws { try call("pickSuggestion \(text)") }
  func tap(_ label: String) async throws { try call("tap \(label)") }
  func dismissNotice() async throws { try call("dismissNotice") }

  func screenText() -> String { screen }
  func visibleTexts() -> [String] { texts }
  func title() -> String? { currentTitle }
  func takeRequests() -> [String] {
    defer { pendingRequests = [] }
    return pendingRequests
  }
}

/// A clock for the runner that advances 5 ms every time it is read.
final class SteppingTime {
  var readings = 0

  func now() -> Duration {
    readings += 1
    return .milliseconds(5 * readings)
  }
}

let testContext = ScenarioContext(
  categories: ["Beef", "Chicken", "Dessert"],
  endpoints: ["categories.php", "filter.php", "search.php", "lookup.php", "random.php", "list.php"])

/// The scenario parsed from `text`, failing the test when it does not parse.
func parse(
  _ text: String, file: String = "test.scenario", allowsEmptyScreens: Bool = false
) throws -> Scenario {
  try ScenarioParser.parse(
    text, file: file, context: testContext, allowsEmptyScreens: allowsEmptyScreens
  ).get()
}

/// The diagnostics of `text`, or none when it parses.
func errors(_ text: String, file: String = "test.scenario") -> [String] {
  switch ScenarioParser.parse(text, file: file, context: testContext) {
  case .success: []
  case .failure(let diagnostics): diagnostics.all.map(\.description)
  }
}
