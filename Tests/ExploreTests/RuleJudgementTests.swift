import AppHarness
import MealCatalog
import Scenarios
import Testing
import ViewModels

@testable import Explore

/// Each rule judges the screen it is about.
@MainActor
@Suite struct RuleJudgementTests {
  let explorer = Explorer(setup: ExploreSetup(catalog: try! Catalog.embedded()))

  @Test("A recipe the dice pushes over a list being refreshed is not the list replaced (rule 3)")
  func dicePushDuringRefresh() async {
    // Found by `explore --seed 9223372036854775807` (session 173) before rule 3 judged the list
    // that was pulled rather than the screen on top.
    let session = ExploreSession(actions: [
      .network(.serverError, endpoint: "filter.php"), .relaunch,
      .networkDelay(.milliseconds(300), endpoint: nil), .network(nil, endpoint: nil), .retry,
      .wait(.milliseconds(399)), .tapDice, .pullToRefresh, .wait(.milliseconds(300)),
      .back, .wait(.seconds(2)),
    ])
    #expect(await explorer.replay(session) == nil)
  }

  @Test("A list refreshed under the dice's recipe is judged once the user comes back to it")
  func refreshJudgedAfterBack() async throws {
    // The refresh fails while the dice's recipe covers the list; an app that shows no notice for
    // it breaks rule 3, which shows once `back` uncovers the list.
    let broken = Explorer(
      setup: ExploreSetup(catalog: try Catalog.embedded(), wrap: { model, _ in NoNoticeApp(model) })
    )
    let session = ExploreSession(actions: [
      .networkDelay(.milliseconds(300), endpoint: "random.php"),
      .networkDelay(.milliseconds(600), endpoint: "filter.php"),
      .network(.serverError, endpoint: "filter.php"), .tapDice, .pullToRefresh,
      .wait(.milliseconds(300)), .wait(.milliseconds(400)), .back,
    ])
    let violation = await broken.replay(session)
    #expect(violation?.rule == .refreshKeepsList)
    #expect(violation?.step == 7)
    #expect(await explorer.replay(session) == nil)
  }

  @Test("Shrinking a long session stops at its budget with the smallest session found so far")
  func shrinkingIsBounded() async throws {
    let broken = Explorer(
      setup: ExploreSetup(catalog: try Catalog.embedded(), wrap: BentApp.noBack))
    // Typing and waiting keep the rules; the back button that does nothing breaks rule 7.
    let filler = (0..<3000).map { index -> Step.Action in
      index % 2 == 0 ? .type("a") : .wait(.milliseconds(50))
    }
    let session = ExploreSession(actions: filler + [.clearSearch, .open("Apam balik"), .back])
    let violation = try #require(await broken.replay(session))
    #expect(violation.rule == .everyIntentSettles)
    let shrunk = await broken.shrink(
      session, rule: violation.rule, violation: violation, budget: 2_000)
    #expect(shrunk.isCutShort)
    #expect(shrunk.session.actions.count < session.actions.count)
    #expect(await broken.replay(shrunk.session)?.rule == .everyIntentSettles)
    let unbounded = await broken.shrink(
      ExploreSession(
        actions: Array(filler.prefix(20)) + [.clearSearch, .open("Apam balik"), .back]),
      rule: violation.rule, violation: violation)
    #expect(!unbounded.isCutShort)
    #expect(unbounded.session.actions.count <= 3)
  }
}

/// The real app, but a list's notice never shows.
@MainActor
final class NoNoticeApp: AppUnderTest {
  private let base: AppModel

  init(_ base: AppModel) {
    self.base = base
  }

  var state: AppState {
    var state = base.state
    if case .list(var list) = state.root {
      list.notice = nil
      state.root = .list(list)
    }
    return state
  }

  func launch() -> IntentTask { base.launch() }

  func send(_ intent: UserIntent) -> IntentTask { base.send(intent) }
}
