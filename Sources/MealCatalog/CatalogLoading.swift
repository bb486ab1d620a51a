import Foundation
import MealDB

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

extension Catalog {
  /// File names inside a catalog directory.
  public static let categoriesFile = "categories.json"
  public static let mealsFile = "meals.json"

  /// Loads the catalog in `directory`.
  ///
  /// - Throws: `CatalogError` naming the file and what is wrong.
  public init(directory: URL) throws {
    let categoriesURL = directory.appendingPathComponent(Self.categoriesFile)
    let mealsURL = directory.appendingPathComponent(Self.mealsFile)
    switch FileKind(path: directory.path) {
    case .directory: break
    case .file: throw CatalogError(path: directory.path, reason: .notADirectory)
    case .loop: throw CatalogError(path: directory.path, reason: .symlinkLoop)
    case .missing, .unreadable:
      throw CatalogError(path: directory.path, reason: .unreadable("no such directory"))
    }
    try self.init(
      categoriesData: Self.read(categoriesURL), categoriesPath: categoriesURL.path,
      mealsData: Self.read(mealsURL), mealsPath: mealsURL.path)
  }

  /// Parses a catalog from the two files' contents; the paths name them in errors.
  public init(categoriesData: Data, categoriesPath: String, mealsData: Data, mealsPath: String)
    throws
  {
    let categories: [Category]
    do {
      try Self.checkUTF8(categoriesData)
      // `CategoryResponse` reads a missing or `null` list as empty, which suits an API answer but
      // would let a wrong file (say, a meals answer) load as a catalog without categories.
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
    } catch {
      throw CatalogError(path: categoriesPath, reason: Self.reason(for: error))
    }
    let records: [Record]
    do {
      records = try Self.readMeals(mealsData)
      let names = Set(categories.map { Record.sortKey($0.name) })
      for (index, record) in records.enumerated() {
        if let category = record.category, !category.isEmpty,
          !names.contains(Record.sortKey(category))
        {
          throw CatalogError.Reason.invalidRecord(
            index: index, .unknownCategory(id: record.id, category: category))
        }
      }
    } catch let reason as CatalogError.Reason {
      throw CatalogError(path: mealsPath, reason: reason)
    }
    do {
      try self.init(categories: categories, records: records)
    } catch let reason as CatalogError.Reason {
      throw CatalogError(path: mealsPath, reason: reason)
    }
  }

  /// The records of a `{"meals": [...]}` file, each read once, straight from the bytes into
  /// what the catalog keeps (see `Record`).
  static func readMeals(_ data: Data) throws(CatalogError.Reason) -> [Record] {
    do {
      return try data.withUnsafeBytes { raw in
        var scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
        let wrongShape = CatalogError.Reason.wrongShape(#"is not a {"meals": [...]} answer"#)
        var records: [Record] = []
        var found = false
        guard scanner.peek() == UInt8(ascii: "{") else {
          _ = try scanner.value()
          throw wrongShape
        }
        try scanner.expect(UInt8(ascii: "{"))
        if !scanner.take(UInt8(ascii: "}")) {
          repeat {
            let key = try scanner.key()
            guard key == "meals", scanner.peek() == UInt8(ascii: "[") else {
              if key == "meals" { found = false }
              _ = try scanner.value()
              continue
            }
            try scanner.expect(UInt8(ascii: "["))
            found = true
            records = []
            // A rough guess from the file's size (real records take 1.5 to 2 kB) saves regrowing.
            records.reserveCapacity(raw.count / 1500)
            var scratch: [UInt8] = []
            scratch.reserveCapacity(8192)
            if !scanner.take(UInt8(ascii: "]")) {
              repeat {
                records.append(
                  try Record.read(from: &scanner, index: records.count, scratch: &scratch))
              } while try scanner.another(closing: UInt8(ascii: "]"))
            }
          } while try scanner.another(closing: UInt8(ascii: "}"))
        }
        try scanner.expectEnd()
        guard found else { throw wrongShape }
        return records
      }
    } catch let reason as CatalogError.Reason {
      throw reason
    } catch JSONScanner.Failure.invalidUTF8(let offset) {
      throw .invalidUTF8(offset: offset)
    } catch JSONScanner.Failure.syntax(let message, let offset) {
      throw .notJSON("\(message) at byte \(offset + 1)")
    } catch {
      throw .notJSON("\(error)")
    }
  }

  private static func checkUTF8(_ data: Data) throws(CatalogError.Reason) {
    let offset = data.withUnsafeBytes { raw in
      JSONScanner.firstInvalidUTF8(in: raw.bindMemory(to: UInt8.self))
    }
    if let offset { throw .invalidUTF8(offset: offset) }
  }

  /// The catalog that ships with the package.
  public static func embedded() throws -> Catalog {
    guard let directory = Bundle.module.url(forResource: "Catalog", withExtension: nil) else {
      throw CatalogError(path: "Catalog", reason: .unreadable("the embedded catalog is missing"))
    }
    return try Catalog(directory: directory)
  }

  /// The categories of `categories.json`, read once. Unlike `CategoryResponse`, which reads a
  /// missing or `null` list as empty (right for an API answer), a file without the list is the
  /// wrong file, such as a meals answer.
  private static func readCategories(_ data: Data) throws -> [Category] {
    struct File: Decodable {
      let categories: [Category]
    }
    do {
      return try JSONDecoder().decode(File.self, from: data).categories
    } catch DecodingError.keyNotFound(let key, let context)
      where key.stringValue == "categories" && context.codingPath.isEmpty
    {
      throw CatalogError.Reason.wrongShape(#"is not a {"categories": [...]} answer"#)
    } catch DecodingError.valueNotFound(_, let context) where context.codingPath.count == 1 {
      throw CatalogError.Reason.wrongShape(#"is not a {"categories": [...]} answer"#)
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count <= 1 {
      throw CatalogError.Reason.wrongShape(#"is not a {"categories": [...]} answer"#)
    }
  }

  /// The catalog a command's `--catalog DIR` names, or the embedded one without it.
  public static func load(directory path: String?) throws -> Catalog {
    guard let path else { return try embedded() }
    return try Catalog(directory: URL(fileURLWithPath: path))
  }

  private static func read(_ url: URL) throws -> Data {
    let reason: CatalogError.Reason
    switch FileKind(path: url.path) {
    case .file, .unreadable:
      do {
        return try Data(contentsOf: url)
      } catch {
        reason = .unreadable("permission denied")
      }
    case .missing: reason = .unreadable("no such file")
    case .directory: reason = .unreadable("is a directory")
    case .loop: reason = .symlinkLoop
    }
    throw CatalogError(path: url.path, reason: reason)
  }

  /// - Parameter dropping: how many keys at the start of the coding path to leave out of the text.
  private static func reason(for error: any Error, dropping: Int = 0) -> CatalogError.Reason {
    func path(_ codingPath: [any CodingKey]) -> String {
      Self.path(Array(codingPath.dropFirst(dropping)))
    }
    switch error {
    case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
      return .notJSON(context.debugDescription)
    case DecodingError.keyNotFound(let key, let context):
      return .wrongShape("lacks \"\(key.stringValue)\" at \(path(context.codingPath))")
    case DecodingError.typeMismatch(let type, let context):
      return .wrongShape("expected \(type) at \(path(context.codingPath))")
    case DecodingError.valueNotFound(let type, let context):
      return .wrongShape("expected \(type) at \(path(context.codingPath)), found null")
    case DecodingError.dataCorrupted(let context):
      return .wrongShape("\(context.debugDescription) at \(path(context.codingPath))")
    default:
      return .notJSON("\(error)")
    }
  }

  /// `categories[3].strCategory`
  private static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text.isEmpty ? "the top level" : text
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
