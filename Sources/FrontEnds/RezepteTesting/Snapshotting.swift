import AppHarness
import ViewDescription

/// How `expectSnapshot` checks a value: how the value becomes text, and how an expected and an
/// actual text are diffed; as swift-snapshot-testing's `Snapshotting`.
///
/// A strategy for another value is one of these pulled back along a function to its value:
/// `Snapshotting<Node>.tree.pullback { AppScreen.body($0) }` checks the screen of an
/// `AppState`.
public struct Snapshotting<Value> {
  public var snapshot: @MainActor (Value) -> String
  public var diffing: Diffing

  /// A strategy that makes `snapshot` of a value and compares it with `diffing`.
  public init(diffing: Diffing = .lines, snapshot: @escaping @MainActor (Value) -> String) {
    self.snapshot = snapshot
    self.diffing = diffing
  }

  /// This strategy for a value that `transform` turns into this one's value.
  public func pullback<Other>(
    _ transform: @escaping @MainActor (Other) -> Value
  ) -> Snapshotting<Other> {
    Snapshotting<Other>(diffing: diffing) { [snapshot] in
      snapshot(transform($0))
    }
  }
}

/// How a text that differs from the expected one is shown: the lines of a diff, `− expected`
/// and `+ actual`.
public struct Diffing: Sendable {
  public var diff: @Sendable (_ expected: String, _ actual: String) -> [String]

  /// A way of diffing two texts.
  public init(diff: @escaping @Sendable (_ expected: String, _ actual: String) -> [String]) {
    self.diff = diff
  }

  /// Text trees node by node (`ScreenDiff`): the diff a failed `expect screen` of a scenario
  /// shows.
  public static let tree = Diffing { ScreenDiff(old: $0, new: $1).lines() }

  /// Line by line.
  public static let lines = Diffing { expected, actual in
    func lines(_ text: String) -> [String] {
      text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    return ScreenDiff(oldLines: lines(expected), newLines: lines(actual)).lines()
  }
}

extension Snapshotting where Value == Node {
  /// A node tree as `TextRenderer` draws it with its default options.
  public static var tree: Snapshotting {
    Snapshotting(diffing: .tree) { TextRenderer().render($0) }
  }

  /// What VoiceOver reads of a screen, an element a line in swipe order
  /// (`SpokenElement.spoken`): `Lasagne, Favorit, Taste`.
  public static var voiceOver: Snapshotting {
    Snapshotting(diffing: .lines) { $0.spokenElements.map(\.spoken).joined(separator: "\n") }
  }
}

extension Snapshotting where Value == TestApp {
  /// The screen the app shows, as `.tree` draws it: what an `expect screen` block of a
  /// scenario holds.
  public static var screen: Snapshotting {
    Snapshotting<Node>.tree.pullback { AppScreen.body($0.state) }
  }

  /// What VoiceOver reads of the app's screen, as `Snapshotting<Node>.voiceOver` writes it.
  public static var voiceOver: Snapshotting {
    Snapshotting<Node>.voiceOver.pullback { AppScreen.body($0.state) }
  }

  /// Every request the app sent, oldest first, one a line as `expect requests` lists them
  /// (`GET search.php?s=Lasagne`); one that got no answer says how it ended (`— pending`).
  public static var requests: Snapshotting {
    Snapshotting { app in
      app.ledger.entries.map { entry in
        entry.outcome == .answered ? "\(entry.request)" : "\(entry.request) — \(entry.outcome)"
      }.joined(separator: "\n")
    }
  }
}

extension Snapshotting {
  /// Any value written out as swift-custom-dump prints it: a struct as its type and fields, an
  /// enum case as `.loaded(…)`, a list's elements in brackets; a value that does not fit on a
  /// line of 100 characters opens up, one field or element a line.
  public static var dump: Snapshotting {
    Snapshotting { ValueDump.text($0) }
  }
}
