import Foundation
import MealDB
import Testing

/// The custom decoder that turns `strIngredient1…20` and `strMeasure1…20` into an ordered list.
@Suite struct IngredientDecodingTests {
  /// A minimal record with these ingredient and measure slots.
  private func ingredients(_ slots: [Int: (name: String?, measure: String?)]) throws
    -> [Ingredient]
  {
    var fields = minimalRecord
    for (slot, value) in slots {
      fields["strIngredient\(slot)"] = .some(value.name)
      fields["strMeasure\(slot)"] = .some(value.measure)
    }
    return try detail(fields).ingredients
  }

  @Test("Empty and null slots, mixed within one record, are skipped")
  func emptyAndNullSlots() throws {
    let list = try ingredients([
      1: ("Penne", "1 pound"), 2: ("", ""), 3: (nil, nil), 4: ("Olive oil", "1/4 cup"),
      5: ("", nil), 6: (nil, ""),
    ])
    #expect(list.map(\.name) == ["Penne", "Olive oil"])
  }

  @Test(
    "A slot whose name is only white space is skipped, whatever its measure",
    arguments: [" ", "  ", "\t", "\n", "\u{00A0}"])
  func whiteSpaceName(name: String) throws {
    let list = try ingredients([1: (name, "1 tsp"), 2: ("Salt", "pinch")])
    #expect(list.map(\.name) == ["Salt"])
  }

  @Test(
    "Names are trimmed and inner runs of spaces folded",
    arguments: [
      ("Garlic ", "Garlic"), ("  Red  Chile  Flakes ", "Red Chile Flakes"),
      ("Olive\tOil", "Olive Oil"), ("Basil", "Basil"),
    ])
  func namesFolded(raw: String, expected: String) throws {
    #expect(try ingredients([1: (raw, "1")]).first?.name == expected)
  }

  @Test(
    "Measures are trimmed and inner runs of spaces folded",
    arguments: [
      ("3  tablespoons", "3 tablespoons"), ("1 tin ", "1 tin"), ("100g ", "100g"),
      ("  1/2   tsp  ", "1/2 tsp"), ("to taste", "to taste"),
    ])
  func measuresFolded(raw: String, expected: String) throws {
    #expect(try ingredients([1: ("Salt", raw)]).first?.measure == expected)
  }

  @Test(
    "A blank measure is no measure",
    arguments: [" ", "", "   ", nil] as [String?])
  func blankMeasure(raw: String?) throws {
    let ingredient = try #require(try ingredients([1: ("Salt", raw)]).first)
    #expect(ingredient.name == "Salt")
    #expect(ingredient.measure == nil)
  }

  @Test("A measure slot that is missing altogether is no measure")
  func missingMeasure() throws {
    var fields = minimalRecord
    fields["strIngredient1"] = "Salt"
    #expect(try detail(fields).ingredients == [Ingredient(id: 1, name: "Salt", measure: nil)])
  }

  @Test("The same ingredient twice stays twice, each with its own id")
  func duplicatesKept() throws {
    let list = try ingredients([
      1: ("Butter", "50g"), 2: ("Flour", "100g"), 3: ("Butter", "25g"),
    ])
    #expect(list.map(\.name) == ["Butter", "Flour", "Butter"])
    #expect(list.map(\.measure) == ["50g", "100g", "25g"])
    #expect(Set(list.map(\.id)).count == 3)
  }

  @Test("Ingredients keep the order of their slots, gaps closed")
  func orderKept() throws {
    let list = try ingredients([
      7: ("Eggs", "2"), 2: ("Sugar", "100g"), 12: ("Milk", "200ml"), 5: ("", ""),
    ])
    #expect(list.map(\.name) == ["Sugar", "Eggs", "Milk"])
  }

  @Test("Slot 20, the last one, is read")
  func lastSlot() throws {
    var slots: [Int: (name: String?, measure: String?)] = [:]
    for slot in 1...20 { slots[slot] = ("Ingredient \(slot)", "\(slot) g") }
    let list = try ingredients(slots)
    #expect(list.count == 20)
    #expect(list.last?.name == "Ingredient 20")
    #expect(list.last?.measure == "20 g")
  }

  @Test("A record without any ingredient slots has no ingredients")
  func noSlots() throws {
    #expect(try detail(minimalRecord).ingredients.isEmpty)
  }
}
