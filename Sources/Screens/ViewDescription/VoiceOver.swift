import MealDB
import Spelling
import ViewModels

/// Where VoiceOver's cursor rests as it follows the app from screen to screen, the way iOS
/// moves it: a screen that comes on top anew starts at its title (the app moves the cursor
/// there from the back button, where UIKit leaves it); a screen that comes back starts at the
/// element that had the focus when it was left (the row that was opened); an alert takes the
/// focus to its message and gives it back when it goes; an element that is gone leaves the
/// focus at the screen's first element, as VoiceOver resets it.
public struct VoiceOverCursor: Hashable, Sendable {
  /// The key of the focused element (`SpokenElement.key`); `nil` before a screen is shown.
  public private(set) var focus: String?
  /// The screen the cursor is on.
  private var screen: NodeID?
  /// The focus each screen had when another came on top of it.
  private var left: [NodeID: String] = [:]
  /// The focus before the alert shown now took it.
  private var beforeAlert: String??

  public init() {}

  /// The focused element of `screen`.
  public func focused(on screen: Node) -> SpokenElement? {
    screen.spokenElements.first { $0.key == focus }
  }

  /// Follows the app to `screen`, the one shown after a change.
  public mutating func follow(_ screen: Node) {
    let elements = screen.spokenElements
    let id = screen.screen?.id
    if id != self.screen {
      if let old = self.screen, let focus { left[old] = focus }
      focus = id.flatMap { left.removeValue(forKey: $0) } ?? id?.identifier
      self.screen = id
      beforeAlert = nil
    }
    switch (screen.alert != nil, beforeAlert) {
    case (true, nil):
      beforeAlert = .some(focus)
      focus = elements.first?.key
    case (false, let before?):
      focus = before
      beforeAlert = nil
    default: break
    }
    if !elements.contains(where: { $0.key == focus }) { focus = elements.first?.key }
  }

  /// Moves the focus `step` elements on (a swipe right is 1, left -1), staying at either end;
  /// returns whether it moved.
  public mutating func move(by step: Int, on screen: Node) -> Bool {
    let keys = screen.spokenElements.map(\.key)
    let here = keys.firstIndex { $0 == focus } ?? -1
    let there = min(max(here + step, 0), keys.count - 1)
    guard keys.indices.contains(there), there != here else { return false }
    focus = keys[there]
    return true
  }
}

extension SpokenElement {
  /// The node it stands for, as a finding names it: its identifier or kind, and its place.
  fileprivate var node: String { "\(key.split(separator: "|").first ?? "") at \(path)" }
}

extension VoiceOverCursor {
  /// The rules a step broke that its screen alone does not show, on `screen` after the step
  /// since `before` during which the app `announced` these: a change out of sight of the focus
  /// that nothing announced, a focus that rests on no element.
  public func findings(
    on screen: Node, since before: (screen: Node, focus: String?)?, announced: [String]
  ) -> [AccessibilityFinding] {
    var findings: [AccessibilityFinding] = []
    if let before, announced.isEmpty, focus == before.focus,
      screen.needsAnnouncement(after: before.screen)
    {
      findings.append(
        .init(
          rule: .changesAnnounced,
          message: "the screen changed out of sight of the focus and nothing was announced"))
    }
    if let focus, !screen.spokenElements.contains(where: { $0.key == focus }) {
      findings.append(
        .init(rule: .focusOnElement, message: "the focus rests on \(focus), which is not spoken"))
    }
    return findings
  }
}

// MARK: - Audit

/// The accessibility rules every screen is checked against, after every step: those of
/// Flutter's accessibility guidelines, Xcode's accessibility audit and Google's Accessibility
/// Test Framework that apply to a node tree.
public enum AccessibilityRule: String, CaseIterable, Sendable {
  case labeledControls = "labeled-controls"
  case describedImages = "described-images"
  case distinctLabels = "distinct-labels"
  case changesAnnounced = "changes-announced"
  case focusOnElement = "focus-on-element"

  /// The rule in one sentence.
  public var sentence: String {
    switch self {
    case .labeledControls: "Every element a user can activate speaks a label."
    case .describedImages: "No image is spoken without a description unless it is hidden."
    case .distinctLabels:
      "No two elements of a screen speak the same label for different actions."
    case .changesAnnounced:
      "A change the user caused (a search finished, a load failed, the heart turned) is "
        + "announced or moves the focus."
    case .focusOnElement: "The focus never rests on a hidden or removed element."
    }
  }
}

/// A broken accessibility rule: which, and what on the screen broke it.
public struct AccessibilityFinding: Hashable, Sendable, CustomStringConvertible {
  public let rule: AccessibilityRule
  /// What broke it, naming the node: `Button at 0.1.0 speaks no label`.
  public let message: String

  public var description: String { "accessibility rule \(rule.rawValue): \(message)" }
}

extension Node {
  /// The rules this screen breaks on its own: unlabelled controls, undescribed images, one
  /// label for different actions.
  public var accessibilityFindings: [AccessibilityFinding] {
    let elements = spokenElements
    var findings: [AccessibilityFinding] = []
    var byLabel: [String: SpokenElement] = [:]
    for element in elements {
      if element.action != nil, element.label.isEmpty {
        findings.append(.init(rule: .labeledControls, message: "\(element.node) speaks no label"))
      }
      if element.traits.contains(.isImage), element.label.isEmpty {
        findings.append(
          .init(
            rule: .describedImages,
            message: "\(element.node) is spoken as an image without a description; describe "
              + "it (.accessibilityLabel) or hide it (.accessibilityHidden)"))
      }
      guard let action = element.action, !element.label.isEmpty else { continue }
      if let other = byLabel[element.label], let first = other.action, first != action {
        findings.append(
          .init(
            rule: .distinctLabels,
            message: "\(other.node) and \(element.node) both speak "
              + "\(Quoting.quoted(element.label)), but one sends \(first.rendered) and the other "
              + "\(action.rendered)"))
      }
      byLabel[element.label] = byLabel[element.label] ?? element
    }
    return findings
  }

  /// Whether a change from `old` to this screen (the same screen) is one the user must hear
  /// of: a search's results arrived, a load failed, the heart turned.
  public func needsAnnouncement(after old: Node) -> Bool {
    guard old.screen?.id == screen?.id else { return false }
    let heart = { (tree: Node) in tree.node(.heart)?.accessibility.traits.contains(.isSelected) }
    if heart(old) != heart(self) { return true }
    if node(.retry) != nil, old.node(.retry) == nil { return true }
    // A search's results: the list while the field holds a query.
    guard searchField?.field.text.trimmed(.whitespaces).isEmpty == false, !showsProgress else {
      return false
    }
    return old.results != results
  }

  /// The keys of what the list shows: its rows, or the view that says it is empty.
  private var results: [String] {
    spokenElements.filter { $0.key.hasPrefix("meal-") || $0.key.hasPrefix("ContentUnavailable") }
      .map(\.key)
  }

  private var showsProgress: Bool {
    first { if case .progressView = $0.kind { true } else { false } } != nil
  }
}
