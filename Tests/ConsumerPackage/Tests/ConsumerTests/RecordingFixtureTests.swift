import Foundation
import RezepteTesting
import Testing

/// Calls whose snapshots are not written yet. `.ci/consumer` copies this file into a scratch
/// package and runs it with `REZEPTE_RECORD=missing`, which writes the missing literals and
/// files and fails, then with `failed`, which writes over the outdated literal and fails; the
/// next run passes. Here, where nothing may be written, the suite is skipped.
@MainActor
@Suite(.enabled(if: ProcessInfo.processInfo.environment["REZEPTE_RECORDING_CHECK"] == "1"))
struct RecordingFixtureTests {
  let app: TestApp

  init() throws {
    let catalog = try Catalog.embedded()
    app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
  }

  @Test("A call without a literal gets one")
  func withoutLiteral() async {
    await app.launch()
    await app.send(.categoryPicked("Goat"))
    expectScreen(of: app)
  }

  @Test("An outdated literal is written over")
  func outdatedLiteral() async {
    await app.launch()
    await app.send(.categoryPicked("Vegan"))
    expectScreen(
      of: app,
      matches: """
        NavigationStack
        └─ Screen "Beef"
        """)
  }

  @Test("A screen with quotes and backslashes gets a raw literal")
  func rawLiteral() async {
    await app.launch()
    await app.send(.searchTextChanged(#"say "\cheese""#))
    await app.advance(by: .milliseconds(400))
    expectScreen(of: app)
  }

  @Test("Each strategy gets a literal, and a file")
  func strategies() async {
    await app.launch()
    await app.send(.categoryPicked("Vegan"))
    expectSnapshot(of: app, as: .screen)
    expectSnapshot(of: app, as: .requests)
    expectSnapshot(of: AppScreen.body(app.state), as: .tree)
    expectSnapshot(of: app.state.list?.meals, as: .dump)
    expectSnapshot(of: app, as: .screen, named: "screen")
    expectSnapshot(of: app, as: .requests, named: "requests")
    expectSnapshot(of: AppScreen.body(app.state), as: .tree, named: "tree")
    expectSnapshot(of: app.state.list?.meals, as: .dump, named: "meals")
  }
}
