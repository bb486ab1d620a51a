import MealDB
import Testing
import ViewDescription
import ViewModels

/// The catalogue's sentences are the lesson's, word for word.
@Suite struct AppTextTests {
  @Test(
    "Each failure reads as the lesson's sentence",
    arguments: [
      (LoadFailure.offline, "Keine Internetverbindung. Prüfe WLAN oder mobile Daten."),
      (.timeout, "Der Server antwortet gerade nicht. Versuch es gleich noch einmal."),
      (.connection, "Es gab ein Problem mit der Verbindung."),
      (
        .badStatus(500), "Beim Rezept-Server ist ein Problem aufgetreten. Versuch es später erneut."
      ),
      (
        .badStatus(404), "Beim Rezept-Server ist ein Problem aufgetreten. Versuch es später erneut."
      ),
      (.unreadable, "Die Rezepte konnten nicht gelesen werden."),
      (.notFound, "Dieses Rezept gibt es nicht (mehr)."),
      (.other, "Die Rezepte konnten nicht geladen werden."),
    ])
  func message(failure: LoadFailure, text: String) {
    #expect(AppText.message(for: failure) == text)
  }

  @Test("The heart's title follows whether the meal is a favourite")
  func heart() {
    let meal = Meal(id: "1", name: "Lasagne")
    #expect(MealDetailState(meal: meal).heartTitle == "Als Favorit merken")
    #expect(MealDetailState(meal: meal, isFavorite: true).heartTitle == "Favorit entfernen")
  }

  @Test("A list is titled with its category, or „Suche“ while something is searched")
  func listTitle() {
    #expect(MealListState(category: "Pasta").title == "Pasta")
    #expect(MealListState(category: "Pasta", searchText: " Las ").title == "Suche")
  }
}
