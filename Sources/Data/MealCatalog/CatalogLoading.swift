import Foundation
import JSONBytes
import MealDB
import Spelling

/// A catalog directory that cannot be used, naming the file and what is wrong with it.
///
/// Its description shows a file's name and a catalog's data visibly (`Quoting.visible`), so that
/// a hostile catalog cannot write to the terminal through an error message.
public struct CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file (or directory) at fault.
  public let path: String
  public let reason: Reason

  /// An error of the file at `path`.
  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// What is wrong with the file.
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
    case noMeals
    /// The name of category `index` (from 0), which category `first` already has.
    case duplicateCategory(index: Int, name: String, first: Int)
    /// Category `index` (from 0) has no name, or only white space.
    case emptyCategoryName(index: Int)
    case nonNumericID(String)
    /// A record's `strCategory` that `categories.json` does not list.
    case unknownCategory(id: String, category: String)
    /// Half of a surrogate pair (`\ud800` alone), escaped at byte `offset` (from 0), in the
    /// value of `field` when it is in a record's member: valid JSON, but no text the app can
    /// show.
    case loneSurrogate(field: String?, offset: Int)

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
      case .noMeals: "lists no meals; a catalog needs at least one"
      case .duplicateCategory(let index, let name, let first):
        "category \(index + 1) is named \"\(name)\" like category \(first + 1) before it"
      case .emptyCategoryName(let index): "category \(index + 1) has an empty name"
      case .nonNumericID(let id): "has the id \"\(id)\", which is not a number"
      case .unknownCategory(let id, let category):
        "(id \(id)) has the category \"\(category)\", which \(Catalog.categoriesFile) does not list"
      case .loneSurrogate(let field, let offset):
        "holds half of a surrogate pair, which is no text, at byte \(offset + 1)"
          + (field.map { " (in \($0))" } ?? "")
      }
    }
  }

  public var description: String { Quoting.visible("\(path): \(reason)") }
}

extension Catalog {
  /// File names inside a catalog directory.
  public static let categoriesFile = "categories.json"
  public static let mealsFile = "meals.json"

  /// Loads the catalog in the folder at `path`, relative to the current folder unless it starts
  /// with `/`. Errors name the files by their full paths.
  init(directoryPath path: String) throws {
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
    // Both files are read before either is checked: a missing file is named first.
    let categoriesData = try Self.contents(ofFile: categoriesPath)
    let mealsData = try Self.contents(ofFile: mealsPath)
    try self.init(
      categoriesData: categoriesData, categoriesPath: categoriesPath, mealsData: mealsData,
      mealsPath: mealsPath)
  }

  /// The catalog a command's `--catalog DIR` names, or the embedded one without it.
  ///
  /// - Throws: `CatalogError` naming the file and what is wrong.
  public static func load(directory path: String?) throws -> Catalog {
    guard let path else { return try embedded() }
    return try Catalog(directoryPath: path)
  }

  /// `path` from the root: as it is when it starts with `/`, else under the current folder;
  /// without a trailing `/` (but for the root itself) and without `.` components.
  static func absolute(_ path: String) -> String {
    let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let parts = full.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    return "/" + parts.joined(separator: "/")
  }

  /// The whole file at `path`; every error of a missing, unreadable or wrongly typed file.
  private static func contents(ofFile path: String) throws(CatalogError) -> Data {
    let reason: CatalogError.Reason
    switch FileKind(path: path) {
    case .file, .unreadable:
      // Opened first for the reason it cannot be; then read whole, in one piece of its size.
      let file = open(path, O_RDONLY | O_CLOEXEC)
      if file >= 0 {
        close(file)
        do {
          return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
          reason = .unreadable("\(error.localizedDescription)")
        }
      } else {
        reason = .unreadable(
          errno == EACCES ? "permission denied" : String(cString: strerror(errno)))
      }
    case .missing: reason = .unreadable("no such file")
    case .directory: reason = .unreadable("is a directory")
    case .loop: reason = .symlinkLoop
    }
    throw CatalogError(path: path, reason: reason)
  }

  /// Parses a catalog from the two files' contents; the paths name them in errors.
  ///
  /// The first error is reported: in `categories.json`, then anything that makes `meals.json`
  /// no list of records the app can show, then a record whose category `categories.json` does
  /// not list, then an id given twice.
  public init(categoriesData: Data, categoriesPath: String, mealsData: Data, mealsPath: String)
    throws
  {
    let categories: [Category]
    do throws(CatalogError.Reason) {
      categories = try Self.readCategories(categoriesData)
      if let refused = Self.sorting(categories: categories, records: []).refused.first {
        throw refused
      }
    } catch {
      throw CatalogError(path: categoriesPath, reason: error)
    }
    do throws(CatalogError.Reason) {
      let records = try Self.readMeals(mealsData)
      guard !records.isEmpty else { throw CatalogError.Reason.noMeals }
      let (catalog, refused) = Self.sorting(categories: categories, records: records)
      switch refused.first {
      case nil: self = catalog
      case .invalidRecord(_, .duplicateID(let id))?: throw CatalogError.Reason.duplicateID(id)
      case let reason?: throw reason
      }
    } catch {
      throw CatalogError(path: mealsPath, reason: error)
    }
  }

  /// The records of a `{"meals": [...]}` file, each read once (see `Record.read`). Of a
  /// `"meals"` key given twice, the last counts.
  package static func readMeals(_ data: Data) throws(CatalogError.Reason) -> [Record] {
    guard let meals = try readMealsAnswer(data) else {
      throw .wrongShape(#"is not a {"meals": [...]} answer"#)
    }
    return meals
  }

  /// The records of a `{"meals": [...]}` answer, as `readMeals(_:)` reads them; `nil` when the
  /// object's `"meals"` is missing or no list (`null`, `"Invalid ID"`).
  package static func readMealsAnswer(_ data: Data) throws(CatalogError.Reason) -> [Record]? {
    do {
      return try data.withUnsafeBytes { raw in
        var reader = JSONReader(raw.bindMemory(to: UInt8.self))
        guard reader.peek() == UInt8(ascii: "{") else {
          _ = try JSONValue(reading: &reader)
          return nil
        }
        var meals: [Record]?
        var words: [[UInt8]: [UInt8]] = [:]
        try reader.readEach(closing: UInt8(ascii: "}")) { reader in
          let key = try reader.key()
          guard key == "meals", reader.peek() == UInt8(ascii: "[") else {
            if key == "meals" { meals = nil }
            _ = try JSONValue(reading: &reader)
            return
          }
          var records: [Record] = []
          try reader.readEach(closing: UInt8(ascii: "]")) { reader in
            records.append(try Record.read(from: &reader, index: records.count, words: &words))
          }
          meals = records
        }
        try reader.expectEnd()
        return meals
      }
    } catch {
      throw reason(forReading: error)
    }
  }

  /// The categories of a `categories.json`, checked: at least one, each with an id and a name.
  ///
  /// Unlike `CategoryResponse`, which reads a missing or `null` list as empty (right for an API
  /// answer), a file without the list is the wrong file, such as a meals answer. Each category is
  /// tidied as decoding an answer tidies it (`Category.init(answerID:name:thumbnail:description:)`).
  /// As in any JSON object, a key given twice counts with its last value. A file that is not JSON
  /// is reported as such even where its shape is wrong before the broken part.
  static func readCategories(_ data: Data) throws(CatalogError.Reason) -> [Category] {
    let top: JSONValue
    do {
      let invalid = data.withUnsafeBytes {
        JSONReader.firstInvalidUTF8(in: $0.bindMemory(to: UInt8.self))
      }
      if let invalid { throw JSONReader.Failure.invalidUTF8(offset: invalid) }
      top = try JSONValue(json: data)
    } catch {
      throw reason(forReading: error)
    }
    guard case .array(let items)? = top.object?["categories"] else {
      throw .wrongShape(#"is not a {"categories": [...]} answer"#)
    }
    var categories: [Category] = []
    for (index, item) in items.enumerated() {
      let place = "categories[\(index)]"
      guard case .object(let fields) = item else {
        throw .wrongShape("expected an object at \(place)")
      }
      /// The text of field `key`; a required one may be neither missing nor `null`.
      func text(_ key: String, required: Bool = false) throws(CatalogError.Reason) -> String? {
        switch fields[key] {
        case .string(let value)?: return value
        case nil where required: throw .wrongShape("lacks \"\(key)\" at \(place)")
        case .null? where required:
          throw .wrongShape("expected String at \(place).\(key), found null")
        case nil, .null?: return nil
        default: throw .wrongShape("expected String at \(place).\(key)")
        }
      }
      categories.append(
        Category(
          answerID: try text("idCategory", required: true) ?? "",
          name: try text("strCategory", required: true) ?? "",
          thumbnail: try text("strCategoryThumb"),
          description: try text("strCategoryDescription")))
    }
    guard !categories.isEmpty else { throw .noCategories }
    return categories
  }

  /// What a `JSONReader` failure says about a catalog file.
  static func reason(forReading error: any Error) -> CatalogError.Reason {
    switch error {
    case let reason as CatalogError.Reason: reason
    case JSONReader.Failure.invalidUTF8(let offset): .invalidUTF8(offset: offset)
    case JSONReader.Failure.syntax(let message, let offset):
      .notJSON("\(message) at byte \(offset + 1)")
    case JSONReader.Failure.loneSurrogate(let offset): .loneSurrogate(field: nil, offset: offset)
    default: .notJSON("\(error)")
    }
  }

  // MARK: - The embedded catalog

  /// The catalog that ships with the package.
  public static func embedded() throws -> Catalog {
    guard let directory = Bundle.module.url(forResource: "Catalog", withExtension: nil) else {
      throw CatalogError(path: "Catalog", reason: .unreadable("the embedded catalog is missing"))
    }
    return try Catalog(directoryPath: directory.path)
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
