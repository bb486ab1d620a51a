import Spelling

/// What a shard of an exploration's sessions did: the steps they took and the first session
/// that broke each rule. The shards of one exploration add up to the tally of all its sessions.
public struct Tally: Equatable, Sendable {
  public var steps = 0
  /// The number of the first session (from 1) that broke each rule that broke.
  public var firstSessions: [Rule: Int] = [:]

  public mutating func add(_ other: Tally) {
    steps += other.steps
    firstSessions.merge(other.firstSessions, uniquingKeysWith: min)
  }

  /// The tally as `rezepte explore --shard` prints it: `steps 1234`, then a line
  /// `first-session <rule> <number>` for each rule that broke, in rule order.
  public var lines: [String] {
    ["steps \(steps)"]
      + firstSessions.sorted { $0.key < $1.key }.map { "first-session \($0.key.name) \($0.value)" }
  }
}

extension Tally {
  /// The tally that `lines` printed; `TallyError` names the first line that is no part of one.
  public init(lines: [String]) throws(TallyError) {
    var steps: Int?
    for (index, line) in lines.enumerated() where !line.isEmpty {
      let words = line.split(separator: " ").map(String.init)
      if words.count == 2, words[0] == "steps", steps == nil, let count = Int(words[1]), count >= 0
      {
        steps = count
      } else if words.count == 3, words[0] == "first-session",
        let rule = Rule.allCases.first(where: { $0.name == words[1] }),
        let number = Int(words[2]), number >= 1, firstSessions[rule] == nil
      {
        firstSessions[rule] = number
      } else {
        let shown = line.count > 80 ? line.prefix(80) + "…" : line
        throw TallyError(
          description: "line \(index + 1) is no tally line: \(Quoting.quoted(String(shown)))")
      }
    }
    guard let steps else { throw TallyError(description: "no `steps` line") }
    self.steps = steps
  }
}

/// Why some lines are no tally: the first line that is no part of one, or the missing `steps`.
public struct TallyError: Error, Equatable, CustomStringConvertible {
  public let description: String
}

/// A session that the tally says broke a rule, but that does not break it when run again.
public struct NotReproduced: Error, Equatable, CustomStringConvertible {
  public let session: Int
  public let rule: Rule
  /// The rule it broke instead, if any.
  public let found: Rule?

  public var description: String {
    "session \(session) broke \(rule.name) in its worker, but "
      + (found?.name ?? "no rule") + " when run again here; "
      + "did the catalog or the program change during the run?"
  }
}
