import Foundation
import Testing

@testable import MealCatalog

/// The catalog's case-insensitive comparison, which sorts `filter.php` and matches categories,
/// orders names exactly as Foundation's `caseInsensitiveCompare` does.
@Suite struct CaseInsensitiveOrderTests {
  @Test(
    "Names compare ignoring case exactly as caseInsensitiveCompare does",
    arguments: [
      ("Apple Tart", "apple tart"), ("apple", "Apple Frangipan Tart"), ("Beef", "beef stew"),
      ("_Underscore", "apple"), ("[Bracket]", "Zebra"), ("a`b", "A^B"), ("~tilde", "{brace}"),
      ("Tart 10", "Tart 9"), ("", "a"), ("", ""), ("ZZ", "zz"), ("Crème brûlée", "creme brulee"),
      ("Ćevapi", "Cevapi"), ("STRASSE", "straße"), ("Apam balik", "Apam Balik"),
    ])
  func matchesFoundation(lhs: String, rhs: String) {
    #expect(Catalog.compareIgnoringCase(lhs, rhs) == lhs.caseInsensitiveCompare(rhs))
    #expect(Catalog.compareIgnoringCase(rhs, lhs) == rhs.caseInsensitiveCompare(lhs))
  }
}
