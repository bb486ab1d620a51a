import CommandLineKit
import Foundation
import MealDB
import Scenarios
import Spelling
import ViewDescription
import ViewModels

/// A scripted app: logs every primitive, shows the screen the test sets, refuses what it names.
@MainActor
final class FakeDriver: ScenarioDriver {
  var log: [String] = []
  /// The screen the steps look for their nodes in (and `expect title`, `expect visible` read).
  var node: Node? = FakeDriver.dessert
  /// What `expect screen` compares and recording writes.
  var rendered = "NavigationStack\n└─ Screen \"Dessert\""
  var pendingRequests: [String] = []
  /// The requests `takeRequests` has handed out.
  private var takenRequests: [String] = []
  /// Primitives (by the first word of their log entry, such as `send`) that throw
  /// `StepUnavailable` with this message.
  var refusals: [String: String] = [:]
  /// What happens to the screen when a primitive is called, by its log entry.
  var effects: [String: (FakeDriver) -> Void] = [:]

  /// The list screen of the category Dessert with one row.
  static let dessert = Node.navigationStack([
    .screen("Dessert", [.list([.row("Apam balik", intent: .mealTapped(meal("Apam balik")))])])
  ])

  /// A screen offering every gesture a step can make.
  static let everything = Node.navigationStack([
    .screen(
      "Dessert", back: "Kategorien",
      [
        .toolbar([
          .button(AppText.dice, intent: .diceTapped),
          .menu("Kategorie", [.picker("Kategorie", options: ["Chicken"], selection: nil)]),
        ]),
        .searchField(
          prompt: "Rezepte suchen", text: "", isFocused: true, suggestions: [.suggestion("Cake")]),
        .list(
          refresh: .pulledToRefresh,
          [
            .row("Lasagne", intent: .mealTapped(meal("Lasagne"))),
            .tile("Pasta", intent: .categoryTileTapped("Pasta")),
          ]),
        .button(AppText.addFavorite, intent: .heartTapped),
        .button(AppText.retry, intent: .retryTapped),
        .button(AppText.noticeDismiss, intent: .noticeDismissed),
      ])
  ])

  static func meal(_ name: String) -> Meal { Meal(id: name, name: name, thumbnail: nil) }

  func call(_ entry: String) throws {
    log.append(entry)
    let name = String(entry.prefix { $0 != " " })
    if let message = refusals[name] { throw StepUnavailable(message) }
    effects[entry]?(self)
  }

  func configure(_ setup: Step.Action) async throws { try call("configure \(setup)") }
  func launch() async throws { try call("launch") }
  func relaunch() async throws { try call("relaunch") }
  func wait(_ duration: Duration) async throws {
    try call("wait \(DurationText.format(duration))")
  }
  func send(_ intent: UserIntent) async throws {
    switch intent {
    case .mealTapped(let meal): try call("send mealTapped \(meal.name)")
    default: try call("send \(intent)")
    }
  }

  func screen() -> Node? { node }
  func screenText() -> String { rendered }
  func takeRequests() -> [String] {
    defer {
      takenRequests += pendingRequests
      pendingRequests = []
    }
    return pendingRequests
  }
  func sentRequests(from index: Int) -> [String] {
    Array((takenRequests + pendingRequests).dropFirst(index))
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

extension ScenarioDriver {
  /// Replays one step line, as a scenario would, with the test context's names.
  func step(_ line: String) async throws {
    try await perform(line, context: testContext)
  }
}
