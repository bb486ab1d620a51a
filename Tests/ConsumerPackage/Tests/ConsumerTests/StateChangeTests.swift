import RezepteTesting
import Testing

/// Every change of the state spelled out, step by step.
@MainActor
@Suite struct StateChangeTests {
  let app: TestApp

  init() throws {
    let catalog = try Catalog.embedded()
    app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
  }

  @Test("Typing changes the search text; the pause then loads what it finds")
  func search() async {
    await app.launch()
    await app.send(.searchTextChanged("Lasagne")) {
      $0.list?.searchText = "Lasagne"
    }
    await app.advance(by: .milliseconds(400)) {
      $0.list?.meals = .loaded([Meal(id: "52844", name: "Lasagne", thumbnail: lasagneThumbnail)])
      $0.list?.loadedQuery = Query(category: "Dessert", search: "Lasagne")
    }
  }

  @Test("A change the test does not spell fails, naming the field and the meals by their paths")
  func unspelledChange() async {
    await app.launch()
    await app.send(.searchTextChanged("Lasagne"))
    await withKnownIssue {
      await app.advance(by: .milliseconds(400)) {
        $0.list?.loadedQuery = Query(category: "Dessert", search: "Lasagne")
      }
    } matching: { issue in
      let message = ([issue.error.map { "\($0)" } ?? ""] + issue.comments.map(\.rawValue))
        .joined(separator: "\n")
      return message.contains("in 17 fields (− expected, + actual):")
        && message.contains(
          #"root.list.meals.loaded[id: "52768"]: − Meal(id: "52768", name: "Apple Frangipan Tart", …)"#
        )
        && message.contains(#"root.list.meals.loaded[id: "52844"]: − absent"#)
    }
  }

  @Test("Without exhaustivity, only the fields the test spells are checked")
  func partOfTheState() async {
    await app.launch()
    await app.send(.searchTextChanged("Lasagne"))
    await app.advance(by: .milliseconds(400), exhaustivity: .off) {
      $0.list?.loadedQuery = Query(category: "Dessert", search: "Lasagne")
    }
  }
}

let lasagneThumbnail = "https://www.themealdb.com/images/media/meals/wtsvxx1511296896.jpg"
