import CommandLineKit
import Scenarios
import ViewDescription
import ViewModels
import VirtualTime

/// How much to explore.
public struct ExploreOptions: Equatable, Sendable {
  /// Seeds every session: the same seed gives the same sessions, report and files.
  public var seed: UInt64 = 1
  public var sessions = 200
  /// The most actions a session takes after `launch`.
  public var steps = 40

  public init(seed: UInt64 = 1, sessions: Int = 200, steps: Int = 40) {
    self.seed = seed
    self.sessions = sessions
    self.steps = steps
  }
}

/// A session: the screen the app starts on and what the user does after `launch`.
public struct ExploreSession: Hashable, Sendable {
  public var start: StartScreen = .list
  public var actions: [Step.Action]
}

/// A broken rule, with the smallest session found that still breaks it.
public struct Finding: Sendable {
  public let rule: Rule
  /// The 1-based number of the session that first broke the rule.
  public let session: Int
  /// How many actions that session took up to the broken rule.
  public let originalSteps: Int
  /// The shrunk session and its violation.
  public let shrunk: ExploreSession
  public let violation: Violation
  /// The scenario's lines after `launch`: the steps and the expectations the rule demands.
  public let script: [Step.Action]
  /// Whether shrinking stopped at `Explorer.shrinkingBudget`, with the smallest session so far.
  public let isShrinkingCutShort: Bool
}

/// What an exploration did and found.
public struct ExploreResult: Sendable {
  public let options: ExploreOptions
  /// Sessions run and actions taken, shrinking not counted.
  public let sessions: Int
  public let steps: Int
  /// At most one finding per rule, in rule order.
  public let findings: [Finding]
}

/// Random user sessions against the app's rules, checked after every step: a session that breaks
/// one is shrunk to a smallest one that still breaks it.
@MainActor
public struct Explorer {
  public let setup: ExploreSetup
  private let oracle: Oracle

  public init(setup: ExploreSetup) {
    self.setup = setup
    oracle = Oracle(catalog: setup.catalog)
  }

  public func explore(_ options: ExploreOptions) async -> ExploreResult {
    // A session runs the same every time, so in one process every finding reproduces.
    try! await report(options, tally: tally(options))
  }

  /// Runs the sessions of `shard` (all without one) and counts what they did, the part of
  /// `explore(_:)` that processes share (`--jobs`); once cancelled, it starts no further session.
  public func tally(_ options: ExploreOptions, shard: Shard? = nil) async -> Tally {
    var tally = Tally()
    for number in 1...max(options.sessions, 1)
    where options.sessions > 0 && shard?.contains(number: number) != false {
      if Task.isCancelled { break }
      let (session, violation) = await generate(session: number, options)
      tally.steps += session.actions.count
      if let violation, tally.firstSessions[violation.rule] == nil {
        tally.firstSessions[violation.rule] = number
      }
    }
    return tally
  }

  /// The result of the sessions `tally` counted: each broken rule's first session run again and
  /// shrunk. Throws `NotReproduced` when one does not break its rule again: the tally came from a
  /// process that explored something else (another catalog under the same path, say).
  public func report(
    _ options: ExploreOptions, tally: Tally
  ) async throws(NotReproduced) -> ExploreResult {
    var findings: [Finding] = []
    for (rule, number) in tally.firstSessions.sorted(by: { $0.key < $1.key }) {
      let (session, found) = await generate(session: number, options)
      guard let violation = found, violation.rule == rule else {
        throw NotReproduced(session: number, rule: rule, found: found?.rule)
      }
      let shrunk = await shrink(session, rule: rule, violation: violation)
      findings.append(
        Finding(
          rule: rule, session: number, originalSteps: session.actions.count,
          shrunk: shrunk.session, violation: shrunk.violation,
          script: Self.script(shrunk.session, shrunk.violation),
          isShrinkingCutShort: shrunk.isCutShort))
    }
    return ExploreResult(
      options: options, sessions: max(options.sessions, 0), steps: tally.steps,
      findings: findings)
  }

  // MARK: - Running a session

  /// One running session: the app, the rules' model, and what has been done.
  @MainActor
  private final class Run {
    let driver: AppDriver
    let checker: RuleChecker
    var actions: [Step.Action] = []

    init(_ start: StartScreen, in explorer: Explorer) async {
      driver = await explorer.setup.launch(start)
      checker = RuleChecker(oracle: explorer.oracle)
    }

    /// Carries out the action as `rezepte run` replays it and checks the rules; `offered` is
    /// `false` when the screen does not offer it (nothing happened then).
    func step(
      _ action: Step.Action, from moment: AppDriver.Moment? = nil
    ) async -> (offered: Bool, violation: Violation?) {
      let app = driver.app
      let (before, startTime, requestsBefore) = (app.state, app.now, app.ledger.count)
      let (failuresBefore, intentsBefore) = (app.ledger.failures, driver.intentCount)
      guard let outcome = try? await action.replay(on: driver, mode: .check, from: moment) else {
        return (false, nil)
      }
      let context = StepContext(
        index: actions.count, action: action,
        intent: driver.intentCount > intentsBefore ? driver.lastIntent : nil,
        before: before, after: app.state, startTime: startTime, endTime: app.now,
        log: app.ledger.entries, requestsBefore: requestsBefore,
        failures: app.ledger.failures - failuresBefore, sleepers: app.clock.sleeperCount)
      actions.append(action)
      // The accessibility rules, which the step's replay checked as `rezepte run` does.
      if outcome != .done, let finding = driver.findings.first {
        let violation = Violation(
          rule: Rule(finding.rule), step: context.index, message: finding.message)
        return (true, violation)
      }
      return (true, checker.check(context))
    }
  }

  /// Session `number` of an exploration with `options`, the same every time: up to
  /// `options.steps` actions, each picked among what the screen offers.
  private func generate(
    session number: Int, _ options: ExploreOptions
  ) async -> (ExploreSession, Violation?) {
    var random = SeededGenerator(seed: options.seed ^ (UInt64(number) &* 0x9E37_79B9_7F4A_7C15))
    let start: StartScreen = random.next() % 5 == 0 ? .categories : .list
    let run = await Run(start, in: self)
    var violation: Violation?
    var menu: (of: AppDriver.Shown, groups: [ActionMenu.Group])?
    while violation == nil, run.actions.count < options.steps, let now = run.driver.moment() {
      // A screen's menu is read once, however many steps leave it on top.
      if menu?.of !== now.shown { menu = (now.shown, ActionMenu.menu(on: now.shown.screen)) }
      let action = ActionMenu.pick(from: menu!.groups, using: &random)
      let offered: Bool
      (offered, violation) = await run.step(action, from: now)
      precondition(offered, "the menu offered `\(action)`, which the screen lacks")
    }
    return (ExploreSession(start: start, actions: run.actions), violation)
  }

  /// Replays a session; `nil` when a step is not offered or no rule breaks.
  func replay(_ session: ExploreSession) async -> Violation? {
    let run = await Run(session.start, in: self)
    for action in session.actions {
      let (offered, violation) = await run.step(action)
      guard offered else { return nil }
      if let violation { return violation }
    }
    return nil
  }

  // MARK: - Shrinking

  /// How many steps shrinking one finding may replay, about a minute of a release build; a
  /// longer shrink reports the smallest session found by then.
  nonisolated public static let shrinkingBudget = 1_000_000

  /// Drops steps, shortens waits and texts and starts on the list where it can, until no change
  /// keeps the same rule broken, or `budget` steps have been replayed (`isCutShort`).
  func shrink(
    _ session: ExploreSession, rule: Rule, violation: Violation, budget: Int = shrinkingBudget
  ) async -> (session: ExploreSession, violation: Violation, isCutShort: Bool) {
    var best = session
    var last = violation
    best.actions = Array(best.actions.prefix(violation.step + 1))
    var spent = 0
    var cutShort = false

    /// Replays `candidate`; whether it breaks the rule again (it is then the best so far).
    /// `nil` once the budget is spent: nothing more is tried.
    func attempt(_ candidate: ExploreSession) async -> Bool? {
      guard spent < budget else {
        cutShort = true
        return nil
      }
      spent += candidate.actions.count
      guard let found = await replay(candidate), found.rule == rule else { return false }
      best = candidate
      best.actions = Array(candidate.actions.prefix(found.step + 1))
      last = found
      return true
    }

    var changed = true
    search: while changed {
      changed = false
      var size = max(best.actions.count / 2, 1)
      while size >= 1 {
        var index = 0
        while index < best.actions.count {
          var candidate = best
          candidate.actions.removeSubrange(index..<min(index + size, candidate.actions.count))
          guard let broke = await attempt(candidate) else { break search }
          // Short runs at every offset, not only at multiples of `size`: an `open` and its
          // `back` go together. Long runs (of a long session) at multiples, so that a pass
          // costs a few replays, not one per step.
          if broke { changed = true } else { index += size > 32 ? size : 1 }
        }
        size /= 2
      }
      for index in best.actions.indices {
        guard index < best.actions.count else { break }
        for simpler in ActionMenu.simplifications(of: best.actions[index]) {
          var candidate = best
          candidate.actions[index] = simpler
          guard let broke = await attempt(candidate) else { break search }
          if broke {
            changed = true
            break
          }
        }
      }
      if best.start == .categories {
        var candidate = best
        candidate.start = .list
        guard let broke = await attempt(candidate) else { break search }
        if broke { changed = true }
      }
    }
    return (best, last, cutShort)
  }

  // MARK: - The scenario

  /// The steps after `launch`, with the expectations the violation demands around its step.
  static func script(_ session: ExploreSession, _ violation: Violation) -> [Step.Action] {
    session.actions.enumerated().flatMap { index, action in
      index == violation.step
        ? violation.before + (violation.replacement ?? [action]) + violation.after : [action]
    }
  }
}
