import Foundation
import JSONBytes
import MealDB
import VirtualTime

/// A catalog directory that cannot be used, naming the file and what is wrong with it.
public struct CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file (or directory) at fault.
  public let path: String
  public let reason: Reason

  public indirect enum Reason: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case notJSON(String)
    case wrongShape(String)
    case missingField(String)
    case duplicateID(String)
    case invalidRecord(index: Int, Reason)
    case invalidUTF8(offset: Int)
    case notADirectory
    case symlinkLoop
    case noCategories
    /// The name of category `index` (from 0), which category `first` already has.
    case duplicateCategory(index: Int, name: String, first: Int)
    case nonNumericID(String)
    /// A record's `strCategory` that `categories.json` does not list.
    case unknownCategory(id: String, category: String)

    public var description: String {
      switch self {
      case .unreadable(let detail): "cannot be read (\(detail))"
      case .notJSON(let detail): "is not valid JSON (\(detail))"
      case .wrongShape(let detail): detail
      case .missingField(let field): "lacks the required field \"\(field)\""
      case .duplicateID(let id): "holds the id \(id) twice"
      case .invalidRecord(let index, let reason): "record \(index + 1) \(reason)"
      case .invalidUTF8(let offset): "is not valid UTF-8 (byte \(offset + 1) starts no character)"
      case .notADirectory:
        "is a file, not a catalog folder (one holding categories.json and meals.json)"
      case .symlinkLoop: "is a symbolic link that leads round in a loop"
      case .noCategories: "lists no categories; a catalog needs at least one"
      case .duplicateCategory(let index, let name, let first):
        "category \(index + 1) is named \"\(name)\" like category \(first + 1) before it"
      case .nonNumericID(let id): "has the id \"\(id)\", which is not a number"
      case .unknownCategory(let id, let category):
        "(id \(id)) has the category \"\(category)\", which \(Catalog.categoriesFile) does not list"
      }
    }
  }

  public var description: String { "\(path): \(reason)" }
}

extension CatalogError.Reason {
  /// The reason with its record's number moved on by `count`: what a reader of the records
  /// from record `count + 1` on found says of the whole file.
  func shifted(by count: Int) -> Self {
    guard case .invalidRecord(let index, let reason) = self else { return self }
    return .invalidRecord(index: index + count, reason)
  }
}

extension Catalog {
  /// File names inside a catalog directory.
  public static let categoriesFile = "categories.json"
  public static let mealsFile = "meals.json"

  /// Loads the catalog in `directory` on the calling thread; `load(directory:)` reads a large
  /// one faster, with every processor.
  ///
  /// - Throws: `CatalogError` naming the file and what is wrong.
  public init(directory: URL) throws {
    try self.init(directoryPath: directory.path)
  }

  /// Loads the catalog in the folder at `path`, relative to the current folder unless it starts
  /// with `/`. Errors name the files by their full paths.
  ///
  /// Works on plain paths and POSIX calls: building `URL`s cost more than reading the embedded
  /// catalog's files at every start of `rezepte`.
  init(directoryPath path: String) throws {
    let files = try Self.files(inDirectory: path)
    try self.init(
      categoriesData: files.categoriesData, categoriesPath: files.categoriesPath,
      mealsData: files.mealsData, mealsPath: files.mealsPath)
  }

  /// The two files of the catalog folder at `path`, read.
  static func files(
    inDirectory path: String
  ) throws -> (categoriesData: Data, categoriesPath: String, mealsData: Data, mealsPath: String) {
    let files = try openFiles(inDirectory: path)
    return (
      files.categoriesData, files.categoriesPath, try files.meals.read(), files.meals.path
    )
  }

  /// The two files of the catalog folder at `path`: `categories.json` read, `meals.json` open to
  /// be read. Every error of a missing, unreadable or wrongly typed file or folder is thrown
  /// here, before the categories are checked; reading `meals.json` can only fail on an I/O
  /// error.
  static func openFiles(
    inDirectory path: String
  ) throws -> (categoriesData: Data, categoriesPath: String, meals: OpenFile) {
    let directory = Self.absolute(path)
    switch FileKind(path: directory) {
    case .directory: break
    case .file: throw CatalogError(path: directory, reason: .notADirectory)
    case .loop: throw CatalogError(path: directory, reason: .symlinkLoop)
    case .missing, .unreadable:
      throw CatalogError(path: directory, reason: .unreadable("no such directory"))
    }
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    let categoriesPath = folder + Self.categoriesFile
    let mealsPath = folder + Self.mealsFile
    let categoriesData = try OpenFile(categoriesPath).read()
    return (categoriesData, categoriesPath, try OpenFile(mealsPath))
  }

  /// `path` from the root: as it is when it starts with `/`, else under the current folder;
  /// without a trailing `/` (but for the root itself) and without `.` components.
  static func absolute(_ path: String) -> String {
    if isTidyAbsolute(path) { return path }
    let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let parts = full.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    return "/" + parts.joined(separator: "/")
  }

  /// Parses a catalog from the two files' contents; the paths name them in errors.
  public init(categoriesData: Data, categoriesPath: String, mealsData: Data, mealsPath: String)
    throws
  {
    try self.init(
      categories: Self.categories(categoriesData, path: categoriesPath),
      mealsData: mealsData, mealsPath: mealsPath)
  }

  /// The categories of a `categories.json`, checked: at least one, no name twice.
  static func categories(_ categoriesData: Data, path categoriesPath: String) throws -> [Category] {
    let categories: [Category]
    do {
      try Self.checkUTF8(categoriesData)
      categories = try Self.readCategories(categoriesData)
      guard !categories.isEmpty else { throw CatalogError.Reason.noCategories }
      var seen: [String: Int] = [:]
      for (index, category) in categories.enumerated() {
        let key = String(decoding: Record.sortKey(category.name), as: UTF8.self)
        if let first = seen[key] {
          throw CatalogError.Reason.duplicateCategory(
            index: index, name: category.name, first: first)
        }
        seen[key] = index
      }
    } catch let reason as CatalogError.Reason {
      throw CatalogError(path: categoriesPath, reason: reason)
    }
    return categories
  }

  /// The catalog of `categories`, already checked, and the meals of a `meals.json`.
  init(categories: [Category], mealsData: Data, mealsPath: String) throws {
    let records: [Record]
    do {
      records = try Self.readMeals(mealsData)
    } catch {
      throw CatalogError(path: mealsPath, reason: error)
    }
    try self.init(categories: categories, records: records, mealsPath: mealsPath)
  }

  /// The catalog of `categories`, already checked, and the records read from `mealsPath`, once
  /// each record's category is checked against them.
  init(categories: [Category], records: [Record], mealsPath: String) throws(CatalogError) {
    let names = Set(categories.map { Record.sortKey($0.name) })
    // Records of one category tend to come together: a name just found needs no second look.
    var known: String?
    for index in records.indices {
      guard let category = records[index].category, !category.isEmpty, category != known else {
        continue
      }
      guard names.contains(Record.sortKey(category)) else {
        throw CatalogError(
          path: mealsPath,
          reason: .invalidRecord(
            index: index, .unknownCategory(id: records[index].id, category: category)))
      }
      known = category
    }
    do {
      try self.init(
        categories: categories, records: records,
        categoriesAnswer: Self.categoriesAnswer(categories))
    } catch {
      throw CatalogError(path: mealsPath, reason: error)
    }
  }

  /// The records of a `{"meals": [...]}` file, each read once, straight from the bytes into
  /// what the catalog keeps (see `Record.Reader`).
  package static func readMeals(_ data: Data) throws(CatalogError.Reason) -> [Record] {
    do {
      return try data.withUnsafeBytes { raw in
        try readMeals(raw.bindMemory(to: UInt8.self), stop: nil, resume: nil).records
      }
    } catch {
      throw reason(forReading: error)
    }
  }

  /// How far a reading of a meals file got.
  struct MealsProgress {
    /// The file's records, or those of its first `meals` list up to the stop.
    var records: [Record]
    /// Whether the reading stopped there (see `readMeals(_:stop:resume:)`).
    var stopped = false
  }

  /// Reads the meals file in `raw`, all of it unless `stop` or `resume` say otherwise.
  ///
  /// - Parameters:
  ///   - stop: a place in the file right after a comma, where another reader starts
  ///     (`readStretch`): if a record of the first `meals` list ends right before that comma,
  ///     the reading stops there, and goes on as if there were no stop otherwise.
  ///   - resume: the first `meals` list's records, and the place after its closing bracket:
  ///     the reading goes on from there, as if it had read them itself.
  static func readMeals(
    _ raw: UnsafeBufferPointer<UInt8>, stop: Int?, resume: (records: [Record], end: Int)?
  ) throws -> MealsProgress {
    let wrongShape = CatalogError.Reason.wrongShape(#"is not a {"meals": [...]} answer"#)
    var reader: JSONReader
    var records: [Record] = []
    var found = false
    var more: Bool
    var recordReader = Self.recordReader(forBytes: resume == nil ? (stop ?? raw.count) : 0)
    /// The first of `records` that `recordReader` reads (those resumed are placed already).
    var ownFrom = 0
    if let resume {
      reader = JSONReader(raw, position: resume.end, depth: 1)
      (records, found, ownFrom) = (resume.records, true, resume.records.count)
      more = try reader.another(closing: UInt8(ascii: "}"))
    } else {
      reader = JSONReader(raw)
      guard reader.peek() == UInt8(ascii: "{") else {
        _ = try JSONValue(reading: &reader)
        throw wrongShape
      }
      try reader.enter(limit: JSONValue.maximumDepth)
      reader.position += 1
      more = !reader.take(UInt8(ascii: "}"))
    }
    var stop = stop
    while more {
      let key = try reader.key()
      if key == "meals", reader.peek() == UInt8(ascii: "[") {
        try reader.enter(limit: JSONValue.maximumDepth)
        reader.position += 1
        found = true
        (records, ownFrom) = ([], 0)
        records.reserveCapacity(Self.recordCount(forBytes: stop ?? raw.count))
        if !reader.take(UInt8(ascii: "]")),
          try readRecords(from: &reader, with: &recordReader, into: &records, stop: stop)
        {
          recordReader.place(&records)
          return MealsProgress(records: records, stopped: true)
        }
        stop = nil
        reader.leave()
      } else {
        if key == "meals" { found = false }
        _ = try JSONValue(reading: &reader)
      }
      more = try reader.another(closing: UInt8(ascii: "}"))
    }
    reader.leave()
    try reader.expectEnd()
    guard found else { throw wrongShape }
    recordReader.place(&records, from: ownFrom)
    return MealsProgress(records: records)
  }

  /// The records of a stretch of the first `meals` list, read on their own.
  struct Stretch: Sendable {
    var records: [Record]
    /// The place after the list's closing bracket when the stretch reached it; `nil` when it
    /// ended at its stop.
    var listEnd: Int?
  }

  /// Reads the records from `start` (right after a comma of the first `meals` list) up to
  /// `stop` (right after a later comma) or the end of the list, as `readMeals(_:stop:resume:)`
  /// reads them, numbered from 0. A record that ends right before the comma of `stop` ends the
  /// stretch; when none does, the stretch goes on to the end of the list.
  ///
  /// A `cancellable` stretch ends with `CancellationError` once its task is cancelled.
  static func readStretch(
    _ raw: UnsafeBufferPointer<UInt8>, from start: Int, stop: Int?, cancellable: Bool = true
  ) throws -> Stretch {
    // Inside the top object and the list, as the reader that read up to `start` was.
    var reader = JSONReader(raw, position: start, depth: 2)
    let bytes = (stop ?? raw.count) - start
    var recordReader = Self.recordReader(forBytes: bytes)
    var records: [Record] = []
    records.reserveCapacity(Self.recordCount(forBytes: bytes))
    let stopped = try readRecords(
      from: &reader, with: &recordReader, into: &records, stop: stop, cancellable: cancellable)
    recordReader.place(&records)
    return Stretch(records: records, listEnd: stopped ? nil : reader.position)
  }

  /// Reads the records of a `meals` list from the reader's place (its first record, or the one
  /// after a comma) to the list's closing bracket, which it takes; or up to `stop`, when a record
  /// ends right before the comma there, and then returns `true`. A `cancellable` reading ends
  /// with `CancellationError` soon after its task is cancelled.
  private static func readRecords(
    from reader: inout JSONReader, with recordReader: inout Record.Reader,
    into records: inout [Record], stop: Int?, cancellable: Bool = false
  ) throws -> Bool {
    while true {
      if cancellable, records.count % 64 == 0, Task.isCancelled { throw CancellationError() }
      records.append(try recordReader.read(from: &reader, index: records.count))
      guard try reader.another(closing: UInt8(ascii: "]")) else { return false }
      if reader.position == stop { return true }
    }
  }

  /// A record reader for about `count` bytes of a meals file: the records take about as many
  /// bytes as the file, and their summaries and sort keys a tenth to a fifth more; the arena
  /// grows if that is too little.
  private static func recordReader(forBytes count: Int) -> Record.Reader {
    Record.Reader(capacity: count + count / 4 + 4096)
  }

  /// A rough guess of the records in `count` bytes of a meals file (real records take 1.5 to
  /// 2 kB), so that the list of them seldom regrows.
  private static func recordCount(forBytes count: Int) -> Int { count / 1500 }

  /// Where `parts` readers can start in the meals file in `raw`, one beside the other: for
  /// each part after the first, the place right after the first comma from its share of the
  /// bytes on that stands between a `}` and a `{` (white space allowed), which in a meals file
  /// is nearly always between two records. A place inside a string or elsewhere is found out
  /// by `readMeals(_:stop:resume:)`, which then reads on as if there were no stop.
  package static func stretchStarts(in raw: UnsafeBufferPointer<UInt8>, parts: Int) -> [Int] {
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
    var starts: [Int] = []
    for part in 1..<max(parts, 1) {
      var index = max(raw.count / parts * part, starts.last ?? 0)
      while index < raw.count {
        defer { index += 1 }
        guard raw[index] == UInt8(ascii: ",") else { continue }
        var before = index - 1
        while before > 0, isSpace(raw[before]) { before -= 1 }
        var after = index + 1
        while after < raw.count, isSpace(raw[after]) { after += 1 }
        if before >= 0, raw[before] == UInt8(ascii: "}"), after < raw.count,
          raw[after] == UInt8(ascii: "{")
        {
          starts.append(index + 1)
          break
        }
      }
    }
    return starts
  }

  /// How many readers share a meals file of `size` bytes: one per processor, each with at
  /// least 16 MiB, at most 8; below 32 MiB one reads it all. Each reader costs memory of its own
  /// (its block, the allocator's arena of its thread), which a smaller file would feel.
  static func readerCount(forBytes size: Int) -> Int {
    max(min(ProcessInfo.processInfo.activeProcessorCount, size / (16 << 20), 8), 1)
  }

  /// The records of a `{"meals": [...]}` file, read by `parts` readers at once: the first reads
  /// the file from its start, each other one a stretch of the records (`readStretch`), and
  /// where each stretch starts right where the one before it ended, the stretches are the
  /// records as one reader would read them, with the same records and the same first error.
  /// Where a stretch does not (its start was not between two records after all), the reader
  /// before it reads on to the end, and the stretches after it are let go.
  ///
  /// The bench row "Load a catalog of 100,000 meals" (Performance.md) is what this is for.
  static func readMeals(_ data: Data, parts: Int) async throws(CatalogError.Reason) -> [Record] {
    let starts = data.withUnsafeBytes {
      stretchStarts(in: $0.bindMemory(to: UInt8.self), parts: parts)
    }
    return try await readMeals(data, stretchesFrom: starts)
  }

  /// `readMeals(_:parts:)` with the stretches starting at `starts`: any places at all, as tests
  /// choose them (those that cannot start a stretch, out of order or outside the file, are left
  /// out).
  static func readMeals(
    _ data: Data, stretchesFrom starts: [Int]
  ) async throws(CatalogError.Reason) -> [Record] {
    let starts = usable(starts, count: data.count)
    guard let first = starts.first else { return try readMeals(data) }
    let outcome = await withTaskGroup(of: (Int, Result<Stretch, any Error>).self) { group in
      for index in starts.indices {
        let (start, stop) = (starts[index], index + 1 < starts.count ? starts[index + 1] : nil)
        group.addTask { (index, stretch(of: data, from: start, stop: stop)) }
      }
      let head = Result { try readHead(of: data, stoppingAt: first) }
      guard case .success(let progress) = head, progress.stopped else {
        group.cancelAll()
        return head.map(\.records)
      }
      var stretches = [Result<Stretch, any Error>?](repeating: nil, count: starts.count)
      for await (index, stretch) in group {
        stretches[index] = stretch
        // Once the stretches known in order end the join (one failed or reached the end of
        // the list), those after it are not needed.
        for known in stretches {
          guard case .success(let stretch)? = known else {
            if known != nil { group.cancelAll() }
            break
          }
          if stretch.listEnd != nil {
            group.cancelAll()
            break
          }
        }
      }
      return join(progress.records, stretches.map { $0! }, from: starts, of: data)
    }
    do {
      return try outcome.get()
    } catch {
      throw reason(forReading: error)
    }
  }

  /// `readMeals(_:stretchesFrom:)` with the stretches read one after the other: what the
  /// readers at once must give, for the fuzz target that checks them against each other.
  package static func readMealsStretchByStretch(
    _ data: Data, from starts: [Int]
  ) throws(CatalogError.Reason) -> [Catalog.Record] {
    let starts = usable(starts, count: data.count)
    guard let first = starts.first else { return try readMeals(data) }
    let outcome = Result { try readHead(of: data, stoppingAt: first) }.flatMap { progress in
      guard progress.stopped else { return .success(progress.records) }
      let stretches = starts.indices.map { index in
        stretch(
          of: data, from: starts[index], stop: index + 1 < starts.count ? starts[index + 1] : nil)
      }
      return join(progress.records, stretches, from: starts, of: data)
    }
    do {
      return try outcome.get()
    } catch {
      throw reason(forReading: error)
    }
  }

  /// The places of `starts` inside a file of `count` bytes (after its first byte), each after
  /// the one before it.
  private static func usable(_ starts: [Int], count: Int) -> [Int] {
    var kept: [Int] = []
    for start in starts where start > (kept.last ?? 0) && start < count { kept.append(start) }
    return kept
  }

  /// The first reader's part: the file from its start, up to `stop` if a record ends there.
  private static func readHead(of data: Data, stoppingAt stop: Int) throws -> MealsProgress {
    try data.withUnsafeBytes { raw in
      try readMeals(raw.bindMemory(to: UInt8.self), stop: stop, resume: nil)
    }
  }

  /// The stretch of `data` from `start`, or why it cannot be read.
  private static func stretch(
    of data: Data, from start: Int, stop: Int?, cancellable: Bool = true
  ) -> Result<Stretch, any Error> {
    Result {
      try data.withUnsafeBytes { raw in
        try readStretch(
          raw.bindMemory(to: UInt8.self), from: start, stop: stop, cancellable: cancellable)
      }
    }
  }

  /// The records of the first reader, which stopped at the first stretch, and those of the
  /// stretches (which started at `starts`) in order, up to the first that reached the end of the
  /// list (each before it ended where the next starts); then the rest of the file, read on from
  /// there. The first failure on the way is the file's, its record number counted from the
  /// file's first record. A stretch that was cancelled (the load's task was) is read again here,
  /// to the end of the list: a load goes on when its task is cancelled, as one reader does.
  private static func join(
    _ head: [Record], _ stretches: [Result<Stretch, any Error>], from starts: [Int],
    of data: Data
  ) -> Result<[Record], any Error> {
    var records = head
    for (index, stretch) in stretches.enumerated() {
      var stretch = stretch
      if case .failure(let error) = stretch, error is CancellationError {
        stretch = Self.stretch(of: data, from: starts[index], stop: nil, cancellable: false)
      }
      switch stretch {
      case .failure(let error):
        return .failure(reason(forReading: error).shifted(by: records.count))
      case .success(let stretch):
        records += stretch.records
        guard let end = stretch.listEnd else { continue }
        return Result {
          try data.withUnsafeBytes { raw in
            try readMeals(raw.bindMemory(to: UInt8.self), stop: nil, resume: (records, end))
              .records
          }
        }
      }
    }
    preconditionFailure("the last stretch reads on to the end of the list")
  }

  /// What a `JSONReader` failure says about a catalog file.
  private static func reason(forReading error: any Error) -> CatalogError.Reason {
    switch error {
    case let reason as CatalogError.Reason: reason
    case JSONReader.Failure.invalidUTF8(let offset): .invalidUTF8(offset: offset)
    case JSONReader.Failure.syntax(let message, let offset):
      .notJSON("\(message) at byte \(offset + 1)")
    default: .notJSON("\(error)")
    }
  }

  private static func checkUTF8(_ data: Data) throws(CatalogError.Reason) {
    let offset = data.withUnsafeBytes { raw in
      JSONReader.firstInvalidUTF8(in: raw.bindMemory(to: UInt8.self))
    }
    if let offset { throw .invalidUTF8(offset: offset) }
  }

  /// Whether `path` starts with `/` and has neither an empty nor a `.` component after it (so no
  /// `//`, no `/./` and no trailing `/`): the common case, which needs no tidying.
  private static func isTidyAbsolute(_ path: String) -> Bool {
    let bytes = Array(path.utf8)
    guard bytes.count > 1, bytes[0] == UInt8(ascii: "/") else { return false }
    var componentStart = 1
    for index in 1...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
      let length = index - componentStart
      if length == 0 || (length == 1 && bytes[componentStart] == UInt8(ascii: ".")) { return false }
      componentStart = index + 1
    }
    return true
  }

  /// The catalog that ships with the package.
  public static func embedded() throws -> Catalog {
    guard let directory = embeddedDirectory else {
      throw CatalogError(path: "Catalog", reason: .unreadable("the embedded catalog is missing"))
    }
    return try Catalog(directoryPath: directory)
  }

  /// The folder of the embedded catalog.
  ///
  /// On Linux SwiftPM copies it into `Rezepte_MealCatalog.resources` beside the executable,
  /// which is where `Bundle.module` looks first; it is looked up there directly, because
  /// `Bundle.module`'s search of the bundles is a noticeable part of `rezepte`'s start. Anywhere
  /// else, `Bundle.module` finds it.
  static var embeddedDirectory: String? {
    #if os(Linux)
      if let executable = executablePath, let slash = executable.lastIndex(of: "/") {
        let folder = String(executable[..<slash]) + "/Rezepte_MealCatalog.resources/Catalog"
        if FileKind(path: folder) == .directory { return folder }
      }
    #endif
    return bundledDirectory
  }

  /// The embedded catalog's folder as `Bundle.module` finds it.
  static var bundledDirectory: String? {
    Bundle.module.url(forResource: "Catalog", withExtension: nil)?.path
  }

  #if os(Linux)
    /// The running executable, symbolic links resolved (what `Bundle.main` starts from).
    private static var executablePath: String? {
      var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = buffer.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1)
        }
      }
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count], as: UTF8.self)
    }
  #endif

  /// The categories of `categories.json`, read once, in one pass with `JSONReader`: only the
  /// four fields of each category become values (a tree of the whole file, or `JSONDecoder`,
  /// cost several times as much the first time in a process).
  ///
  /// Unlike `CategoryResponse`, which reads a missing or `null` list as empty (right for an API
  /// answer), a file without the list is the wrong file, such as a meals answer. Each category is
  /// tidied as decoding an answer tidies it (`Category.init(answerID:name:thumbnail:description:)`).
  /// As in any JSON object, a key given twice counts with its last value. A file that is not JSON
  /// is reported as such even where its shape is wrong before the broken part: the shape is
  /// judged after the whole file is read.
  static func readCategories(_ data: Data) throws(CatalogError.Reason) -> [Category] {
    let list: CategoryList?
    do {
      list = try data.withUnsafeBytes { raw in
        var reader = JSONReader(raw.bindMemory(to: UInt8.self))
        let list = try CategoryList.read(from: &reader)
        try reader.expectEnd()
        return list
      }
    } catch {
      throw reason(forReading: error)
    }
    guard case .list(let items)? = list else {
      throw .wrongShape(#"is not a {"categories": [...]} answer"#)
    }
    var categories: [Category] = []
    categories.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let place = "categories[\(index)]"
      guard case .fields(let fields) = item else {
        throw .wrongShape("expected an object at \(place)")
      }
      /// The text of field `slot`; a required one may be neither missing nor `null`.
      func text(_ slot: Int, required: Bool = false) throws(CatalogError.Reason) -> String? {
        let key = CategoryList.keys[slot]
        switch fields[slot] {
        case .text(let value): return value
        case .missing where required: throw .wrongShape("lacks \"\(key)\" at \(place)")
        case .null where required:
          throw .wrongShape("expected String at \(place).\(key), found null")
        case .missing, .null: return nil
        case .other: throw .wrongShape("expected String at \(place).\(key)")
        }
      }
      categories.append(
        Category(
          answerID: try text(0, required: true) ?? "",
          name: try text(1, required: true) ?? "",
          thumbnail: try text(2),
          description: try text(3)))
    }
    return categories
  }

  /// The catalog a command's `--catalog DIR` names, or the embedded one without it.
  ///
  /// Unlike `init(directory:)`, which reads on the thread that asks, a large `meals.json` is
  /// read by one task per processor at once (`readMeals(_:parts:)`), with the same records and
  /// the same errors.
  ///
  /// - Throws: `CatalogError` naming the file and what is wrong.
  public static func load(directory path: String?) async throws -> Catalog {
    guard let path else { return try embedded() }
    let files = try openFiles(inDirectory: path)
    let categories = try Self.categories(files.categoriesData, path: files.categoriesPath)
    let mealsPath = files.meals.path
    let mealsData = try files.meals.read()
    let records: [Record]
    do {
      records = try await readMeals(mealsData, parts: readerCount(forBytes: mealsData.count))
    } catch {
      throw CatalogError(path: mealsPath, reason: error)
    }
    return try Catalog(categories: categories, records: records, mealsPath: mealsPath)
  }

  /// Keeps the catalog until the process ends: a command needs its catalog to its end anyway,
  /// and tearing a large catalog down record by record as the process exits is work nobody
  /// waits for; the operating system takes the memory back at once. For the bench row
  /// "`rezepte run --list --catalog` over 100,000 meals" (Performance.md).
  public func keepUntilExit() {
    Self.keptUntilExit.withLock { $0.append(self) }
  }

  private static let keptUntilExit = Locked<[Catalog]>([])

}

/// A catalog file, open for reading with POSIX calls; reading it closes it.
///
/// Opening it reports what is wrong with the path (missing, a folder, a loop, no permission), so
/// that reading can only meet an I/O error.
final class OpenFile {
  /// The full path, as errors name it.
  let path: String
  private var descriptor: Int32

  init(_ path: String) throws(CatalogError) {
    self.path = path
    let reason: CatalogError.Reason
    switch FileKind(path: path) {
    case .file, .unreadable:
      let file = open(path, O_RDONLY | O_CLOEXEC)
      if file >= 0 {
        descriptor = file
        return
      }
      reason = Self.reason(errno)
    case .missing: reason = .unreadable("no such file")
    case .directory: reason = .unreadable("is a directory")
    case .loop: reason = .symlinkLoop
    }
    throw CatalogError(path: path, reason: reason)
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  private static func reason(_ code: Int32) -> CatalogError.Reason {
    .unreadable(code == EACCES ? "permission denied" : String(cString: strerror(code)))
  }

  /// The whole file; closes it.
  ///
  /// A regular file is mapped into memory rather than read: reading copies every byte once
  /// more, into memory that costs a page fault per 4 KB the first time it is written. On Linux
  /// its pages are mapped at once (`MAP_POPULATE`), which costs far less than a fault for each.
  /// The bench row "Load a catalog of 100,000 meals" (Performance.md) is what this is for. A
  /// file cut shorter while it is mapped would stop the process with `SIGBUS`; catalogs are
  /// files nobody writes while they load. Anything else (a pipe, say) is read.
  func read() throws(CatalogError) -> Data {
    let file = descriptor
    precondition(file >= 0, "\(path) is read twice")
    descriptor = -1
    defer { close(file) }
    var info = stat()
    let size = fstat(file, &info) == 0 ? Int(info.st_size) : -1
    if size >= 0, info.st_mode & S_IFMT == S_IFREG {
      if size == 0 { return Data() }
      #if os(Linux)
        let flags = MAP_PRIVATE | MAP_POPULATE
      #else
        let flags = MAP_PRIVATE
      #endif
      if let memory = mmap(nil, size, PROT_READ, flags, file, 0), memory != MAP_FAILED {
        return Data(
          bytesNoCopy: memory, count: size,
          deallocator: .custom { memory, size in munmap(memory, size) })
      }
    }
    return try readAll(file, sizeHint: size)
  }

  /// Reads `file` to its end, into memory that is not zeroed first, sized to `sizeHint` plus
  /// one byte to notice that it grew; the `Data` takes the memory over without a copy.
  private func readAll(_ file: Int32, sizeHint: Int) throws(CatalogError) -> Data {
    var capacity = sizeHint >= 0 ? sizeHint + 1 : 1 << 16
    guard var buffer = malloc(capacity) else {
      throw CatalogError(path: path, reason: Self.reason(ENOMEM))
    }
    var filled = 0
    while true {
      if filled == capacity {
        capacity *= 2
        guard let grown = realloc(buffer, capacity) else {
          free(buffer)
          throw CatalogError(path: path, reason: Self.reason(ENOMEM))
        }
        buffer = grown
      }
      let count = Foundation.read(file, buffer + filled, capacity - filled)
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        let code = errno
        free(buffer)
        throw CatalogError(path: path, reason: Self.reason(code))
      }
      guard count > 0 else {
        return Data(bytesNoCopy: buffer, count: filled, deallocator: .free)
      }
      filled += count
    }
  }
}

/// What is at a path, following symbolic links: `stat` tells a loop apart from a missing file.
private enum FileKind {
  case file, directory, missing, loop, unreadable

  init(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      switch errno {
      case ELOOP: self = .loop
      case ENOENT, ENOTDIR: self = .missing
      default: self = .unreadable
      }
      return
    }
    self = info.st_mode & S_IFMT == S_IFDIR ? .directory : .file
  }
}

/// What `categories.json` holds, read in one pass: the last `"categories"` member of the top
/// object, if it is a list, with the four fields of each category.
private enum CategoryList {
  case list([Item])
  /// `"categories"` holds something other than a list.
  case notAList

  enum Item {
    case fields([Field])
    case notAnObject
  }

  enum Field {
    case missing, null, other
    case text(String)
  }

  /// The fields read, in the order of `Item.fields`.
  static let keys = ["idCategory", "strCategory", "strCategoryThumb", "strCategoryDescription"]

  /// The top value's `"categories"`; `nil` when the top value is no object or lacks it.
  static func read(from reader: inout JSONReader) throws -> CategoryList? {
    guard reader.peek() == UInt8(ascii: "{") else {
      _ = try JSONValue(reading: &reader)
      return nil
    }
    try reader.enter(limit: JSONValue.maximumDepth)
    reader.position += 1
    var list: CategoryList?
    if !reader.take(UInt8(ascii: "}")) {
      repeat {
        guard try reader.key() == "categories" else {
          _ = try JSONValue(reading: &reader)
          continue
        }
        guard reader.peek() == UInt8(ascii: "[") else {
          _ = try JSONValue(reading: &reader)
          list = .notAList
          continue
        }
        try reader.enter(limit: JSONValue.maximumDepth)
        reader.position += 1
        var items: [Item] = []
        if !reader.take(UInt8(ascii: "]")) {
          repeat {
            items.append(try item(from: &reader))
          } while try reader.another(closing: UInt8(ascii: "]"))
        }
        reader.leave()
        list = .list(items)
      } while try reader.another(closing: UInt8(ascii: "}"))
    }
    reader.leave()
    return list
  }

  private static func item(from reader: inout JSONReader) throws -> Item {
    guard reader.peek() == UInt8(ascii: "{") else {
      _ = try JSONValue(reading: &reader)
      return .notAnObject
    }
    try reader.enter(limit: JSONValue.maximumDepth)
    reader.position += 1
    var fields = [Field](repeating: .missing, count: keys.count)
    if !reader.take(UInt8(ascii: "}")) {
      repeat {
        let key = try reader.key()
        guard let slot = keys.firstIndex(of: key) else {
          _ = try JSONValue(reading: &reader)
          continue
        }
        if reader.peek() == UInt8(ascii: "\"") {
          fields[slot] = .text(try reader.string())
        } else if try reader.takeNull() {
          fields[slot] = .null
        } else {
          _ = try JSONValue(reading: &reader)
          fields[slot] = .other
        }
      } while try reader.another(closing: UInt8(ascii: "}"))
    }
    reader.leave()
    return .fields(fields)
  }
}
