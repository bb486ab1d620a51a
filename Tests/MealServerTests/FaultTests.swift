import Foundation
import MealDB
import MealServer
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Faults reach the real client as the errors the lesson's messages are made for.
@Suite struct FaultTests {
  /// The failure the user is shown for what a request fails with.
  private func message(_ body: () async throws -> Void) async -> LoadFailure? {
    do {
      try await body()
      return nil
    } catch {
      return LoadFailure(error)
    }
  }

  @Test("HTTP 500 shows the server problem message")
  func serverError() async throws {
    let server = try TestServer(faults: Faults(status: .init(500)))
    let text = await message { _ = try await server.api().categories() }
    #expect(text == LoadFailure.badStatus(500))
  }

  @Test("Broken data shows the reading message")
  func brokenData() async throws {
    let server = try TestServer(faults: Faults(brokenData: .init(true)))
    let text = await message { _ = try await server.api().categories() }
    #expect(text == .unreadable)
  }

  @Test("A fault for one endpoint leaves the others alone")
  func scopedFault() async throws {
    let server = try TestServer(faults: Faults(status: .init(503, for: "search.php")))
    let api = server.api()
    #expect(try await api.categories().count == 3)
    await #expect(throws: LoadFailure.badStatus(503)) { try await api.search("a") }
  }

  @Test("An answer later than the client's timeout shows the timeout message")
  func delay() async throws {
    let server = try TestServer(faults: Faults(delay: .init(.seconds(2))))
    let text = await message { _ = try await server.api(timeout: 0.3).categories() }
    #expect(text == .timeout)
  }

  @Test("A closed port shows the unreachable message")
  func closedPort() async throws {
    let server = try TestServer()
    let api = server.api()
    await server.server.stop()
    let text = await message { _ = try await api.categories() }
    #expect(text == .connection)
  }

  @Test("Changed faults apply to the next request")
  func changingFaults() async throws {
    let server = try TestServer(faults: Faults(status: .init(500)))
    let api = server.api()
    await #expect(throws: LoadFailure.badStatus(500)) { try await api.categories() }
    server.server.faults = .none
    #expect(try await api.categories().count == 3)
  }
}
