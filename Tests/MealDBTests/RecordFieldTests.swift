import Foundation
import MealDB
import Testing

/// Which fields a record needs, which it may lack, and how names, tags, instructions and links are
/// cleaned up.
@Suite struct RecordFieldTests {
  @Test("A record with only idMeal and strMeal decodes as a meal")
  func minimalMeal() throws {
    let meal = try #require(
      decode(MealsResponse<Meal>.self, mealsAnswer(minimalRecord)).items.first)
    #expect(meal == Meal(id: "52771", name: "Spicy Arrabiata Penne", thumbnail: nil))
  }

  @Test("A record with only idMeal and strMeal decodes as a detail with everything else empty")
  func minimalDetail() throws {
    #expect(try detail(minimalRecord) == MealDetail(id: "52771", name: "Spicy Arrabiata Penne"))
  }

  @Test(
    "A record without strMeal or idMeal is a decoding error",
    arguments: ["strMeal", "idMeal"])
  func requiredField(missing key: String) throws {
    var fields = minimalRecord
    fields[key] = .none
    let json = try mealsAnswer(fields)
    #expect(throws: DecodingError.self) { try decode(MealsResponse<Meal>.self, json) }
    #expect(throws: DecodingError.self) { try decode(MealsResponse<MealDetail>.self, json) }
  }

  @Test("A record whose strMeal is null is a decoding error")
  func nullName() throws {
    let json = try mealsAnswer(["idMeal": "1", "strMeal": nil])
    #expect(throws: DecodingError.self) { try decode(MealsResponse<MealDetail>.self, json) }
  }

  @Test(
    "Unknown and newer keys are ignored",
    arguments: ["strMealAlternate", "strCountry", "strDrinkAlternate", "strFlavourOfTheMonth"])
  func unknownKeys(key: String) throws {
    var fields = minimalRecord
    fields[key] = "whatever"
    #expect(try detail(fields) == MealDetail(id: "52771", name: "Spicy Arrabiata Penne"))
  }

  @Test(
    "A meal's name is trimmed exactly as Foundation trims white space and line breaks",
    arguments: [
      "\u{3000}寿司\u{2028}", "\u{A0}Käsespätzle\u{85}", "\u{200B}Borщ\u{200B}",
      "\u{FEFF}Tea\u{FEFF}", "\r\nCrème\u{301} brûlée\t", "Naleśniki", "  ", "\u{2029}",
      " e\u{301}", "\u{1680}Μουσακάς\u{205F}",
    ])
  func nameTrimmedAsFoundation(name: String) throws {
    let fields: [String: String?] = ["idMeal": "1", "strMeal": name]
    let meal = try #require(decode(MealsResponse<Meal>.self, mealsAnswer(fields)).items.first)
    #expect(meal.name == name.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test("Meal, detail and category names are trimmed")
  func namesTrimmed() throws {
    let fields: [String: String?] = ["idMeal": "1", "strMeal": "  Chakchouka \n"]
    let meal = try #require(decode(MealsResponse<Meal>.self, mealsAnswer(fields)).items.first)
    let category = try #require(
      decode(
        CategoryResponse.self, #"{"categories":[{"idCategory":"1","strCategory":" Beef "}]}"#
      ).categories.first)
    #expect(meal.name == "Chakchouka")
    #expect(try detail(fields).name == "Chakchouka")
    #expect(category.name == "Beef")
  }

  @Test(
    "Tags are split on commas and trimmed, empty tags dropped",
    arguments: [
      ("Meat,Casserole", ["Meat", "Casserole"]),
      (" Meat , Casserole ,", ["Meat", "Casserole"]),
      ("Pudding,,Baking,", ["Pudding", "Baking"]),
      ("Soup", ["Soup"]),
      (",, ,", []),
      ("", []),
      (nil, []),
    ] as [(String?, [String])])
  func tags(raw: String?, expected: [String]) throws {
    var fields = minimalRecord
    fields["strTags"] = .some(raw)
    #expect(try detail(fields).tags == expected)
  }

  @Test("Instructions get `\\n` line breaks and lose trailing blanks")
  func instructionsNormalised() throws {
    var fields = minimalRecord
    fields["strInstructions"] = "Boil the pasta.  \r\nFry the garlic.\r\n\r\nServe.\r\n"
    #expect(try detail(fields).instructions == "Boil the pasta.\nFry the garlic.\n\nServe.")
  }

  @Test(
    "Instructions lose the same blanks and breaks as Foundation's trimming would take",
    arguments: [
      "\u{A0}Whisk.\u{3000}\r\n\tBake.\u{2028}",
      "\u{200B}Cut.\r\r\nServe.\u{85}",
      "\n\rMix.\u{0B}\r\n \u{0C}",
      "Caf\u{E9} \u{301}\r\ne\u{301} \r",
      "\u{2029} 180\u{B0}C\t\n\n",
    ])
  func instructionsMatchFoundation(raw: String) throws {
    let lines = raw.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let expected = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    var fields = minimalRecord
    fields["strInstructions"] = .some(raw)
    #expect(try detail(fields).instructions == expected)
  }

  @Test("Instructions are split into paragraphs, blank lines left out")
  func paragraphs() throws {
    var fields = minimalRecord
    fields["strInstructions"] = "STEP 1\r\nBoil  the pasta.\r\n\r\n\r\nSTEP 2\rServe."
    #expect(try detail(fields).paragraphs == ["STEP 1", "Boil the pasta.", "STEP 2", "Serve."])
  }

  @Test("Instructions given with `\\r\\n` to the initializer still split into paragraphs")
  func paragraphsFromInitializer() {
    let detail = MealDetail(id: "1", name: "Soup", instructions: "Cut.\r\nBoil.\r\n\r\nEat.")
    #expect(detail.paragraphs == ["Cut.", "Boil.", "Eat."])
  }

  @Test(
    "Blank instructions are no instructions",
    arguments: ["", " ", "\r\n\r\n", nil] as [String?])
  func blankInstructions(raw: String?) throws {
    var fields = minimalRecord
    fields["strInstructions"] = .some(raw)
    let detail = try detail(fields)
    #expect(detail.instructions == nil)
    #expect(detail.paragraphs.isEmpty)
  }

  @Test(
    "YouTube and source links become URLs, blank ones none",
    arguments: [
      (
        "https://www.youtube.com/watch?v=1IszT_guI08", "https://www.youtube.com/watch?v=1IszT_guI08"
      ),
      (
        " https://www.bbcgoodfood.com/recipes/lasagne ",
        "https://www.bbcgoodfood.com/recipes/lasagne"
      ),
      ("", nil),
      (" ", nil),
      (nil, nil),
    ] as [(String?, String?)])
  func links(raw: String?, expected: String?) throws {
    var fields = minimalRecord
    fields["strYoutube"] = .some(raw)
    fields["strSource"] = .some(raw)
    let detail = try detail(fields)
    #expect(detail.youtubeURL?.absoluteString == expected)
    #expect(detail.sourceURL?.absoluteString == expected)
  }

  @Test(
    "Blank thumbnail, category and area are absent",
    arguments: ["", "  ", nil] as [String?])
  func blankOptionalFields(raw: String?) throws {
    var fields = minimalRecord
    for key in ["strMealThumb", "strCategory", "strArea"] { fields[key] = .some(raw) }
    let detail = try detail(fields)
    #expect(detail.thumbnail == nil)
    #expect(detail.category == nil)
    #expect(detail.area == nil)
  }
}

@Suite struct TrimmingTests {
  static let tricky = [
    "\u{3000}寿司\u{2028}", "\u{A0}Käsespätzle\u{85}", "\u{200B}Borщ\u{200B}", "\u{FEFF}Tea\u{FEFF}",
    "\r\nCrème\u{301} brûlée\t", "Naleśniki", "  ", "\u{2029}", " e\u{301}",
    "\u{1680}Μουσακάς\u{205F}",
    "Butter ", "\tSalt\n", "", "\u{2003}Zucker\u{2003}",
  ]

  @Test("Trimming white space and line breaks trims as Foundation", arguments: tricky)
  func trimmedOfLineBreaks(text: String) {
    #expect(
      text.trimmed(.whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test("Trimming white space keeps line breaks, as Foundation", arguments: tricky)
  func trimmedOfBlanks(text: String) {
    #expect(text.trimmed(.whitespaces) == text.trimmingCharacters(in: .whitespaces))
  }

  @Test("Both sets of white space hold what Foundation's hold, scalar for scalar")
  func setsAsFoundation() {
    let scalars = (0...0x10FFFF).compactMap(Unicode.Scalar.init)
    let wrong = scalars.filter { scalar in
      WhiteSpace.whitespaces.contains(scalar) != CharacterSet.whitespaces.contains(scalar)
        || WhiteSpace.whitespacesAndNewlines.contains(scalar)
          != CharacterSet.whitespacesAndNewlines.contains(scalar)
    }
    #expect(wrong.isEmpty, "U+\(wrong.map { String($0.value, radix: 16) })")
  }
}
