import CommandLineKit

// Scenario files suggest the same way the command line does: one measure of a typo for both.

/// Optimal string alignment distance (`CommandLineKit.Suggestion.editDistance`).
func editDistance(_ lhs: String, _ rhs: String) -> Int {
  Suggestion.editDistance(lhs, rhs)
}

/// The fewest edits that turn `pattern` into some part of `text`: 0 when `text` contains it.
func editDistance(_ pattern: String, toPartOf text: String) -> Int {
  Suggestion.editDistance(pattern, toPartOf: text)
}

/// The candidate closest to `word`, if it is close enough to be a plausible typo.
func closest(to word: String, in candidates: [String]) -> String? {
  Suggestion.closest(to: word, in: candidates)
}
