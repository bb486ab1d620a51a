import Fixtures
import MealCatalog
import MealDB
import Scenarios
import Testing
import ViewModels
import VirtualTime

@testable import Explore

/// Every rule can fail: a deliberately broken app or transport is explored, the rule is
/// reported, and the shrunk scenario is short, fails on the broken app and passes on the real one.
/// Each exploration runs about twice the sessions its seed takes to break the rule (at least
/// ten): enough to find it, and no more.
@MainActor
@Suite struct BrokenRuleTests {
  let catalog = try! Catalog.embedded()

  func finding(
    _ rule: Rule, in setup: ExploreSetup, seed: UInt64 = 3, sessions: Int = 60,
    steps: Int = 30
  ) async throws -> Finding {
    let result = await Explorer(setup: setup).explore(
      ExploreOptions(seed: seed, sessions: sessions, steps: steps))
    return try #require(result.findings.first { $0.rule == rule })
  }

  /// The finding's scenario fails on `setup` and passes on the real app.
  func expectPinned(_ finding: Finding, brokenIn setup: ExploreSetup) async {
    #expect(finding.shrunk.actions.count <= 6, "\(finding.shrunk.actions)")
    let broken = await check(finding.script, start: finding.shrunk.start, in: setup)
    #expect(broken != nil, "the scenario passes on the broken app: \(finding.script)")
    let real = await check(
      finding.script, start: finding.shrunk.start, in: ExploreSetup(catalog: catalog))
    #expect(real == nil, "the scenario fails on the real app at line \(real ?? -1)")
  }

  @Test("A transport that answers the previous search breaks rule 1")
  func staleAnswer() async throws {
    let setup = ExploreSetup(
      catalog: catalog, wrapTransport: { base, _ in StaleSearchTransport(base) })
    let finding = try await finding(.currentAnswer, in: setup, sessions: 10)
    await expectPinned(finding, brokenIn: setup)
  }

  @Test("A list that searches at every keystroke breaks rule 2")
  func noPause() async throws {
    let setup = ExploreSetup(catalog: catalog, wrap: BentApp.noPause)
    let finding = try await finding(.onePerPause, in: setup, sessions: 10)
    await expectPinned(finding, brokenIn: setup)
  }

  @Test("A refresh that reloads like a retry breaks rule 3")
  func refreshAsRetry() async throws {
    let setup = ExploreSetup(catalog: catalog, wrap: BentApp.refreshAsRetry)
    let finding = try await finding(.refreshKeepsList, in: setup, sessions: 10)
    await expectPinned(finding, brokenIn: setup)
  }

  @Test("A list that shows a cancelled load as an error breaks rule 4")
  func cancellationAsError() async throws {
    let setup = ExploreSetup(catalog: catalog, wrap: CancellationAsErrorApp.wrap)
    let finding = try await finding(.cancellationIsNoError, in: setup)
    await expectPinned(finding, brokenIn: setup)
  }

  @Test("Favourites that are never saved break rule 5")
  func forgottenFavorites() async throws {
    let setup = ExploreSetup(catalog: catalog, makeStorage: forgetfulStorage)
    let finding = try await finding(.favoritesAgree, in: setup, sessions: 10)
    await expectPinned(finding, brokenIn: setup)
  }

  @Test("The dice's late answer pushing over a row the user opened breaks rule 6")
  func diceOverNavigation() async throws {
    let setup = ExploreSetup(catalog: catalog, wrap: LateDiceApp.wrap)
    let finding = try await finding(.navigationStays, in: setup, seed: 5, sessions: 20)
    #expect(finding.shrunk.actions.contains(.tapDice))
    await expectPinned(finding, brokenIn: setup)
  }

  @Test("A detail that never loads breaks rule 7")
  func hangingDetail() async throws {
    let setup = ExploreSetup(
      catalog: catalog, wrapTransport: { base, clock in HangingLookupTransport(base, clock: clock) }
    )
    let finding = try await finding(.everyIntentSettles, in: setup, sessions: 30)
    await expectPinned(finding, brokenIn: setup)
  }

  @Test("A back button the app ignores breaks rule 7")
  func ignoredBack() async throws {
    let setup = ExploreSetup(catalog: catalog, wrap: BentApp.noBack)
    let finding = try await finding(.everyIntentSettles, in: setup, sessions: 10)
    await expectPinned(finding, brokenIn: setup)
  }
}

/// The accessibility rules are explored too: a catalog whose category holds two recipes of one
/// name breaks rule 10, and the finding shrinks to a short scenario.
@MainActor
@Suite struct BrokenAccessibilityTests {
  @Test("Two recipes of one name in a category break rule 10, distinct-labels")
  func twinNames() async throws {
    let twins = [
      (Meal(id: "1", name: "Lasagne"), "Dessert"), (Meal(id: "2", name: "Lasagne"), "Dessert"),
    ]
    let setup = ExploreSetup(
      catalog: TestCatalog.make(categories: TestCatalog.categories, meals: twins))
    let result = await Explorer(setup: setup).explore(
      ExploreOptions(seed: 3, sessions: 5, steps: 10))
    let finding = try #require(result.findings.first { $0.rule == .distinctLabels })
    #expect(finding.shrunk.actions.count <= 2, "\(finding.shrunk.actions)")
    #expect(finding.violation.message.contains(#"both speak "Lasagne""#))
    let broken = await check(finding.script, start: finding.shrunk.start, in: setup)
    #expect(broken != nil, "the scenario passes on the catalog with twins: \(finding.script)")
  }
}

/// Runs a written scenario's lines against the app of `setup`: the index of the first line that
/// cannot be carried out or whose expectation fails, or `nil` when every line passes.
@MainActor
private func check(_ script: [Step.Action], start: StartScreen, in setup: ExploreSetup) async
  -> Int?
{
  let driver = await setup.launch(start)
  for (index, line) in script.enumerated() {
    let outcome = try? await line.replay(on: driver, mode: .check)
    if outcome != .done { return index }
  }
  return nil
}
