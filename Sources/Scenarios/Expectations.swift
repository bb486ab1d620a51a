/// The checks of the `expect` steps: each returns `.done` when it holds, else the failure's
/// detail lines, saying what was expected and what was found.
enum Expectations {
  static func title(_ expected: String, found title: String?) -> StepOutcome {
    guard title != expected else { return .done }
    return .failed([
      "expected the title: \(quote(expected))",
      "found:              " + (title.map(quote) ?? "no title"),
    ])
  }

  static func visible(_ text: String, containing: Bool, in texts: [String]) -> StepOutcome {
    guard !texts.contains(where: { matches($0, text, containing: containing) }) else {
      return .done
    }
    let wanted = containing ? "a node whose text contains" : "a node showing"
    let closest = closestTexts(to: text, containing: containing, in: texts)
    guard !closest.isEmpty else {
      return .failed(["expected \(wanted) \(quote(text)), but the screen shows no text"])
    }
    return .failed(
      ["expected \(wanted) \(quote(text)), but none does; the closest texts are:"]
        + closest.map { "  " + quote($0) })
  }

  static func hidden(_ text: String, containing: Bool, in texts: [String]) -> StepOutcome {
    let found = texts.filter { matches($0, text, containing: containing) }
    guard !found.isEmpty else { return .done }
    let nodes = found.count == 1 ? "1 node shows it" : "\(found.count) nodes show it"
    guard containing else {
      return .failed(["expected no node showing \(quote(text)), but \(nodes)"])
    }
    let shown = Array(found.prefix(maximumListed)).map { "  " + quote($0) }
    let more = found.count > maximumListed ? ["  and \(found.count - maximumListed) more"] : []
    return .failed(
      ["expected no node whose text contains \(quote(text)), but \(nodes):"] + shown + more)
  }

  static func requests(_ sent: [String], count: Int, listed: [String]?) -> StepOutcome {
    if let listed, listed != sent {
      return .failed(
        ["expected \(requests(count)), found \(requests(sent.count)) (− expected, + actual):"]
          + ScreenDiff.lines(expected: listed, actual: sent, context: .max).map { "  " + $0 })
    }
    guard sent.count == count else {
      return .failed(
        ["expected \(requests(count)), found \(requests(sent.count))" + (sent.isEmpty ? "" : ":")]
          + sent.map { "  " + $0 })
    }
    return .done
  }

  static func screen(_ expected: String, actual: String) -> StepOutcome {
    guard actual != expected else { return .done }
    return .failed(
      ["the screen differs from the block (− expected, + actual):"]
        + ScreenDiff.lines(expected: expected, actual: actual).map { "  " + $0 })
  }

  // MARK: - Helpers

  /// How many texts a failure lists at most.
  static let maximumListed = 5

  static func matches(_ shown: String, _ text: String, containing: Bool) -> Bool {
    containing ? shown.contains(text) : shown == text
  }

  /// The screen's texts nearest to `text`, nearest first, each once, at most `maximumListed`:
  /// by edit distance to the whole text, or, for `containing`, to the best part of it.
  static func closestTexts(to text: String, containing: Bool, in texts: [String]) -> [String] {
    var seen: Set<String> = []
    let unique = texts.filter { seen.insert($0).inserted }
    let wanted = text.lowercased()
    let ranked = unique.enumerated().map { offset, shown in
      let candidate = shown.lowercased()
      let distance =
        containing
        ? substringDistance(wanted, in: candidate) : editDistance(wanted, candidate)
      return (distance: distance, offset: offset, text: shown)
    }
    return ranked.sorted { ($0.distance, $0.offset) < ($1.distance, $1.offset) }
      .prefix(maximumListed).map(\.text)
  }

  static func requests(_ count: Int) -> String { count == 1 ? "1 request" : "\(count) requests" }

  static func quote(_ text: String) -> String { "\"" + text + "\"" }
}

/// The fewest edits that turn `pattern` into some part of `text`: 0 when `text` contains it.
func substringDistance(_ pattern: String, in text: String) -> Int {
  let a = Array(pattern)
  let b = Array(text)
  // previous[j]: the distance of the pattern's first i - 1 characters to a part ending at j.
  var previous = [Int](repeating: 0, count: b.count + 1)
  var current = previous
  for i in 1...max(1, a.count) where !a.isEmpty {
    current[0] = i
    for j in stride(from: 1, through: b.count, by: 1) {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous.min() ?? a.count
}
