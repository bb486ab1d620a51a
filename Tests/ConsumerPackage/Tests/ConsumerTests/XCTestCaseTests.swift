import RezepteTesting
import XCTest

/// The same assertions from an XCTest case: a failure there is an `XCTFail` at the call.
@MainActor
final class XCTestCaseTests: XCTestCase {
  func testSearchPauseLoadsTheResults() async throws {
    let catalog = try Catalog.embedded()
    let app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
    await app.launch()
    await app.send(.searchTextChanged("Pie")) {
      $0.list?.searchText = "Pie"
    }
    await app.advance(by: .milliseconds(400), exhaustivity: .off) {
      $0.list?.loadedQuery = Query(category: "Dessert", search: "Pie")
    }
    XCTAssertEqual(app.takeRequests().last, "GET search.php?s=Pie")
    expectScreen(of: app, named: "pie")
  }
}
