import Testing

@testable import RezepteTesting

/// The failures `send(_:assert:)` and `advance(by:assert:)` record, and the one of an app that
/// goes away with work still running.
@MainActor
@Suite struct AssertionTests {
  @Test("A spelled change passes")
  func exhaustivePasses() async throws {
    let app = try embeddedApp()
    await app.launch()
    await app.send(.searchFocusChanged(true)) {
      $0.list?.isSearchFocused = true
    }
  }

  @Test("A change the closure does not spell fails, named by its path")
  func exhaustiveFails() async throws {
    let app = try embeddedApp()
    await app.launch()
    let messages = await failures {
      await app.send(.searchTextChanged("La")) { _ in }
      await app.skipPendingWork()
    }
    let message = try #require(messages.first)
    #expect(message.contains(#"send(.searchTextChanged("La")) at "#))
    #expect(message.contains("in 1 field (− expected, + actual):"))
    #expect(message.contains(#"  root.list.searchText: − """#))
    #expect(message.contains(#"+ "La""#))
  }

  @Test("A spelled change that did not happen fails too")
  func exhaustiveMissingChange() async throws {
    let app = try embeddedApp()
    await app.launch()
    let messages = await failures {
      await app.advance(by: .milliseconds(10)) { $0.list?.isRefreshing = true }
    }
    #expect(try #require(messages.first).contains("root.list.isRefreshing: − true"))
  }

  @Test("A change from 16 meals to 7 names each meal that went and each that came")
  func elementsNamed() async throws {
    let app = try embeddedApp()
    await app.launch()
    let before = try #require(app.state.list?.meals.value)
    let messages = await failures {
      await app.send(.categoryPicked("Chicken")) {
        $0.list?.category = "Chicken"
        $0.list?.loadedQuery = Query(category: "Chicken", search: "")
      }
    }
    let after = try #require(app.state.list?.meals.value)
    #expect((before.count, after.count) == (16, 7))
    let message = try #require(messages.first)
    for meal in before where !after.contains(meal) {
      #expect(message.contains(#"root.list.meals.loaded[id: "\#(meal.id)"]: − Meal("#))
      #expect(message.contains(meal.name))
    }
    #expect(message.contains("+ absent"))
  }

  @Test("Without exhaustivity only the spelled fields are checked")
  func nonExhaustive() async throws {
    let app = try embeddedApp()
    await app.launch()
    await app.send(.searchTextChanged("Lasagne"))
    await app.advance(by: .milliseconds(400), exhaustivity: .off) {
      $0.list?.searchText = "Lasagne"
    }
    let messages = await failures {
      await app.send(.searchTextChanged("Cake"), exhaustivity: .off) {
        $0.list?.searchText = "Kuchen"
      }
    }
    #expect(messages.count == 1)
    #expect(try #require(messages.first).contains(#"root.list.searchText: − "Kuchen""#))
  }

  // MARK: - Work left running

  @Test("An app that goes away in the search pause fails the test, naming the pause")
  func pauseLeftRunning() async throws {
    let catalog = try Catalog.embedded()
    let messages = await failures {
      let app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
      await app.launch()
      await app.send(.searchTextChanged("Lasagne"))
    }
    let message = try #require(messages.first)
    #expect(messages.count == 1)
    #expect(message.contains("the TestApp made at RezepteTestingTests/AssertionTests.swift:"))
    #expect(message.contains("went away with:\n  - the search pause"))
    #expect(message.contains("skipPendingWork()"))
  }

  @Test("The headline of an app left running names the work that still ran")
  func workLeftHeadline() async throws {
    let catalog = try Catalog.embedded()
    let found = await issues {
      let app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
      await app.launch()
      await app.send(.searchTextChanged("Lasagne"))
    }
    #expect(
      headline(of: try #require(found.first)).hasPrefix(
        "work was still running when the test ended: the search pause; the TestApp made at "))
  }

  @Test("A load left waiting for its answer is named by its request")
  func loadLeftRunning() async throws {
    let catalog = try Catalog.embedded()
    let messages = await failures {
      let app = TestApp { clock in
        let transport = CatalogTransport(catalog: catalog, clock: clock)
        transport.setDelay(.seconds(1), for: "search.php")
        return transport
      }
      await app.launch()
      await app.send(.searchTextChanged("Lasagne"))
      await app.advance(by: .milliseconds(400))
    }
    #expect(
      try #require(messages.first).contains(
        "  - the load of GET search.php?s=Lasagne, waiting for its answer"))
  }

  @Test("skipPendingWork() and a test without exhaustivity let the work go")
  func workSkipped() async throws {
    let app = try embeddedApp()
    await app.launch()
    await app.send(.searchTextChanged("Lasagne"))
    #expect(app.pendingWork == ["the search pause"])
    await app.skipPendingWork()
    let other = try embeddedApp()
    await other.launch()
    await other.send(.searchTextChanged("Lasagne"), exhaustivity: .off) {
      $0.list?.searchText = "Lasagne"
    }
  }
}
