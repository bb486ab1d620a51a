import AppHarness
import Foundation
import MealCatalog
import MealDB
import Scenarios
import Spelling
import ViewDescription
import ViewModels

/// What one step did, as the rules see it.
struct StepContext {
  let index: Int
  let action: Step.Action
  /// The intent the step sent to an enabled node, if any (the last one, for typing).
  let intent: UserIntent?
  let before: AppState
  let after: AppState
  let startTime: Duration
  let endTime: Duration
  /// The whole request log after the step; `requestsBefore` of them were sent before it.
  let log: [RequestLedger.Entry]
  let requestsBefore: Int
  /// Requests that ended in a failure during the step.
  let failures: Int
  /// Tasks still sleeping on the virtual clock after the step.
  let sleepers: Int

  var sent: ArraySlice<RequestLedger.Entry> { log[requestsBefore...] }
}

/// The expected answers: the catalog's records for a query, without faults or delays.
@MainActor
final class Oracle {
  private let catalog: Catalog
  /// Each query's records, looked up once.
  private var answers: [Query: [Catalog.Record]?] = [:]

  init(catalog: Catalog) {
    self.catalog = catalog
  }

  /// The meals the list must show for `query`; `nil` when the catalog answers with an error.
  func meals(for query: Query) -> [Catalog.Record]? {
    if let known = answers[query] { return known }
    let meals =
      query.isSearch
      ? catalog.records(searching: query.search.text) : catalog.records(inCategory: query.category)
    answers[query] = meals
    return meals
  }
}

/// The model a session is checked against (favourites, navigation, what is in flight) and the
/// seven rules, checked after every step.
@MainActor
final class RuleChecker {
  static let searchPause = Duration.milliseconds(400)
  /// Virtual time without a gesture after which nothing may be loading any more.
  static let settleBound = Duration.seconds(10)

  private let oracle: Oracle
  /// The favourites the user's heart taps leave.
  private var favorites: [String: Meal] = [:]
  /// The stack the user's own navigation leaves: the identities of the entries it pushed.
  private var path: [StackID] = []
  /// A dice tap waiting for its answer, and whether the user navigated since.
  private var diceNavigatedSince: Bool?
  /// The last change of the query by typing, and the search requests sent since.
  private var typing: (lastChange: Duration, searches: Int)?
  /// A pull to refresh of a loaded list: the rows it showed and where the log stood.
  private var refresh: (rows: [String], requestsBefore: Int, position: Int)?
  /// The end of the last gesture or relaunch.
  private var quietSince: Duration = .zero

  init(oracle: Oracle) {
    self.oracle = oracle
  }

  /// The first rule the step broke, if any.
  func check(_ step: StepContext) -> Violation? {
    if step.action.role == .gesture || step.action == .relaunch { quietSince = step.endTime }
    // In this order, each after the one before found nothing: each keeps its own model.
    return intentRefused(step) ?? stuck(step) ?? navigation(step) ?? favoritesCheck(step)
      ?? cancellation(step) ?? refreshCheck(step) ?? pause(step) ?? answer(step)
  }

  // MARK: - 7. Every intent is accepted; nothing waits forever

  private func intentRefused(_ step: StepContext) -> Violation? {
    guard let intent = step.intent else { return nil }
    let before = step.before
    let after = step.after
    var demanded: [Step.Action] = []
    let accepted: Bool
    switch intent {
    case .mealTapped(let meal):
      accepted = pushed(before, after)?.detail?.meal.id == meal.id
      demanded = [.expectTitle(meal.name)]
    case .categoryTileTapped(let category):
      accepted = pushed(before, after)?.list?.category == category
      demanded = [.expectTitle(category)]
    case .backTapped:
      accepted = after.path.count == before.path.count - 1
      if !accepted, let back = AppScreen.body(before).control(.back) {
        demanded = [.expectTitle(back.label)]
      }
    case .heartTapped:
      accepted = before.top.detail?.isFavorite != after.top.detail?.isFavorite
      // The heart's title once the tap has turned it.
      var turned = before
      turned.detail?.isFavorite.toggle()
      if !accepted, let heart = AppScreen.body(turned).control(.heart) {
        demanded = [.expectVisible(heart.label)]
      }
    case .searchTextChanged(let text):
      accepted = after.top.list?.searchText.text == text
      let prompt =
        !accepted && text.isEmpty ? AppScreen.body(before).searchField?.field.prompt : nil
      demanded = [.expectVisible(prompt ?? text)]
    case .searchFocusChanged(let focused):
      accepted = !focused || after.top.list?.isSearchFocused == true
      if let first = before.top.list?.suggestionTerms.first,
        before.top.list?.searchText.isEmpty == true
      {
        demanded = [.expectVisible(first)]
      }
    case .suggestionPicked(let text):
      accepted = after.top.list?.searchText.text == text
      var searched = before
      searched.list?.searchText = SearchText(text)
      if !accepted, let title = AppScreen.body(searched).screenTitle {
        demanded = [.expectTitle(title)]
      }
    case .categoryPicked(let category):
      accepted = after.top.list?.category == category
      if before.top.list?.query.isSearch == false { demanded = [.expectTitle(category)] }
    case .noticeDismissed:
      accepted = after.top.list?.notice == nil
      if !accepted, let notice = AppScreen.body(before).alert {
        demanded = [.expectHidden(notice.message)]
      }
    case .pulledToRefresh, .retryTapped, .diceTapped:
      accepted = !step.sent.isEmpty
    case .linkTapped, .pathChanged:
      accepted = true
    }
    guard !accepted else { return nil }
    return Violation(
      rule: .everyIntentSettles, step: step.index,
      message: "`\(step.action)` sent \(intent), but the app did not carry it out.",
      after: demanded)
  }

  private func stuck(_ step: StepContext) -> Violation? {
    guard step.endTime - quietSince >= Self.settleBound else { return nil }
    var busy: [String] = []
    if step.sleepers > 0 { busy.append("\(step.sleepers) task(s) still sleep on the clock") }
    let screens = step.after.screens.map { screen -> (String, Bool) in
      switch screen {
      case .list(let list):
        ("the list", list.meals.isPending || list.isRefreshing || list.isDiceBusy)
      case .categories(let grid): ("the category grid", grid.categories.isPending)
      case .detail(let detail): ("the detail", detail.recipe.isPending)
      }
    }
    busy += screens.filter(\.1).map { "\($0.0) is still loading" }
    guard !busy.isEmpty else { return nil }
    let quiet = DurationText.format(step.endTime - quietSince)
    return Violation(
      rule: .everyIntentSettles, step: step.index,
      message: "\(quiet) of virtual time after the last gesture, "
        + busy.joined(separator: "; ") + ".",
      after: Self.progressTitle(AppScreen.body(step.after)).map { [.expectHidden($0)] } ?? [])
  }

  // MARK: - 6. Navigation

  private func navigation(_ step: StepContext) -> Violation? {
    var navigated = true
    switch step.intent {
    case .mealTapped, .categoryTileTapped:
      // The entry the tap pushed, which `intentRefused` checked.
      path.append(step.after.path[step.before.path.count].id)
    case .backTapped: _ = path.popLast()
    case .diceTapped:
      diceNavigatedSince = false
      navigated = false
    default: navigated = false
    }
    if navigated, diceNavigatedSince != nil { diceNavigatedSince = true }
    if step.action == .relaunch {
      path = []
      diceNavigatedSince = nil
    }
    let actual = step.after.path.map(\.id)
    if actual == path { return nil }
    if diceNavigatedSince == false, actual.count == path.count + 1,
      Array(actual.prefix(path.count)) == path, step.after.top.detail != nil
    {
      // The dice's answer arrived while its list was still where the user left it.
      path = actual
      diceNavigatedSince = nil
      return nil
    }
    var after: [Step.Action] = []
    if actual.count > path.count, Array(actual.prefix(path.count)) == path {
      let expected = AppState(
        root: step.after.root, path: Array(step.after.path.prefix(path.count)))
      if let title = AppScreen.body(expected).screenTitle { after = [.expectTitle(title)] }
    }
    let shown = step.after.path.map { entry in
      "\(entry.id) " + (entry.screen.detail.map { "detail \($0.meal.id)" } ?? "list")
    }.joined(separator: " › ")
    let own = path.map(\.description).joined(separator: " › ")
    return Violation(
      rule: .navigationStays, step: step.index,
      message: "after `\(step.action)` the stack above the root is [\(shown)], "
        + "but the user's own navigation left [\(own)].",
      after: after)
  }

  // MARK: - 5. Favourites

  private func favoritesCheck(_ step: StepContext) -> Violation? {
    if step.intent == .heartTapped, let detail = step.before.top.detail {
      let meal = detail.meal
      if favorites.removeValue(forKey: meal.id) == nil { favorites[meal.id] = meal }
    }
    let expected = Set(favorites.keys)
    var corrected = step.after
    let problem: String
    switch step.after.top {
    case .list(var list):
      let section = Set(list.favorites.map(\.id))
      guard list.favoriteIDs != expected || section != expected else { return nil }
      problem =
        "the list's hearts mark \(list.favoriteIDs.sorted()) and its Favoriten section holds "
        + "\(section.sorted())"
      list.favoriteIDs = expected
      list.favorites = favorites.values.sorted(by: FavoritesOrder.precedes)
      corrected.list = list
    case .detail(var detail):
      guard detail.isFavorite != expected.contains(detail.meal.id) else { return nil }
      problem = "the detail of \(detail.meal.id) says isFavorite \(detail.isFavorite)"
      detail.isFavorite.toggle()
      corrected.detail = detail
    case .categories:
      return nil
    }
    return Violation(
      rule: .favoritesAgree, step: step.index,
      message: "after `\(step.action)` \(problem), but the heart taps leave "
        + "\(expected.sorted()).",
      after: [.expectScreen(TextRenderer().render(AppScreen.body(corrected)))])
  }

  // MARK: - 4. Cancellation

  private func cancellation(_ step: StepContext) -> Violation? {
    let shown = Self.errors(step.after)
    guard !shown.isEmpty, step.failures == 0 else { return nil }
    let new = Set(shown).subtracting(Self.errors(step.before))
    guard !new.isEmpty else { return nil }
    let messages = Set(new.map { Self.message(of: $0, in: step.after) }).sorted()
    let top = AppScreen.body(step.after).visibleTexts
    return Violation(
      rule: .cancellationIsNoError, step: step.index,
      message: "`\(step.action)` made the app show \(messages), but no request "
        + "failed during it.",
      after: messages.filter(top.contains).map { .expectHidden($0) })
  }

  /// Every error the screens show: a failed load or a notice, with the screen's place.
  private static func errors(_ state: AppState) -> [ShownError] {
    var found: [ShownError] = []
    for (place, screen) in state.screens.enumerated() {
      if case .list(let list) = screen, let notice = list.notice {
        found.append(ShownError(place: place, notice: true, failure: notice))
      }
      guard let failure = screen.failure else { continue }
      // A recipe the server does not know is an answer, shown as "Rezept nicht gefunden", not
      // an error that a failed request must explain.
      if case .detail = screen, failure == .notFound { continue }
      found.append(ShownError(place: place, notice: false, failure: failure))
    }
    return found
  }

  /// The sentence the screen at the error's place shows for it: the notice's, or the one in
  /// the failure view above its retry button.
  private static func message(of error: ShownError, in state: AppState) -> String {
    let screen = AppScreen.body(
      AppState(root: state.root, path: Array(state.path.prefix(error.place))))
    return (error.notice ? screen.alert?.message : screen.errorMessage) ?? ""
  }

  private struct ShownError: Hashable {
    let place: Int
    let notice: Bool
    let failure: LoadFailure
  }

  // MARK: - 3. Pull to refresh

  private func refreshCheck(_ step: StepContext) -> Violation? {
    if step.action == .pullToRefresh, step.intent != nil, let list = step.before.top.list,
      case .loaded(let meals) = list.meals, !meals.isEmpty
    {
      refresh = (meals.map(\.name), step.requestsBefore, step.before.path.count)
    } else if step.action == .relaunch {
      refresh = nil
    } else if step.action.role == .gesture, let watch = refresh,
      step.before.path.count <= watch.position
    {
      // The user acted on the list itself: what it shows now is theirs, not the refresh's. A
      // gesture on a screen that covers the list (the dice's recipe) leaves it to the refresh.
      refresh = nil
    }
    guard let watch = refresh else { return nil }
    // The rule is about the list that was pulled, where it stands in the stack: a screen the
    // dice pushes over it meanwhile is not that list, and while it covers the list there is
    // nothing on the screen to judge.
    guard step.after.path.count == watch.position else {
      if step.after.path.count < watch.position { refresh = nil }
      return nil
    }
    // An answer that is empty is an answer; what the refresh must not do is take the loaded
    // list away for a spinner or an error view.
    let list = step.after.top.list
    /// The spinner hidden and the first row shown.
    func demanded() -> [Step.Action] {
      var loading = list
      loading?.meals = .loading
      var after: [Step.Action] = []
      if let spinner = loading.flatMap({ Self.progressTitle(MealListScreen.body($0)) }) {
        after.append(.expectHidden(spinner))
      }
      if let row = watch.rows.first { after.append(.expectVisible(row)) }
      return after
    }
    if list?.meals.isLoaded != true {
      return Violation(
        rule: .refreshKeepsList, step: step.index,
        message: "during a pull to refresh of a loaded list, `\(step.action)` "
          + "replaced it with a spinner or an error view.",
        after: demanded())
    }
    guard let list, !list.isRefreshing else { return nil }
    refresh = nil
    let failed = step.log[watch.requestsBefore...].last(where: {
      $0.outcome == .failed && ["filter.php", "search.php"].contains($0.request.path)
    })
    guard let failure = failed, list.notice == nil else { return nil }
    var after = demanded()
    if let fault = failure.fault.flatMap(CatalogTransport.Fault.init) {
      var noticed = list
      noticed.notice =
        switch fault {
        case .offline: .offline
        case .timeout: .timeout
        case .serverError: .badStatus(500)
        case .brokenData: .unreadable
        }
      if let notice = MealListScreen.body(noticed).alert {
        after.append(.expectVisible(notice.message))
      }
    }
    return Violation(
      rule: .refreshKeepsList, step: step.index,
      message: "the pull to refresh failed (`\(failure.request)`), but no notice is shown.",
      after: after)
  }

  // MARK: - 2. One request per pause

  private func pause(_ step: StepContext) -> Violation? {
    let searches = step.sent.filter { $0.request.path == "search.php" }
    switch step.action {
    case .type, .clearSearch:
      if !searches.isEmpty {
        let others = step.sent.filter { $0.request.path != "search.php" }
        return Violation(
          rule: .onePerPause, step: step.index,
          message: "`\(step.action)` sent `\(searches[searches.startIndex].request)` "
            + "at once, without the 400 ms pause.",
          before: [.expectRequests(step.requestsBefore, listed: nil)],
          after: [
            .expectRequests(
              others.count, listed: others.isEmpty ? nil : others.map(\.request.description))
          ])
      }
      if step.before.list?.query != step.after.list?.query {
        typing = (step.endTime, 0)
      }
      return nil
    case .wait(let duration):
      guard var watch = typing else { return nil }
      let searchesBefore = watch.searches
      // The list typed into, even if a dice's answer has covered it since.
      let query = step.after.list?.query
      for search in searches {
        watch.searches += 1
        let early = search.sentAt - watch.lastChange < Self.searchPause
        let stale = search.request.value(for: "s") != query?.search.text
        guard early || stale || watch.searches > 1 else { continue }
        let why =
          early
          ? "\(DurationText.format(search.sentAt - watch.lastChange)) after the last keystroke, "
            + "before the pause was over"
          : stale
            ? "for a text the field no longer holds"
            : "as the search request number \(watch.searches) of one pause"
        return Violation(
          rule: .onePerPause, step: step.index,
          message: "`\(search.request)` went out \(why).",
          before: [.expectRequests(step.requestsBefore, listed: nil)],
          replacement: split(duration, step: step, lastChange: watch.lastChange),
          after: demandedSearches(
            step: step, lastChange: watch.lastChange, searchesBefore: searchesBefore,
            query: query))
      }
      typing = watch
      return nil
    case .network, .networkDelay:
      return nil
    default:
      typing = nil
      return nil
    }
  }

  /// The wait cut just before the pause ends, with no request expected before the cut.
  private func split(_ duration: Duration, step: StepContext, lastChange: Duration)
    -> [Step.Action]?
  {
    let due = lastChange + Self.searchPause
    let first = due - .milliseconds(1) - step.startTime
    guard first > .zero, first < duration else { return nil }
    return [.wait(first), .expectRequests(0, listed: nil), .wait(duration - first)]
  }

  /// What the wait may send: the one search for the field's text once its pause is over.
  private func demandedSearches(
    step: StepContext, lastChange: Duration, searchesBefore: Int, query: Query?
  ) -> [Step.Action] {
    let due = lastChange + Self.searchPause
    guard step.endTime >= due, step.startTime < due, searchesBefore == 0, let query,
      query.isSearch
    else { return [.expectRequests(0, listed: nil)] }
    let request = APIRequest(
      path: "search.php", query: [URLQueryItem(name: "s", value: query.search.text)])
    return [.expectRequests(1, listed: [request.description])]
  }

  // MARK: - 1. The current answer

  private func answer(_ step: StepContext) -> Violation? {
    // A notice says a refresh failed and kept the list it had (lesson 3.11): not an answer.
    guard step.sleepers == 0, case .list(let list) = step.after.top, !list.isRefreshing,
      list.notice == nil, case .loaded(let meals) = list.meals
    else { return nil }
    // The last load failed: a failed refresh keeps the list it had (lesson 3.11), even after its
    // notice is dismissed; there is no newer answer to show.
    let lists = ["filter.php", "search.php"]
    if step.log.last(where: { lists.contains($0.request.path) })?.outcome == .failed { return nil }
    let query = list.query
    guard let expected = oracle.meals(for: query) else { return nil }
    guard list.loadedQuery != query || !meals.elementsEqual(expected, by: { $0.id == $1.id })
    else { return nil }
    let names = expected.map(\.name)
    var after: [Step.Action] = [.expectTitle(list.title)]
    if names.isEmpty {
      var empty = list
      empty.meals = .loaded([])
      empty.loadedQuery = query
      if let title = MealListScreen.body(empty).firstMatch({
        if case .contentUnavailableView(let label) = $0.kind { label.title } else { nil }
      }) {
        after.append(.expectVisible(title))
      }
    } else {
      after += names.prefix(3).map { .expectVisible($0) }
    }
    let favoriteNames = Set(list.favorites.map(\.name))
    after += meals.map(\.name).filter { !names.contains($0) && !favoriteNames.contains($0) }
      .prefix(3).map { .expectHidden($0) }
    let loaded = list.loadedQuery.map(Self.describe) ?? "nothing"
    return Violation(
      rule: .currentAnswer, step: step.index,
      message: "after `\(step.action)` the settled list shows \(meals.count) "
        + "meal(s) loaded for \(loaded), but the answer for \(Self.describe(query)) has "
        + "\(expected.count).",
      after: after)
  }

  private static func describe(_ query: Query) -> String {
    query.isSearch
      ? "the search \(Quoting.quoted(query.search.text))"
      : "the category \(Quoting.quoted(query.category))"
  }

  // MARK: - Reading snapshots

  /// The screen a tap pushed: the entry above those that were there before it, if any.
  private func pushed(_ before: AppState, _ after: AppState) -> AppState.Screen? {
    after.path.count > before.path.count ? after.path[before.path.count].screen : nil
  }

  /// The title of the screen's progress view, if it shows one.
  static func progressTitle(_ screen: Node) -> String? {
    screen.firstMatch { if case .progressView(let text?) = $0.kind { text } else { nil } }
  }
}

extension AppState {
  /// The root and every pushed screen, bottom first.
  var screens: [Screen] { [root] + path.map(\.screen) }
}

extension LoadState {
  /// Whether it is loading (or has not started).
  var isPending: Bool { value == nil && failure == nil }
}
