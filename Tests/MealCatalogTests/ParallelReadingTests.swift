import Foundation
import Testing

@testable import MealCatalog

/// A meals file read in stretches at once (`Catalog.load(directory:)` on a large file) gives the
/// records and the first error that one reader gives, wherever the stretches start: between two
/// records, inside a string, inside a record, before or after the list.
@Suite struct ParallelReadingTests {
  /// Records with escapes, text beyond ASCII, keys out of order, unknown keys and white space;
  /// one of them holds `},{` inside a string, which looks like a place between two records.
  static let records = [
    #"{"idMeal":"1","strMeal":"A \"quoted\" \\ back\/slash\n","strMealThumb":"http:\/\/x\/y.jpg"}"#,
    #"{"idMeal":"2","strMeal":"Cr\u00e8me br\u00FBl\u00e9e \ud83c\udf70","strArea":"Fran\u00e7ais"}"#,
    #"{"idMeal":"3","strMeal":"Crème brûlée 🍰","strInstructions":"Mix },{ then },{\"a\":1} bake"}"#,
    #"{"zeta":1,"idMeal":"4","alpha":[1,{"b":true}],"strMeal":"Tea","strMeasure1":null}"#,
    #"{"strMeal":"First","idMeal":"5","str\u0043ategory":"Side","strArea":"X"}"#,
    "{ \"idMeal\" :\t\"6\" ,\n\"strMeal\"\r\n:  \" Tea \\t\" , \"strIngredient1\":\" Salt \" }",
    #"{"idMeal":"7","strMeal":"Soup","strIngredient4":"","strIngredient20":"Leek"}"#,
  ]

  /// The file in one line, and pretty-printed with white space between the records.
  static let files = [
    #"{"meals":["# + records.joined(separator: ",") + "]}",
    "{\n  \"before\": [1, 2],\n  \"meals\": [\n    " + records.joined(separator: " ,\n    ")
      + "\n  ],\n  \"after\": {\"x\": \"},{\"}\n}\n",
  ]

  private func sequential(_ file: String) -> Result<[Catalog.Record], CatalogError.Reason> {
    Result { () throws(CatalogError.Reason) in try Catalog.readMeals(Data(file.utf8)) }
  }

  private func inStretches(
    _ file: String, from starts: [Int]
  ) async -> Result<[Catalog.Record], CatalogError.Reason> {
    do {
      return .success(try await Catalog.readMeals(Data(file.utf8), stretchesFrom: starts))
    } catch {
      return .failure(error)
    }
  }

  @Test("One stretch starting at any byte gives the records one reader gives", arguments: files)
  func oneStretchAnywhere(file: String) async throws {
    let expected = sequential(file)
    #expect(try expected.get().count == Self.records.count)
    for start in 1..<file.utf8.count {
      let found = await inStretches(file, from: [start])
      #expect(found == expected, "a stretch from byte \(start)")
    }
  }

  @Test("Stretches at every pair of places between records, or one of them off, agree")
  func twoStretches() async throws {
    for file in Self.files {
      let expected = sequential(file)
      let between = Self.placesBetweenRecords(in: file)
      for (index, first) in between.enumerated() {
        for second in between[(index + 1)...] {
          #expect(await inStretches(file, from: [first, second]) == expected)
          #expect(await inStretches(file, from: [first, second + 1]) == expected)
          #expect(await inStretches(file, from: [first - 1, second]) == expected)
        }
      }
    }
  }

  @Test(
    "A broken file gives the same first error, with the same record number, from any stretch",
    arguments: [
      // Record 5 lacks its id; record 6 is broken as well, later.
      (4, #"{"strMeal":"No id"}"#, #"{"idMeal":"x","strMeal":"Bad id"}"#),
      // Record 3 is not an object.
      (2, "[1,2]", #"{"idMeal":"7","strMeal":"Fine"}"#),
      // Record 6 has a number where a text belongs; record 7 is broken JSON.
      (5, #"{"idMeal":"9","strMeal":"A","strArea":5}"#, #"{"idMeal":"10",}"#),
    ])
  func brokenRecords(at index: Int, broken: String, later: String) async throws {
    var records = Self.records
    records[index] = broken
    records.append(later)
    let file = #"{"meals":["# + records.joined(separator: ",") + "]}"
    let expected = sequential(file)
    guard case .failure(let reason) = expected else {
      Issue.record("the file should not read")
      return
    }
    #expect("\(reason)".hasPrefix("record \(index + 1) ") || "\(reason)".contains("JSON"))
    for start in 1..<file.utf8.count {
      #expect(await inStretches(file, from: [start]) == expected, "a stretch from byte \(start)")
    }
  }

  @Test(
    "What follows the list counts as it does for one reader",
    arguments: [
      // A second list of meals replaces the first.
      (#",{"idMeal":"8","strMeal":"Late"}]"#, #","meals":[{"idMeal":"9","strMeal":"Last"}]}"#),
      // Text after the end, and a list that is not closed.
      ("]", "} x"),
      ("", ""),
      // `meals` given again as something other than a list: no list of meals.
      ("]", #","meals":null}"#),
    ])
  func afterTheList(tail: String, end: String) async throws {
    let file = #"{"meals":["# + Self.records.joined(separator: ",") + tail + end
    let expected = sequential(file)
    for start in 1..<file.utf8.count {
      #expect(await inStretches(file, from: [start]) == expected, "a stretch from byte \(start)")
    }
  }

  @Test("Places before the file, beyond it, repeated or out of order are left out")
  func unusablePlaces() async throws {
    let file = Self.files[0]
    let expected = sequential(file)
    let between = Self.placesBetweenRecords(in: file)
    for starts in [
      [-1, between[0]], [0], [between[1], between[0]], [between[0], between[0]],
      [between[0], file.utf8.count], [1 << 40], [Int.max], [between[2], Int.max],
    ] {
      #expect(await inStretches(file, from: starts) == expected, "stretches from \(starts)")
      let oneByOne = Result { () throws(CatalogError.Reason) in
        try Catalog.readMealsStretchByStretch(Data(file.utf8), from: starts)
      }
      #expect(oneByOne == expected, "stretches one by one from \(starts)")
    }
  }

  @Test("A load whose task is cancelled still reads the whole file, as one reader does")
  func cancelledTask() async throws {
    for file in Self.files {
      let between = Self.placesBetweenRecords(in: file)
      let expected = sequential(file)
      let task = Task {
        // Cancelled before the stretches start: each ends at once with `CancellationError`.
        withUnsafeCurrentTask { $0?.cancel() }
        return await inStretches(file, from: Array(between.prefix(3)))
      }
      #expect(await task.value == expected)
    }
  }

  @Test("The places found for the stretches lie between records, in both layouts")
  func placesBetweenRecords() throws {
    // Without the record whose text holds `},{`, where a place may be found as well.
    let records = Self.records.filter { !$0.contains("},{") }
    let files = [
      #"{"meals":["# + records.joined(separator: ",") + "]}",
      "{\n  \"meals\": [\n    " + records.joined(separator: " ,\n    ") + "\n  ]\n}\n",
    ]
    for file in files {
      let starts = Array(file.utf8).withUnsafeBufferPointer {
        Catalog.stretchStarts(in: $0, parts: 3)
      }
      #expect(starts.count == 2)
      #expect(starts == starts.sorted())
      let between = Self.placesBetweenRecords(in: file)
      for start in starts { #expect(between.contains(start)) }
    }
    let none = Array(#"{"meals":[]}"#.utf8).withUnsafeBufferPointer {
      Catalog.stretchStarts(in: $0, parts: 4)
    }
    #expect(none.isEmpty)
  }

  @Test("A file of 9,000 records read by two readers at once gives one reader's records")
  func largeFileInTwo() async throws {
    let instructions = String(repeating: "Stir \\u00fcber the heat,\\n then {wait}. ", count: 30)
    let records = (1...9_000).map { id in
      #"{"idMeal":"\#(id)","strMeal":"Meal \#(9_000 - id)","strCategory":"Side","#
        + #""strInstructions":"\#(instructions)","strIngredient1":"Salt \#(id % 7)"}"#
    }
    let data = Data((#"{"meals":["# + records.joined(separator: ",") + "]}").utf8)
    let read = try await Catalog.readMeals(data, parts: 2)
    #expect(read.count == records.count)
    #expect(read == (try Catalog.readMeals(data)))
  }

  @Test("One reader below 32 MiB; above, one per processor with 16 MiB each, at most 8")
  func readerCounts() {
    let processors = ProcessInfo.processInfo.activeProcessorCount
    #expect(Catalog.readerCount(forBytes: 0) == 1)
    #expect(Catalog.readerCount(forBytes: (32 << 20) - 1) == 1)
    #expect(Catalog.readerCount(forBytes: 32 << 20) == min(processors, 2))
    #expect(Catalog.readerCount(forBytes: 1 << 40) == min(processors, 8))
  }

  @Test("Catalog.load gives the catalog init(directory:) gives, and the same errors")
  func loadAsInit() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write(
      #"{"categories":[{"idCategory":"1","strCategory":"Side"}]}"#, to: Catalog.categoriesFile)
    try directory.write(Self.files[1], to: Catalog.mealsFile)
    let loaded = try await Catalog.load(directory: directory.url.path)
    #expect(loaded.records == (try Catalog(directory: directory.url)).records)
    try directory.write(#"{"meals":[{"idMeal":"1"}]}"#, to: Catalog.mealsFile)
    let expected = try #require(throws: CatalogError.self) { try Catalog(directory: directory.url) }
    await #expect(throws: expected) { try await Catalog.load(directory: directory.url.path) }
  }

  /// The places right after each comma of `file` that stands between a `}` and a `{` outside
  /// strings: in the files above, where a record of the list ends and the next begins.
  private static func placesBetweenRecords(in file: String) -> [Int] {
    let bytes = Array(file.utf8)
    var places: [Int] = []
    var inString = false
    var escaped = false
    var lastSignificant: UInt8 = 0
    var pendingComma: Int?
    for (index, byte) in bytes.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          lastSignificant = byte
        }
        continue
      }
      switch byte {
      case 0x20, 0x0A, 0x0D, 0x09: continue
      case UInt8(ascii: ","):
        pendingComma = lastSignificant == UInt8(ascii: "}") ? index : nil
      case UInt8(ascii: "{"):
        if let comma = pendingComma { places.append(comma + 1) }
        pendingComma = nil
      default:
        pendingComma = nil
      }
      if byte == UInt8(ascii: "\"") { inString = true }
      lastSignificant = byte
    }
    return places
  }
}
