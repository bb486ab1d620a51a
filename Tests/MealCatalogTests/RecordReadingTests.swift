import Foundation
import JSONBytes
import MealDB
import Testing

@testable import MealCatalog

/// Reading `meals.json` straight into records gives what the long way round gives: decoding each
/// record into a tree of `JSONValue`s with `JSONDecoder`, then `Record(fields:)`; numbers keep
/// the file's spelling, so the tricky records spell theirs as `JSONWriter` writes them.
@Suite struct RecordReadingTests {
  /// The records of a `{"meals": [...]}` text, the long way round.
  private func decoded(_ meals: String) throws -> [Catalog.Record] {
    let file = try JSONDecoder().decode([String: [JSONValue]].self, from: Data(meals.utf8))
    return try #require(file["meals"]).map { try Catalog.Record(fields: #require($0.object)) }
  }

  /// The records as the catalog reads them.
  private func read(_ meals: String) throws -> [Catalog.Record] {
    try Catalog.readMeals(Data(meals.utf8))
  }

  /// Both ways agree on every record, field by field and byte by byte, with the answers' bytes
  /// shown as text when they do not.
  private func expectSame(_ meals: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let read = try read(meals)
    let decoded = try decoded(meals)
    #expect(read.count == decoded.count, sourceLocation: sourceLocation)
    for (record, expected) in zip(read, decoded) {
      #expect(
        String(decoding: record.jsonData, as: UTF8.self)
          == String(decoding: expected.jsonData, as: UTF8.self), sourceLocation: sourceLocation)
      #expect(
        String(decoding: record.summaryJSON, as: UTF8.self)
          == String(decoding: expected.summaryJSON, as: UTF8.self), sourceLocation: sourceLocation)
      #expect(record == expected, sourceLocation: sourceLocation)
    }
  }

  @Test(
    "Tricky records read as the long way round reads them",
    arguments: [
      // Escapes of every kind, `\/`, a surrogate pair, text beyond ASCII as bytes and escaped.
      #"{"idMeal":"1","strMeal":"A \"quoted\" \\ back\/slash\n\t\r\b\f","strMealThumb":"http:\/\/x\/y.jpg"}"#,
      #"{"idMeal":"2","strMeal":"Cr\u00e8me br\u00FBl\u00e9e \ud83c\udf70","strArea":"Fran\u00e7ais"}"#,
      #"{"idMeal":"3","strMeal":"Crème brûlée 🍰 日本 ελληνικά","strIngredient1":"Gruyère","strIngredient2":"  tomato purée\u00a0"}"#,
      // Unknown keys, before, between and after the known ones, and beyond ASCII.
      #"{"zeta":1,"idMeal":"4","alpha":[1,2.5,-300,{"b":true,"a":null}],"strMeal":"Tea","Ä":"x","strMeasure1":null}"#,
      // Keys out of order and with escapes.
      #"{"strMeal":"First","idMeal":"5","str\u0043ategory":"Side","strArea":"X"}"#,
      #"{"strIngredient3":"C","strIngredient1":"A","idMeal":"6","strMeal":"Abc","strIngredient2":"B"}"#,
      // White space everywhere.
      "{ \"idMeal\" :\t\"7\" ,\n\"strMeal\"\r\n:  \" Tea \\t\" , \"strTags\" : null , \"strIngredient1\":\" \\tSalt \" }",
      // Numbers, booleans and nested values where the app reads no text.
      #"{"idMeal":"8","strMeal":"Pie","strCreativeCommonsConfirmed":true,"dateModified":1500,"strImageSource":[null,false,{}]}"#,
      // Ingredient slots empty, blank, null and used out of order.
      #"{"idMeal":"9","strMeal":"Soup","strIngredient4":"","strIngredient2":"   ","strIngredient5":null,"strIngredient20":"Leek","strIngredient10":"Salt"}"#,
      // An empty name, no thumbnail and an empty object's worth of other keys.
      #"{"idMeal":"10","strMeal":"","x":{}}"#,
    ])
  func trickyRecord(record: String) throws {
    try expectSame(#"{"meals":["# + record + "]}")
  }

  @Test(
    "A record written as its answer up to any place, and otherwise from there on, reads as the long way round"
  )
  func copiedUpToAnyPlace() throws {
    let record = #"""
      {"idMeal":"5","strMeal":"Cr\u00e8me \ud83c\udf70","strCategory":"Side","strArea":"X",\#
      "strInstructions":"a\r\nb","strMealThumb":"http:\/\/x\/y.jpg","strIngredient1":"Salt",\#
      "strMeasure1":null,"zeta":"z"}
      """#
    let bytes = Array(record.utf8)
    var variants: [[UInt8]] = []
    // A space between any two tokens (outside strings and literals, where JSON allows white
    // space).
    var inString = false
    for place in bytes.indices.dropFirst() {
      let byte = bytes[place - 1]
      if byte == UInt8(ascii: "\""), bytes[place - 2] != UInt8(ascii: "\\") { inString.toggle() }
      let isLetter = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
      guard !inString, !(isLetter(byte) && isLetter(bytes[place])) else { continue }
      var spaced = bytes
      spaced.insert(UInt8(ascii: " "), at: place)
      variants.append(spaced)
    }
    // Each escape spelled another way.
    for (escape, other) in [(#"\u00e8"#, #"\u00E8"#), (#"\/"#, "/"), (#"\r"#, #"\u000D"#)] {
      variants.append(Array(record.replacingOccurrences(of: escape, with: other).utf8))
    }
    // Each variant is JSON and is compared: none is left out.
    #expect(variants.count > 30)
    for variant in variants {
      try expectSame(#"{"meals":["# + String(decoding: variant, as: UTF8.self) + "]}")
    }
  }

  @Test("A key given twice keeps its last value, however it is spelled")
  func repeatedKeys() throws {
    // `JSONDecoder` keeps the first of twins, so this is checked against the catalog's rule.
    let records = try read(
      #"{"meals":[{"strMeal":"First","idMeal":"5","strMeal":"Second","str\u0043ategory":"Side","strCategory":"Beef","x":1,"x":2},"#
        + #"{"strIngredient3":"C","strIngredient1":"A","idMeal":"6","strMeal":"Abc","strIngredient2":"B","strIngredient1":"AA"}]}"#
    )
    try #require(records.count == 2)
    #expect(
      String(decoding: records[0].jsonData, as: UTF8.self)
        == #"{"idMeal":"5","strMeal":"Second","strCategory":"Beef","x":2}"#)
    #expect(
      String(decoding: records[0].summaryJSON, as: UTF8.self)
        == #"{"idMeal":"5","strMeal":"Second","strMealThumb":null}"#)
    #expect((records[0].name, records[0].category) == ("Second", "Beef"))
    #expect(records[0].sortKey == Array("second".utf8))
    #expect(
      String(decoding: records[1].jsonData, as: UTF8.self)
        == #"{"idMeal":"6","strMeal":"Abc","strIngredient1":"AA","strIngredient2":"B","strIngredient3":"C"}"#
    )
    #expect(records[1].ingredients == ["AA", "B", "C"])
  }

  @Test(
    "Records whose key order changes from record to record read as the long way round reads them")
  func changingOrder() throws {
    let records = [
      #"{"idMeal":"1","strMeal":"A","strCategory":"Side","strArea":"X","strMealThumb":"t"}"#,
      #"{"idMeal":"2","strMeal":"B","strCategory":"Side","strArea":"X","strMealThumb":"t"}"#,
      #"{"idMeal":"3","strMeal":"C","strArea":"X","strCategory":"Side","strMealThumb":"t"}"#,
      #"{"idMeal":"4","strMeal":"D","strMealThumb":"t","strArea":"X","strCategory":"Side"}"#,
      #"{"strMealThumb":"t","idMeal":"5","strMeal":"E","strMealX":"y","strArea":"X"}"#,
      #"{"idMeal":"6","strMeal":"F","strCategory":"Side","strArea":"X","strMealThumb":"t"}"#,
    ]
    try expectSame(#"{"meals":["# + records.joined(separator: ",") + "]}")
  }

  @Test(
    "A special byte anywhere in a text is found, wherever it falls")
  func specialBytesAtEveryOffset() throws {
    // Each special byte at every offset of a text of 24 plain bytes.
    let specials = [
      #"\""#, #"\\"#, #"\/"#, "/", #"\n"#, #"\u0041"#, "é", "€", "🍰", "\u{7F}", "~", " ",
    ]
    var records: [String] = []
    for (number, special) in specials.enumerated() {
      for offset in 0..<24 {
        var text = String(repeating: "abcdefgh", count: 3)
        text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: offset))
        let id = number * 100 + offset + 1
        records.append(#"{"idMeal":"\#(id)","strMeal":"\#(text)","strIngredient1":"\#(text)"}"#)
      }
    }
    try expectSame(#"{"meals":["# + records.joined(separator: ",") + "]}")
  }

  @Test("A control character in a text is reported at its own byte, wherever it falls")
  func controlCharacterOffset() throws {
    for offset in 0..<20 {
      let prefix = #"{"meals":[{"idMeal":"1","strMeal":""#
      let text = String(repeating: "x", count: offset) + "\u{01}" + "yyyyyyyyyyyyyyyy"
      let error = try #require(throws: CatalogError.Reason.self) {
        try read(prefix + text + #""}]}"#)
      }
      let byte = prefix.utf8.count + offset + 1
      #expect(error == .notJSON("unescaped control character in a string at byte \(byte)"))
    }
  }

  @Test("Invalid UTF-8 in a text is reported at the byte that starts no character")
  func invalidUTF8Offset() throws {
    for offset in 0..<20 {
      var bytes = Array(#"{"meals":[{"idMeal":"1","strMeal":""#.utf8)
      let start = bytes.count
      bytes += Array(repeating: UInt8(ascii: "x"), count: offset) + [0xC3, 0x28]
      bytes += Array("yyyyyyyyyyyy\"}]}".utf8)
      let error = try #require(throws: CatalogError.Reason.self) {
        try Catalog.readMeals(Data(bytes))
      }
      #expect(error == .invalidUTF8(offset: start + offset))
    }
  }

  @Test("An unknown key spelled like a known one but longer or shorter stays unknown")
  func nearlyKnownKeys() throws {
    try expectSame(
      #"{"meals":[{"idMeal":"1","strMeal":"A","strMea":"x","strMeall":"y","strIngredient21":"z","strIngredient0":"w"}]}"#
    )
  }
}

@Suite struct RecordNumberTests {
  @Test(
    "A number keeps the file's spelling in the record's answer, wherever it is",
    arguments: ["9007199254740993", "12345678901234567890", "-0", "1.50", "1e2", "-3E-2"])
  func numberText(number: String) throws {
    let meals =
      #"{"meals":[{"idMeal":"1","strMeal":"Tea","n":"# + number
      + #","list":[{"m": "# + number + "}]}]}"
    let record = try #require(try Catalog.readMeals(Data(meals.utf8)).first)
    #expect(
      String(decoding: record.jsonData, as: UTF8.self)
        == #"{"idMeal":"1","strMeal":"Tea","list":[{"m":"# + number + #"}],"n":"# + number + "}")
  }
}

@Suite struct SortKeyTests {
  /// Foundation's sort key: case-folded and decomposed.
  private static func foundationKey(_ text: String) -> [UInt8] {
    Array(
      text.folding(options: .caseInsensitive, locale: nil).decomposedStringWithCanonicalMapping
        .utf8)
  }

  @Test(
    "A name's sort key is Foundation's, lowered without it for ASCII",
    arguments: [
      "Polskie Naleśniki (Polish Pancakes)", "Crème brûlée", "STRASSE straße", "e\u{301}clair",
      "Ångström", "Ελληνική σαλάτα", "Борщ", "寿司", "ﬁnancier", "İstanbul", "ſ", "Apple Tart",
      "ZEBRA [1] ~x", "",
    ])
  func sortKey(name: String) {
    #expect(Catalog.Record.sortKey(name) == Self.foundationKey(name))
  }
}
