import Fixtures
import MealDB
import Testing
import ViewDescription
import ViewModels

@Suite struct PurityTests {
  /// The lines of `after` that differ from the same line of `before` (both have as many lines).
  private func changedLines(_ before: String, _ after: String) -> [String] {
    let old = before.split(separator: "\n")
    let new = after.split(separator: "\n")
    return zip(old, new).filter { $0 != $1 }.map { String($0.1) }
  }

  @Test("Each state gives its own screen, and the same one again after others were drawn")
  func sameSnapshotSameScreen() {
    let states = [
      AppState(list: Fixture.dessertList),
      AppState(list: MealListState(meals: .failed(.unreadable))),
      AppState(
        list: Fixture.dessertList,
        pushed: [
          .detail(MealDetailState(meal: Fixture.frangipanTart, recipe: .loaded(Fixture.tartDetail)))
        ]),
    ]
    let first = states.map { TextRenderer().render(AppScreen.body($0)) }
    let again = states.reversed().map { TextRenderer().render(AppScreen.body($0)) }
    #expect(Set(first).count == states.count)
    #expect(again.reversed() == first)
  }

  @Test("Marking the recipe as a favourite changes only the heart button")
  func detailHeartOnly() {
    let plain = MealDetailState(meal: Fixture.frangipanTart, recipe: .loaded(Fixture.tartDetail))
    var favorite = plain
    favorite.isFavorite = true
    #expect(
      changedLines(rendered(plain), rendered(favorite)) == [
        "   │  └─ Button \"Favorit entfernen\" [heart.fill]"
      ])
  }

  @Test("A favourite's id changes only its row's heart in the list")
  func listHeartOnly() {
    let plain = Fixture.dessertList
    var favorite = plain
    favorite.favoriteIDs.insert(Fixture.apamBalik.id)
    #expect(
      changedLines(rendered(plain), rendered(favorite)) == ["      ├─ Row \"Apam balik\" ♥"])
  }
}
