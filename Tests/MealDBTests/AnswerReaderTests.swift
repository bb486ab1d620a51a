import ByteMutations
import Foundation
import MealDB
import Testing

/// `AnswerReader` reads TheMealDB's answers without `JSONDecoder`: what it reads, `JSONDecoder`
/// reads to the same value; what it does not, `MealAPI` leaves to `JSONDecoder`, errors included.
@Suite struct AnswerReaderTests {
  static let categoriesJSON = #"""
    {"categories":[{"idCategory":"1","strCategory":"Beef",
    "strCategoryThumb":"https:\/\/www.themealdb.com\/images\/category\/beef.png",
    "strCategoryDescription":"Beef is the culinary name for meat from cattle.\r\n\r\nIt is \u201cred\u201d."},
    {"idCategory":"3","strCategory":" Dessert ","strCategoryThumb":null,"strCategoryDescription":""}]}
    """#

  static let filterJSON = #"""
    {"meals":[{"strMeal":"Apam balik","strMealThumb":"https:\/\/x\/a.jpg","idMeal":"53049"},
    {"strMeal":"K\u00e4sesp\u00e4tzle \ud83e\uddc0","strMealThumb":null,"idMeal":"1"},
    {"strMeal":"  Crème   brûlée ","idMeal":"2"}]}
    """#

  /// The answers the app gets from TheMealDB and the catalog, read here and not by `JSONDecoder`.
  static let typical = [
    categoriesJSON, filterJSON, fullRecordJSON, #"{"meals":null}"#, #"{"meals":"Invalid ID"}"#,
    #"{"categories":null}"#, "{}", " {\n\t\"meals\" : [ ] }\r\n",
    // A field nobody reads, twice: JSONDecoder does not mind either.
    #"{"meals":[{"idMeal":"1","strMeal":"A","dateModified":null,"dateModified":"x"}]}"#,
  ]

  @Test("The answers TheMealDB gives are read, to what JSONDecoder reads", arguments: typical)
  func typicalAnswers(json: String) throws {
    let body = Data(json.utf8)
    #expect(AnswerReaderCheck.isRead(body))
    #expect(AnswerReaderCheck.disagreement(body) == nil)
  }

  @Test("A read answer has the tidied fields that decoding gives")
  func tidiedFields() throws {
    let meals = try #require(AnswerReader.meals(Data(Self.filterJSON.utf8))).items
    #expect(meals.map(\.name) == ["Apam balik", "Käsespätzle 🧀", "Crème   brûlée"])
    #expect(meals.map(\.thumbnail) == ["https://x/a.jpg", nil, nil])
    let categories = try #require(AnswerReader.categories(Data(Self.categoriesJSON.utf8)))
    #expect(categories.categories.map(\.name) == ["Beef", "Dessert"])
    #expect(categories.categories[1].description == nil)
    #expect(AnswerReader.meals(Data(#"{"meals":"Invalid ID"}"#.utf8))?.notice == "Invalid ID")
  }

  /// Bodies outside what the reader reads: it leaves each to `JSONDecoder`, which reads some
  /// and throws for others.
  static let leftToJSONDecoder = [
    #"{"meals":[{"idMeal":52772,"strMeal":"Teriyaki"}]}"#,  // a number
    #"{"meals":[{"idMeal":"1","strMeal":"A","strMealThumb":true}]}"#,  // a Bool
    #"{"meals":[{"idMeal":"1","strMeal":"A","str\u004deal":"B"}]}"#,  // the same key, escaped
    #"{"meals":[{"idMeal":"1","strMeal":"A","strMéal":"B"}]}"#,  // a key beyond ASCII
    "\u{FEFF}{\"meals\":null}",  // a byte order mark
    #"{"meals":[{"idMeal":"1","strMeal":"\ud800"}]}"#,  // half a surrogate pair
    #"{"meals":[{"idMeal":"1","strMeal":"\udc00\ud800"}]}"#,  // the halves reversed
    #"{"meals":[{"idMeal":"1","strMeal":"\x"}]}"#,  // no such escape
    "{\"meals\":[{\"idMeal\":\"1\",\"strMeal\":\"tab\there\"}]}",  // a raw control character
    #"{"meals":null} {}"#,  // text after the answer
    #"{"meals":null"#,  // cut short
    #"[{"meals":null}]"#,  // not an object
    #"{"meals":[null]}"#,  // a null record
    #"{"meals":{"idMeal":"1"}}"#,  // an object for a list
    #"{"meals":[{"strMeal":"No id"}]}"#,  // a missing field
    String(repeating: #"{"a":["#, count: 20) + "null" + String(repeating: "]}", count: 20),
  ]

  @Test(
    "Of a key given twice the last counts, as in the catalog",
    arguments: [
      (#"{"meals":[{"idMeal":"1","strMeal":"A","strMeal":"B","n":1.5,"b":true}]}"#, "B"),
      (#"{"meals":[{"idMeal":"1","idMeal":"2","strMeal":"B"}]}"#, "B"),
      (#"{"meals":null,"meals":[{"idMeal":"1","strMeal":"B"}]}"#, "B"),
      (#"{"meals":[{"idMeal":"1","strMeal":"A"}],"meals":"Invalid ID"}"#, nil),
    ])
  func lastKeyCounts(json: String, name: String?) async throws {
    let body = Data(json.utf8)
    let api = MealAPI(transport: StubTransport(body: json))
    #expect(try await api.meals(in: "Beef").first?.name == name)
    #expect(AnswerReader.details(body)?.items.first?.name == name)
    #expect(AnswerReaderCheck.disagreement(body) == nil)
  }

  @Test("Anything else is left to JSONDecoder", arguments: leftToJSONDecoder)
  func leftAlone(json: String) throws {
    let body = Data(json.utf8)
    // Each is a list answer; some are a fine categories answer (without categories).
    #expect(AnswerReader.meals(body) == nil)
    #expect(AnswerReader.details(body) == nil)
    #expect(AnswerReaderCheck.disagreement(body) == nil)
  }

  @Test("Bytes that are not UTF-8 are left to JSONDecoder")
  func invalidUTF8() throws {
    var body = Data(#"{"meals":[{"idMeal":"1","strMeal":"K"#.utf8)
    body.append(contentsOf: [0xE4, 0x73])  // Latin-1 "äs"
    body.append(contentsOf: Data(#"e"}]}"#.utf8))
    #expect(!AnswerReaderCheck.isRead(body))
    #expect(AnswerReaderCheck.disagreement(body) == nil)
  }

  @Test("MealAPI decodes what the reader leaves with JSONDecoder, and throws its errors")
  func fallback() async throws {
    let numbers = MealAPI(
      transport: StubTransport(body: #"{"meals":[{"idMeal":"7","strMeal":"A","n":1.5e3}]}"#))
    #expect(try await numbers.meals(in: "Beef") == [Meal(id: "7", name: "A")])
    let broken = MealAPI(transport: StubTransport(body: #"{"meals":[{"idMeal":7}]}"#))
    await #expect(throws: DecodingError.self) { try await broken.meals(in: "Beef") }
  }

  /// Every answer above with one byte changed, dropped or doubled, at each position: what the
  /// reader reads of them must be what `JSONDecoder` reads.
  @Test("Changed bytes never make the reader disagree with JSONDecoder")
  func mutations() throws {
    let replacements = Array(#""\{}[],:n0 u/"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
    let sweep = ByteMutations.sweep(
      Self.typical + Self.leftToJSONDecoder, replacements: replacements,
      isRead: AnswerReaderCheck.isRead, problem: AnswerReaderCheck.disagreement)
    if let failure = sweep.failure {
      Issue.record("\(failure.problem)\nbody: \(failure.text)")
    }
    // The sweep reaches the reader, not only JSONDecoder.
    #expect(sweep.read > sweep.tried / 10, "read \(sweep.read) of \(sweep.tried)")
  }
}
