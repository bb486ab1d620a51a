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

    public var description: String {
      switch self {
      case .unreadable(let detail): "cannot be read (\(detail))"
      case .notJSON(let detail): "is not valid JSON (\(detail))"
      case .wrongShape(let detail): detail
      case .missingField(let field): "lacks the required field \"\(field)\""
      case .duplicateID(let id): "holds the id \(id) twice"
      case .invalidRecord(let index, let reason): "record \(index + 1) \(reason)"
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
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
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
      // `CategoryResponse` reads a missing or `null` list as empty, which suits an API answer but
      // would let a wrong file (say, a meals answer) load as a catalog without categories.
      let envelope = try JSONDecoder().decode(JSONValue.self, from: categoriesData)
      guard case .array? = envelope.object?["categories"] else {
        throw CatalogError.Reason.wrongShape(#"is not a {"categories": [...]} answer"#)
      }
      categories = try JSONDecoder().decode(CategoryResponse.self, from: categoriesData).categories
    } catch let reason as CatalogError.Reason {
      throw CatalogError(path: categoriesPath, reason: reason)
    } catch {
      throw CatalogError(path: categoriesPath, reason: Self.reason(for: error))
    }
    let records: [Record]
    do {
      let envelope = try JSONDecoder().decode(JSONValue.self, from: mealsData)
      guard case .array(let items)? = envelope.object?["meals"] else {
        throw CatalogError.Reason.wrongShape(#"is not a {"meals": [...]} answer"#)
      }
      records = try items.enumerated().map { index, item in
        guard let fields = item.object else {
          throw CatalogError.Reason.invalidRecord(index: index, .wrongShape("is not an object"))
        }
        do {
          return try Record(fields: fields)
        } catch let reason as CatalogError.Reason {
          throw CatalogError.Reason.invalidRecord(index: index, reason)
        }
      }
      // A record the app cannot decode (say, a number in an ingredient slot) would only fail
      // later, on the detail screen; here the error can still name the file and the record.
      do {
        _ = try JSONDecoder().decode(MealsResponse<MealDetail>.self, from: mealsData)
      } catch let error as DecodingError {
        throw Self.recordReason(for: error)
      }
    } catch let reason as CatalogError.Reason {
      throw CatalogError(path: mealsPath, reason: reason)
    } catch {
      throw CatalogError(path: mealsPath, reason: Self.reason(for: error))
    }
    do {
      try self.init(categories: categories, records: records)
    } catch let reason as CatalogError.Reason {
      throw CatalogError(path: mealsPath, reason: reason)
    }
  }

  /// The catalog that ships with the package.
  public static func embedded() throws -> Catalog {
    guard let directory = Bundle.module.url(forResource: "Catalog", withExtension: nil) else {
      throw CatalogError(path: "Catalog", reason: .unreadable("the embedded catalog is missing"))
    }
    return try Catalog(directory: directory)
  }

  private static func read(_ url: URL) throws -> Data {
    do {
      return try Data(contentsOf: url)
    } catch {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
      let detail =
        !exists ? "no such file" : isDirectory.boolValue ? "is a directory" : "permission denied"
      throw CatalogError(path: url.path, reason: .unreadable(detail))
    }
  }

  /// The reason for a `DecodingError` inside `meals[i]`, naming the record and the field in it.
  private static func recordReason(for error: DecodingError) -> CatalogError.Reason {
    let context: DecodingError.Context? =
      switch error {
      case .keyNotFound(_, let context), .typeMismatch(_, let context),
        .valueNotFound(_, let context), .dataCorrupted(let context):
        context
      @unknown default: nil
      }
    guard let codingPath = context?.codingPath, codingPath.count >= 2,
      let index = codingPath[1].intValue
    else { return reason(for: error) }
    return .invalidRecord(index: index, reason(for: error, dropping: 2))
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
