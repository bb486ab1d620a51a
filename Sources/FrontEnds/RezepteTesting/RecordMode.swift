import Foundation
import Spelling

/// When `expectSnapshot` and `expectScreen` write the snapshot they make instead of only
/// comparing it: set by the environment variable `REZEPTE_RECORD` (`never`, `missing`, `failed`
/// or `all`) or, for the code inside it, by `withScreenRecording(_:operation:)`.
///
/// Without either, a named snapshot whose file is missing is written (`missing`) and an inline
/// one is never written. A run that writes a snapshot reports each one as a failure, so a
/// recording never passes CI; the next run compares against what it wrote.
public enum RecordMode: String, Sendable, CaseIterable {
  /// Compare only; a missing snapshot fails.
  case never
  /// Write what is missing: a named snapshot's file, or the literal of a call that has none.
  case missing
  /// Write what is missing or differs.
  case failed
  /// Write every snapshot, even one that matches.
  case all

  /// The environment variable that sets the mode for a whole run.
  public static let environmentVariable = "REZEPTE_RECORD"

  /// Whether a snapshot is written: `isMissing` when there is nothing to compare with,
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

  /// The mode in force, and what set it as a recording's failure names it:
  /// `withScreenRecording`'s, else the environment's, else `fallback`; an environment value
  /// that is no mode is reported at `site` and leaves `fallback`.
  static func current(fallback: RecordMode, at site: CallSite) -> (RecordMode, reason: String) {
    if let override { return (override, "withScreenRecording(.\(override))") }
    let fallback = (fallback, "the default: \(environmentVariable) is not set")
    guard let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty
    else { return fallback }
    guard let mode = RecordMode(rawValue: value.lowercased()) else {
      let modes = allCases.map(\.rawValue).joined(separator: ", ")
      FailureReporter.fail(
        "\(environmentVariable) is \(Quoting.quoted(value)), which is none of \(modes); "
          + "nothing is recorded.", at: site)
      return fallback
    }
    return (mode, "\(environmentVariable)=\(value)")
  }
}

/// Runs `operation` with `mode` as the record mode of every `expectSnapshot` and
/// `expectScreen` in it, whatever `REZEPTE_RECORD` says.
public func withScreenRecording<Result>(
  _ mode: RecordMode, operation: () async throws -> Result
) async rethrows -> Result {
  try await RecordMode.$override.withValue(mode, operation: operation)
}
