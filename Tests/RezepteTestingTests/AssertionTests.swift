import AppHarness
import Testing

@testable import RezepteTesting

/// The failures `expectScreen`, `send(_:assert:)` and `advance(by:assert:)` record, read back
/// with `withKnownIssue`.
@MainActor
@Suite struct AssertionTests {
  let app: TestApp

  init() throws {
    let catalog = try Catalog.embedded()
    app = TestApp { clock in CatalogTransport(catalog: catalog, clock: clock) }
  }

  /// The comments of the issues `body` records.
  func failures(_ body: () async -> Void) async -> [String] {
    let messages = Locked<[String]>([])
    await withKnownIssue {
      await body()
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    return messages.withLock { $0 }
  }

  @Test("A screen that differs fails with the tree diff and the call's place")
  func screenDiffers() async throws {
    await app.launch()
    let messages = await failures {
      await withScreenRecording(.never) {
        expectScreen(of: app, matches: "NavigationStack\n└─ Screen \"Beef\"")
      }
    }
    let message = try #require(messages.first)
    #expect(messages.count == 1)
    #expect(message.contains("AssertionTests.swift:"))
    #expect(message.contains("(− expected, + actual):"))
    #expect(message.contains("−    └─ Screen \"Beef\"") || message.contains("− └─ Screen \"Beef\""))
    #expect(message.contains("+ └─ Screen \"Dessert\""))
    #expect(message.contains("REZEPTE_RECORD=failed"))
  }

  @Test("The screen the app shows passes")
  func screenMatches() async {
    await app.launch()
    let text = app.screenText
    await withScreenRecording(.never) {
      expectScreen(of: app, matches: text)
    }
  }

  @Test("A call without a literal fails with the screen to copy unless recording")
  func screenMissing() async throws {
    await app.launch()
    let messages = await failures {
      await withScreenRecording(.never) { expectScreen(of: app) }
    }
    #expect(messages.count == 1)
    #expect(try #require(messages.first).contains("has no expected screen"))
    #expect(try #require(messages.first).contains("└─ Screen \"Dessert\""))
  }

  @Test("A spelled change passes")
  func exhaustivePasses() async {
    await app.launch()
    await app.send(.searchTextChanged("La")) {
      $0.list?.searchText = "La"
    }
  }

  @Test("A change the closure does not spell fails, named by its path")
  func exhaustiveFails() async throws {
    await app.launch()
    let messages = await failures {
      await app.send(.searchTextChanged("La")) { _ in }
    }
    let message = try #require(messages.first)
    #expect(message.contains(#"send(.searchTextChanged("La")) at "#))
    #expect(message.contains("in 1 field (− expected, + actual):"))
    #expect(message.contains(#"  root.list.searchText: − """#))
    #expect(message.contains(#"+ "La""#))
  }

  @Test("A spelled change that did not happen fails too")
  func exhaustiveMissingChange() async throws {
    await app.launch()
    let messages = await failures {
      await app.advance(by: .milliseconds(10)) { $0.list?.isRefreshing = true }
    }
    #expect(try #require(messages.first).contains("root.list.isRefreshing: − true"))
  }

  @Test("Without exhaustivity only the spelled fields are checked")
  func nonExhaustive() async throws {
    await app.launch()
    await app.send(.searchTextChanged("Lasagne"))
    await app.advance(by: .milliseconds(400), exhaustivity: .off) {
      $0.list?.searchText = "Lasagne"
    }
    await app.send(.searchTextChanged("Pie"), exhaustivity: .off) {
      $0.list?.searchText = "Pie"
    }
    let messages = await failures {
      await app.send(.searchTextChanged("Cake"), exhaustivity: .off) {
        $0.list?.searchText = "Kuchen"
      }
    }
    #expect(messages.count == 1)
    #expect(try #require(messages.first).contains(#"root.list.searchText: − "Kuchen""#))
  }
}
