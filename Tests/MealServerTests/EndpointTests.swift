import Foundation
import MealCatalog
import MealDB
import Testing

@testable import MealServer

/// The real `URLSession` client against the server: every endpoint answers like the catalog.
@Suite struct EndpointTests {
  @Test("categories.php lists the catalog's categories in order")
  func categories() async throws {
    let server = try TestServer()
    let categories = try await server.api().categories()
    #expect(categories.map(\.name) == ["Beef", "Dessert", "Pasta"])
    #expect(categories[1].description == "Sweet things.")
  }

  @Test("filter.php lists a category's meals sorted by name")
  func filter() async throws {
    let server = try TestServer()
    let meals = try await server.api().meals(in: "Dessert")
    #expect(meals.map(\.name) == ["Apam balik", "Apple & Blackberry Crumble"])
  }

  @Test("search.php finds meals by a part of the name, ignoring case")
  func search() async throws {
    let server = try TestServer()
    let meals = try await server.api().search("spätz")
    #expect(meals.map(\.id) == ["52999"])
  }

  @Test("lookup.php returns the full record")
  func lookup() async throws {
    let server = try TestServer()
    let detail = try #require(try await server.api().detail(id: "52844"))
    #expect(detail.name == "Lasagne")
    #expect(detail.instructions == "Cook Lasagne.\nServe.")
    #expect(detail.ingredients == [Ingredient(id: 1, name: "Butter", measure: "100g")])
  }

  @Test("lookup.php answers no meal for an invalid or unknown id", arguments: ["abc", "99999"])
  func lookupMissing(id: String) async throws {
    let server = try TestServer()
    #expect(try await server.api().detail(id: id) == nil)
  }

  @Test("random.php returns one of the catalog's meals")
  func random() async throws {
    let server = try TestServer()
    let meal = try #require(try await server.api().random())
    #expect(try TestCatalog.make().record(id: meal.id) != nil)
  }

  @Test("list.php?c=list lists the category names")
  func list() async throws {
    struct Row: Decodable, Sendable { let strCategory: String }
    let server = try TestServer()
    let response: MealsResponse<Row> = try await server.api().fetch(
      "list.php", query: [URLQueryItem(name: "c", value: "list")])
    #expect(response.items.map(\.strCategory) == ["Beef", "Dessert", "Pasta"])
  }

  @Test("An unknown endpoint is HTTP 404")
  func unknownEndpoint() async throws {
    let server = try TestServer()
    await #expect(throws: LoadFailure.badStatus(404)) {
      let _: MealsResponse<Meal> = try await server.api().fetch("nothing.php")
    }
  }

  @Test(
    "The server reads exactly the text the client typed",
    arguments: [
      "Mac & Cheese", "#1", "1+1", "100%", "a=b", "why?", "and/or", "🍝 Pasta", "Käsespätzle",
      "%2B", "  spaced  ",
    ])
  func percentEncodingRoundTrip(text: String) async throws {
    let server = try TestServer()
    _ = try await server.api().search(text)
    let request = try #require(server.log.last?.request)
    #expect(request.path == "search.php")
    #expect(request.query == [URLQueryItem(name: "s", value: text)])
  }

  @Test("100 concurrent requests are all answered correctly")
  func concurrentRequests() async throws {
    let server = try TestServer()
    let api = server.api()
    let ids = ["52770", "52893", "53049", "52844", "52999"]
    let names = try await withThrowingTaskGroup(of: (String, String?).self) { group in
      for index in 0..<100 {
        let id = ids[index % ids.count]
        group.addTask { (id, try await api.detail(id: id)?.id) }
      }
      var answers: [(String, String?)] = []
      for try await answer in group { answers.append(answer) }
      return answers
    }
    #expect(names.count == 100)
    #expect(names.allSatisfy { $0.0 == $0.1 })
  }

  @Test("Answers are JSON in UTF-8 with their length")
  func headers() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    client.send("GET /api/json/v1/1/categories.php HTTP/1.1\r\nHost: localhost\r\n\r\n")
    let response = try #require(client.readResponse())
    #expect(response.head.httpStatus == 200)
    #expect(response.head.contains("\r\nContent-Type: application/json; charset=utf-8"))
    #expect(response.body.hasPrefix(#"{"categories":[{"idCategory":"1""#))
  }

  @Test("HEAD sends the headers of GET without the body")
  func head() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    client.send(
      "HEAD /api/json/v1/1/categories.php HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    let text = client.readToEnd()
    #expect(text.httpStatus == 200)
    #expect(text.hasSuffix("\r\n\r\n"))
    #expect(!text.contains("Content-Length: 0"))
  }

  @Test("A keep-alive connection answers several requests in turn")
  func keepAlive() throws {
    let server = try TestServer()
    let client = try RawClient(port: server.port)
    for id in ["52770", "52844"] {
      client.send("GET /api/json/v1/1/lookup.php?i=\(id) HTTP/1.1\r\nHost: localhost\r\n\r\n")
      let response = try #require(client.readResponse())
      #expect(response.body.contains(#""idMeal":"\#(id)""#))
    }
  }

  @Test("lookup.php answers each number of a record with the catalog's own text")
  func numbers() throws {
    let meals =
      #"{"meals":[{"idMeal":"7","strMeal":"Tea","a":9007199254740993,"#
      + #""b":12345678901234567890,"c":-0}]}"#
    let catalog = try Catalog(
      categoriesData: Data(#"{"categories":[{"idCategory":"1","strCategory":"Beef"}]}"#.utf8),
      categoriesPath: "categories.json", mealsData: Data(meals.utf8), mealsPath: "meals.json")
    let server = try TestServer(catalog: catalog)
    let client = try RawClient(port: server.port)
    client.send("GET /api/json/v1/1/lookup.php?i=7 HTTP/1.1\r\nHost: localhost\r\n\r\n")
    let response = try #require(client.readResponse())
    #expect(response.body == meals)
  }
}
