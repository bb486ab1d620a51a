/// Every step of the scenario language with a one-line explanation and an example: the source of
/// the help texts and of the did-you-mean suggestions.
public enum StepReference {
  /// One step of the language.
  public struct Entry: Equatable, Sendable {
    /// The words that start the step, such as `pull to refresh` or `expect screen`.
    public let keyword: String
    /// How the step is written, with its arguments in capitals.
    public let syntax: String
    /// What the step does, in one line.
    public let summary: String
    /// A line that uses the step.
    public let example: String

    init(_ keyword: String, _ syntax: String, _ summary: String, example: String) {
      self.keyword = keyword
      self.syntax = syntax
      self.summary = summary
      self.example = example
    }
  }

  /// Every step, in the order the help lists them.
  public static let entries: [Entry] = [
    Entry(
      "title", "title TEXT", "Names the scenario; without it the file name is used.",
      example: "title Suche mit Pause"),
    Entry(
      "given favorites", "given favorites ID, ID, …",
      "Favourites stored for the next `launch` or `relaunch`.",
      example: "given favorites 52768, 52772"),
    Entry(
      "given random", "given random ID, …", "What the next taps on the dice return, in order.",
      example: "given random 52772"),
    Entry(
      "given start", "given start categories|list",
      "The start screen: the category grid or the recipe list (before `launch`).",
      example: "given start categories"),
    Entry(
      "launch", "launch", "Starts the app: the categories and the Dessert list load.",
      example: "launch"),
    Entry(
      "relaunch", "relaunch", "Restarts the app; stored favourites stay.", example: "relaunch"),
    Entry(
      "type", "type \"TEXT\"",
      "Types at the end of the search field, one keystroke per character; no time passes.",
      example: "type \"Las\""),
    Entry(
      "clear search", "clear search", "Empties the search field; no time passes.",
      example: "clear search"),
    Entry(
      "wait", "wait DURATION",
      "Advances the virtual clock (ms or s); what is due runs, nothing sleeps for real.",
      example: "wait 400ms"),
    Entry(
      "pick category", "pick category \"NAME\"", "Picks a category in the \"Kategorie\" menu.",
      example: "pick category \"Chicken\""),
    Entry(
      "pull to refresh", "pull to refresh", "Pulls the list down to reload it.",
      example: "pull to refresh"),
    Entry(
      "tap dice", "tap dice", "Taps the dice button \"Zufallsrezept\" in the toolbar.",
      example: "tap dice"),
    Entry(
      "open", "open \"NAME\"", "Taps the list row (or grid tile) with exactly this name.",
      example: "open \"Apple Frangipan Tart\""),
    Entry("back", "back", "Goes back to the previous screen.", example: "back"),
    Entry(
      "toggle heart", "toggle heart", "Taps the heart button of the detail screen.",
      example: "toggle heart"),
    Entry("retry", "retry", "Taps \"Erneut versuchen\".", example: "retry"),
    Entry(
      "network", "network offline|timeout|server-error|broken-data|online [for ENDPOINT]",
      "Makes every request, or one endpoint's, fail this way; `online` heals it.",
      example: "network offline for search.php"),
    Entry(
      "network delay", "network delay [ENDPOINT] DURATION",
      "Answers (of one endpoint) arrive this much later in virtual time; 0ms removes the delay.",
      example: "network delay search.php 1s"),
    Entry(
      "expect title", "expect title \"TEXT\"", "The screen on top has this navigation title.",
      example: "expect title \"Suche\""),
    Entry(
      "expect visible", "expect visible \"TEXT\"",
      "Some node of the screen shows exactly this text.",
      example: "expect visible \"Lasagne\""),
    Entry(
      "expect hidden", "expect hidden \"TEXT\"", "No node of the screen shows this text.",
      example: "expect hidden \"Lasagne\""),
    Entry(
      "expect requests", "expect requests N",
      "N requests were sent since the last `expect requests`; an indented block may list them.",
      example: "expect requests 1\n  GET search.php?s=Lasagne"),
    Entry(
      "expect screen", "expect screen",
      "The whole screen is the indented block below; `--record` writes it.",
      example: "expect screen\n  NavigationStack\n  └─ Screen \"Suche\""),
    Entry(
      "focus search", "focus search",
      "Taps into the search field; while it is focused and empty it shows suggestions.",
      example: "focus search"),
    Entry(
      "pick suggestion", "pick suggestion \"TEXT\"",
      "Picks a shown suggestion: it fills the search field and searches at once, with no pause.",
      example: "pick suggestion \"Cake\""),
    Entry(
      "tap", "tap \"LABEL\"",
      "Taps the one button, row, tile, link, option or suggestion showing exactly this label.",
      example: "tap \"Erneut versuchen\""),
    Entry(
      "dismiss notice", "dismiss notice", "Closes the notice shown after a failed refresh.",
      example: "dismiss notice"),
  ]

  /// The keywords of all steps, such as `wait` and `pull to refresh`.
  public static var keywords: [String] { entries.map(\.keyword) }

  /// The entry for a keyword.
  public static func entry(_ keyword: String) -> Entry? {
    entries.first { $0.keyword == keyword }
  }

  /// The steps as the help prints them: syntax, explanation and example, one block per step.
  public static var helpText: String {
    var lines: [String] = []
    for entry in entries {
      lines.append("  \(entry.syntax)")
      lines.append("      \(entry.summary)")
      let example = entry.example.split(separator: "\n").map(String.init)
      lines.append("      e.g. \(example[0])")
      for more in example.dropFirst() {
        lines.append("           \(more)")
      }
    }
    return lines.joined(separator: "\n")
  }
}
