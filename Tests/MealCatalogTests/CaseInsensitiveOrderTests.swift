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

  @Test(
    "Two names are the same ignoring case exactly when caseInsensitiveCompare says so",
    arguments: [
      ("Beef", "beef"), ("Beef", "Beefs"), ("Beef", "Goat"), ("", ""), ("", "a"),
      ("Pasta", "PASTA"),
      ("straße", "STRASSE"), ("Strasse", "straße"), ("é", "e\u{301}"), ("Cafe", "Café"),
      ("Café", "Cafe\u{301}"), ("a", "a\u{301}"), ("[", "{"), ("@", "`"), ("Side", "Side\u{0}"),
      ("ǅ", "ǆ"), ("K", "\u{212A}"), ("Miscellaneous", "miscellaneous"),
    ])
  func sameAsFoundation(lhs: String, rhs: String) {
    #expect(Catalog.same(lhs, rhs) == (lhs.caseInsensitiveCompare(rhs) == .orderedSame))
    #expect(Catalog.same(rhs, lhs) == (rhs.caseInsensitiveCompare(lhs) == .orderedSame))
  }
}
