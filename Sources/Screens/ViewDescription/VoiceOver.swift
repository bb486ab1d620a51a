import Spelling

/// Where VoiceOver's cursor rests as it follows the app from screen to screen, the way iOS
/// moves it: a screen that comes on top anew starts at its title (the app moves the cursor
/// there from the back button, where UIKit leaves it); a screen that comes back starts at the
/// element that had the focus when it was left (the row that was opened); an alert takes the
/// focus to its message and gives it back when it goes; an element that is gone leaves the
/// focus at the screen's first element, as VoiceOver resets it.
public struct VoiceOverCursor: Hashable, Sendable {
  /// The key of the focused element (`SpokenElement.key`); `nil` before a screen is shown.
  public private(set) var focus: String?
  private var screen: NodeID?
  /// The focus each screen had when another came on top of it.
  private var left: [NodeID: String] = [:]
  /// The focus before the alert shown now took it.
  private var beforeAlert: String??

  public init() {}

  /// The focused one of a screen's `elements` (its `spokenElements`).
  public func focused(in elements: [SpokenElement]) -> SpokenElement? {
    elements.first { $0.key == focus }
  }

  /// Follows the app to the screen shown after a change, which speaks `spoken`.
  public mutating func follow(_ spoken: SpokenScreen) {
    let (id, elements) = (spoken.id, spoken.elements)
    if id != self.screen {
      if let old = self.screen, let focus { left[old] = focus }
      focus = id.flatMap { left.removeValue(forKey: $0) } ?? id?.identifier
      self.screen = id
      beforeAlert = nil
    }
    switch (spoken.hasAlert, beforeAlert) {
    case (true, nil):
      beforeAlert = .some(focus)
      focus = elements.first?.key
    case (false, let before?):
      focus = before
      beforeAlert = nil
    default: break
    }
    if focused(in: elements) == nil { focus = elements.first?.key }
  }

  /// Moves the focus `step` of a screen's `elements` on (a swipe right is 1, left -1), staying
  /// at either end; returns whether it moved.
  public mutating func move(by step: Int, in elements: [SpokenElement]) -> Bool {
    let here = elements.firstIndex { $0.key == focus } ?? -1
    let there = min(max(here + step, 0), elements.count - 1)
    guard elements.indices.contains(there), there != here else { return false }
    focus = elements[there].key
    return true
  }
}

extension SpokenElement {
  /// The node it stands for, as a finding names it: its identifier or kind, and its place.
  fileprivate var node: String { "\(key.split(separator: "|").first ?? "") at \(path)" }
}

extension VoiceOverCursor {
  /// The rules a step broke that its screen alone does not show, on the screen that speaks
  /// `spoken` after the step since `before` during which the app `announced` these: a change
  /// out of sight of the focus that nothing announced, a focus that rests on no element.
  public func findings(
    on spoken: SpokenScreen, since before: (spoken: SpokenScreen, focus: String?)?,
    announced: [String]
  ) -> [AccessibilityFinding] {
    var findings: [AccessibilityFinding] = []
    if let before, announced.isEmpty, focus == before.focus,
      spoken.needsAnnouncement(after: before.spoken)
    {
      findings.append(
        .init(
          rule: .changesAnnounced,
          message: "the screen changed out of sight of the focus and nothing was announced"))
    }
    if let focus, focused(in: spoken.elements) == nil {
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

extension [SpokenElement] {
  /// The rules a screen that speaks these elements breaks on its own: unlabelled controls,
  /// undescribed images, one label for different actions.
  public var accessibilityFindings: [AccessibilityFinding] {
    var findings: [AccessibilityFinding] = []
    // The index of the first element that speaks each label and does something.
    var byLabel = [String: Int](minimumCapacity: count)
    for index in indices {
      // The fields are read in place, not as a copy of the element.
      let (label, action) = (self[index].label, self[index].action)
      if action != nil, label.isEmpty {
        findings.append(
          .init(rule: .labeledControls, message: "\(self[index].node) speaks no label"))
      }
      if self[index].traits.contains(.isImage), label.isEmpty {
        findings.append(
          .init(
            rule: .describedImages,
            message: "\(self[index].node) is spoken as an image without a description; "
              + "describe it (.accessibilityLabel) or hide it (.accessibilityHidden)"))
      }
      guard let action, !label.isEmpty,
        let earlier = byLabel.updateValue(index, forKey: label)
      else { continue }
      byLabel[label] = earlier  // the first stays
      guard let first = self[earlier].action, first != action else { continue }
      findings.append(
        .init(
          rule: .distinctLabels,
          message: "\(self[earlier].node) and \(self[index].node) both speak "
            + "\(Quoting.quoted(label)), but one sends \(first.rendered) and the other "
            + "\(action.rendered)"))
    }
    return findings
  }
}

extension SpokenScreen {
  /// Whether a change from `old` to this screen (the same screen) is one the user must hear
  /// of: a search's results arrived, a load failed, the heart turned.
  func needsAnnouncement(after old: SpokenScreen) -> Bool {
    guard old.id == id else { return false }
    if old.heart != heart || (retry && !old.retry) { return true }
    // A search's results: the list while the field holds a query.
    guard query, !progress else { return false }
    // The keys of what the list shows: its rows, or the view that says it is empty.
    let shown = { (elements: [SpokenElement]) in
      elements.lazy.map(\.key).filter {
        $0.hasPrefix("meal-") || $0.hasPrefix("ContentUnavailable")
      }
    }
    return !shown(old.elements).elementsEqual(shown(elements))
  }
}
