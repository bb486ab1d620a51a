import Scenarios
import ViewDescription

/// The app's rules that exploration checks after every step: its own, then the accessibility
/// rules `rezepte run` checks too.
public enum Rule: Int, CaseIterable, Comparable, Sendable {
  case currentAnswer = 1
  case onePerPause
  case refreshKeepsList
  case cancellationIsNoError
  case favoritesAgree
  case navigationStays
  case everyIntentSettles
  case labeledControls
  case describedImages
  case distinctLabels
  case changesAnnounced
  case focusOnElement

  public static func < (lhs: Rule, rhs: Rule) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The rule for a broken accessibility rule.
  init(_ rule: AccessibilityRule) {
    self =
      switch rule {
      case .labeledControls: .labeledControls
      case .describedImages: .describedImages
      case .distinctLabels: .distinctLabels
      case .changesAnnounced: .changesAnnounced
      case .focusOnElement: .focusOnElement
      }
  }

  /// The accessibility rule this is, if it is one.
  var accessibility: AccessibilityRule? {
    AccessibilityRule.allCases.first { Rule($0) == self }
  }

  /// A short name for reports and file names.
  public var name: String {
    switch self {
    case .currentAnswer: "current-answer"
    case .onePerPause: "one-request-per-pause"
    case .refreshKeepsList: "refresh-keeps-list"
    case .cancellationIsNoError: "cancellation-is-no-error"
    case .favoritesAgree: "favorites-agree"
    case .navigationStays: "navigation-stays"
    case .everyIntentSettles: "every-intent-settles"
    default: accessibility?.rawValue ?? ""
    }
  }

  /// The rule in one sentence.
  public var sentence: String {
    switch self {
    case .currentAnswer:
      "Once settled, the list shows the answer to the current trimmed query and category, "
        + "never an older one."
    case .onePerPause:
      "A typing burst sends at most one search request, and only after the 400 ms pause."
    case .refreshKeepsList:
      "A pull to refresh never empties a loaded list; a failed one leaves a notice."
    case .cancellationIsNoError:
      "A cancellation is never shown as an error: every error shown comes from a failed request."
    case .favoritesAgree:
      "Favourites agree between list rows, the Favoriten section, the detail's heart and the "
        + "next relaunch."
    case .navigationStays:
      "The user's own navigation is never overridden by an answer arriving later."
    case .everyIntentSettles:
      "Every node the screen offers accepts its intent, and nothing waits forever (10 s of "
        + "virtual time without a gesture leave nothing loading)."
    default: accessibility?.sentence ?? ""
    }
  }

  /// The rule as the German comment of a written scenario names it.
  var german: String {
    switch self {
    case .currentAnswer:
      "Sobald alles erledigt ist, zeigt die Liste die Antwort auf die aktuelle Suche und "
        + "Kategorie, nie eine ältere."
    case .onePerPause:
      "Eine Tippfolge sendet höchstens eine Suchanfrage, und erst nach der Pause von 400 ms."
    case .refreshKeepsList:
      "Ziehen zum Aktualisieren leert nie eine geladene Liste; schlägt es fehl, bleibt ein "
        + "Hinweis."
    case .cancellationIsNoError:
      "Ein Abbruch wird nie als Fehler gezeigt."
    case .favoritesAgree:
      "Favoriten stimmen überein: Listenzeilen, Abschnitt „Favoriten“, das Herz im Rezept und "
        + "der nächste Neustart."
    case .navigationStays:
      "Eine später eintreffende Antwort überstimmt nie die eigene Navigation."
    case .everyIntentSettles:
      "Jedes angebotene Element nimmt seine Aktion an; nichts wartet ewig."
    case .labeledControls: "Jedes Element, das man aktivieren kann, sagt VoiceOver seinen Namen."
    case .describedImages: "Kein Bild wird ohne Beschreibung vorgelesen, außer es ist verborgen."
    case .distinctLabels:
      "Zwei Elemente eines Bildschirms mit gleichem Namen tun nie Verschiedenes."
    case .changesAnnounced:
      "Eine Änderung, die man ausgelöst hat, wird angesagt oder bewegt den Fokus."
    case .focusOnElement:
      "Der VoiceOver-Fokus ruht nie auf einem verborgenen oder entfernten Element."
    }
  }
}

/// A broken rule: which, at which step, what happened, and how a scenario pins it down.
public struct Violation: Hashable, Sendable {
  public let rule: Rule
  /// The index of the step (in the session's actions) after which the rule was broken.
  public let step: Int
  /// What happened, in one or two English sentences.
  public let message: String
  /// Expectations written before the step.
  var before: [Step.Action] = []
  /// Lines written in place of the step, if it is split (a `wait` cut at the pause).
  var replacement: [Step.Action]?
  /// Expectations written after the step: what the rule demands there.
  var after: [Step.Action] = []
}
