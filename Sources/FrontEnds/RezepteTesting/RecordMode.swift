import Foundation
import Spelling
import ViewDescription

/// When `expectScreen` writes the screen it draws instead of only comparing it: set by the
/// environment variable `REZEPTE_RECORD` (`never`, `missing`, `failed` or `all`) or, for the
/// code inside it, by `withScreenRecording(_:operation:)`.
///
/// Without either, a named screen whose file is missing is written (`missing`) and an inline
/// screen is never written. A run that writes a screen reports each one as a failure, so a
/// recording never passes CI; the next run compares against what it wrote.
public enum RecordMode: String, Sendable, CaseIterable {
  /// Compare only; a missing screen fails.
  case never
  /// Write what is missing: a named screen's file, or the literal of an `expectScreen(of:)`
  /// call that has none.
  case missing
  /// Write what is missing or differs.
  case failed
  /// Write every screen, even one that matches.
  case all

  /// The environment variable that sets the mode for a whole run.
  public static let environmentVariable = "REZEPTE_RECORD"

  /// Whether a screen is written: `isMissing` when there is nothing to compare with,
  /// `matches` when there is and it is the same.
  func records(isMissing: Bool, matches: Bool) -> Bool {
    switch self {
    case .never: false
    case .missing: isMissing
    case .failed: isMissing || !matches
    case .all: true
    }
  }

  @TaskLocal static var override: RecordMode?

  /// The mode in force: `withScreenRecording`'s, else the environment's, else `fallback`; an
  /// environment value that is no mode is reported at `site` and leaves `fallback`.
  static func current(fallback: RecordMode, at site: CallSite) -> RecordMode {
    if let override { return override }
    guard let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty
    else { return fallback }
    guard let mode = RecordMode(rawValue: value.lowercased()) else {
      let modes = allCases.map(\.rawValue).joined(separator: ", ")
      FailureReporter.fail(
        "\(environmentVariable) is \(Quoting.quoted(value)), which is none of \(modes); "
          + "nothing is recorded.", at: site)
      return fallback
    }
    return mode
  }
}

/// Runs `operation` with `mode` as the record mode of every `expectScreen` in it, whatever
/// `REZEPTE_RECORD` says.
public func withScreenRecording<Result>(
  _ mode: RecordMode, operation: () async throws -> Result
) async rethrows -> Result {
  try await RecordMode.$override.withValue(mode, operation: operation)
}
