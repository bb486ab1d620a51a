import MealDB
import Spelling
import ViewDescription

/// The checks of the `expect` steps: each returns `.done` when it holds, else the failure's
/// detail lines, saying what was expected and what was found.
enum Expectations {
  static func title(_ expected: String, found title: String?) -> StepOutcome {
    guard title != expected else { return .done }
    return .failed([
      "expected the title: \(Quoting.quoted(expected))",
      "found:              " + (title.map(Quoting.quoted) ?? "no title"),
    ])
  }

  static func visible(
    _ text: String, containing: Bool, in texts: [String], error: String?
  ) -> StepOutcome {
    guard !texts.contains(where: { matches($0, text, containing: containing) }) else {
      return .done
    }
    let wanted = containing ? "a node whose text contains" : "a node showing"
    let closest = closestTexts(to: text, containing: containing, in: texts)
    // A failed request is often why a text is missing: the failure names it.
    let error = error.map { ["the screen shows the error \(Quoting.quoted($0))"] }
    guard !closest.isEmpty else {
      return .failed(["expected \(wanted) \(Quoting.quoted(text)), but the screen shows no text"])
    }
    // The heart drawn after a favourite's name is a mark of the row, not part of its text.
    let name = String(text.filter { $0 != "♥" }).trimmed(.whitespaces)
    let mark =
      text.contains("♥") && texts.contains(name)
      ? ["♥ is the favourite's mark, not text: `expect favorite \(Quoting.quoted(name))` checks it"]
      : []
    return .failed(
      ["expected \(wanted) \(Quoting.quoted(text)), but none does; the closest texts are:"]
        + closest.map { "  " + Quoting.quoted($0) } + (error ?? []) + mark)
  }

  static func favorite(_ name: String, _ expected: Bool, on screen: Node) -> StepOutcome {
    let row = "the row \(Quoting.quoted(name))"
    guard let shown = screen.rowIsFavorite(name) else {
      let rows = screen.tappables.filter { $0.kind == .row }.map(\.label)
      let closest = closestTexts(to: name, containing: false, in: rows)
      // On a recipe's screen the heart button's title tells.
      let heart = screen.control(.heart).map {
        ["on a recipe's screen the heart button tells; it reads \(Quoting.quoted($0.label)) now"]
      }
      return .failed(
        closest.isEmpty
          ? ["expected \(row), but the screen shows no rows"] + (heart ?? [])
          : ["expected \(row), but there is none; the closest rows are:"]
            + closest.map { "  " + Quoting.quoted($0) })
    }
    guard shown != expected else { return .done }
    return .failed([
      expected
        ? "expected \(row) to show the favourite's heart ♥, but it shows none"
        : "expected \(row) without the favourite's heart, but it shows ♥"
    ])
  }

  static func hidden(_ text: String, containing: Bool, in texts: [String]) -> StepOutcome {
    let found = texts.filter { matches($0, text, containing: containing) }
    guard !found.isEmpty else { return .done }
    let nodes = found.count == 1 ? "1 node shows it" : "\(found.count) nodes show it"
    guard containing else {
      return .failed(["expected no node showing \(Quoting.quoted(text)), but \(nodes)"])
    }
    let shown = Array(found.prefix(maximumListed)).map { "  " + Quoting.quoted($0) }
    let more = found.count > maximumListed ? ["  and \(found.count - maximumListed) more"] : []
    return .failed(
      ["expected no node whose text contains \(Quoting.quoted(text)), but \(nodes):"] + shown + more
    )
  }

  static func requests(_ sent: [String], count: Int, listed: [String]?) -> StepOutcome {
    if let listed, listed != sent {
      return .failed(
        ["expected \(requests(count)), found \(requests(sent.count)) (− expected, + actual):"]
          + ScreenDiff(oldLines: listed, newLines: sent).lines(context: .max).map { "  " + $0 })
    }
    guard sent.count == count else {
      return .failed(
        ["expected \(requests(count)), found \(requests(sent.count))" + (sent.isEmpty ? "" : ":")]
          + sent.map { "  " + $0 })
    }
    return .done
  }

  static func screen(_ expected: String, actual: String, what: String) -> StepOutcome {
    guard actual != expected else { return .done }
    return .failed(
      ["\(what) differs from the block (− expected, + actual):"]
        + ScreenDiff(old: expected, new: actual).lines().map { "  " + $0 })
  }

  static func announced(_ text: String, in said: [String]) -> StepOutcome {
    guard !said.contains(text) else { return .done }
    return .failed(
      ["expected the announcement \(Quoting.quoted(text))"]
        + (said.isEmpty
          ? ["but nothing was announced since the last `expect announced`"]
          : ["the app announced:"] + said.map { "  " + Quoting.quoted($0) }))
  }

  // MARK: - Helpers

  /// How many texts a failure lists at most.
  static let maximumListed = 5

  static func matches(_ shown: String, _ text: String, containing: Bool) -> Bool {
    containing ? shown.contains(text) : shown == text
  }

  /// How many characters of the expected text, and of each screen text held against it whole,
  /// the closest texts are ranked by: a distance takes time in the product of the two lengths,
  /// so the hint costs no more than the screen, however long the expected text is.
  static let rankedCharacters = 200
  /// How many characters of each screen text a `containing` hint searches for the best part.
  static let searchedCharacters = 4000

  /// The screen's texts nearest to `text`, nearest first, each once, at most `maximumListed`:
  /// by edit distance to the whole text, or, for `containing`, to the best part of it; the
  /// characters past `rankedCharacters` count as one edit each, as many as the longer rest has.
  static func closestTexts(to text: String, containing: Bool, in texts: [String]) -> [String] {
    var seen: Set<String> = []
    let unique = texts.filter { seen.insert($0).inserted }
    let wanted = String(text.prefix(rankedCharacters)).lowercased()
    let wantedRest = max(0, text.count - rankedCharacters)
    let ranked = unique.enumerated().map { offset, shown in
      let distance: Int
      if containing {
        let searched = String(shown.prefix(searchedCharacters)).lowercased()
        distance = Suggestion.editDistance(wanted, toPartOf: searched)
      } else {
        let candidate = String(shown.prefix(rankedCharacters)).lowercased()
        let rest = max(wantedRest, shown.count - rankedCharacters)
        distance = Suggestion.editDistance(wanted, candidate) + rest
      }
      return (distance: distance, offset: offset, text: shown)
    }
    return ranked.sorted { ($0.distance, $0.offset) < ($1.distance, $1.offset) }
      .prefix(maximumListed).map(\.text)
  }

  static func requests(_ count: Int) -> String { count == 1 ? "1 request" : "\(count) requests" }
}
