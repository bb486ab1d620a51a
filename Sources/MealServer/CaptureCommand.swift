import Foundation
import MealDB

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// `rezepte capture`: records a TheMealDB-compatible server's answers into a catalog directory.
public enum CaptureCommand {
  /// What the command line asks for.
  public struct Options: Equatable, Sendable {
    public var baseURL: URL
    public var directory: String
    /// `nil` for every category.
    public var categories: [String]?
  }

  public static let help = """
    USAGE: rezepte capture --base-url URL --out DIR [--categories A,B,...]

    Downloads categories.php and, for the chosen categories, every meal's full record
    (filter.php, then lookup.php) into DIR as categories.json and meals.json, a catalog that
    `rezepte serve --catalog DIR` serves. Running it again resumes: records already in
    meals.json are not downloaded again; the category lists are, to find new meals.
    meals.json is replaced after each category, never left half-written.

    OPTIONS:
      --base-url URL            The API folder, e.g. https://www.themealdb.com/api/json/v1/1/
                                or http://127.0.0.1:8080/api/json/v1/1/ (rezepte serve).
      --out DIR                 The catalog directory; created if missing.
      --categories A,B,...      Only these categories (default: all).
      -h, --help                Show this help.
    """

  public static func parse(_ arguments: [String]) throws -> Options {
    var baseURL: URL?
    var directory: String?
    var categories: [String]?
    var reader = ArgumentReader(arguments)
    while let (name, inline) = try reader.next() {
      switch name {
      case "--base-url":
        let text = try reader.value(of: name, inline: inline)
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""),
          url.host != nil
        else {
          throw UsageError("--base-url takes an http or https URL, not \"\(text)\".")
        }
        baseURL = url
      case "--out":
        directory = try reader.value(of: name, inline: inline)
      case "--categories":
        let names = try reader.value(of: name, inline: inline).split(separator: ",")
          .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw UsageError("--categories needs at least one name.") }
        categories = names
      default:
        throw UsageError("unknown option \(name) for capture.")
      }
    }
    guard let baseURL else { throw UsageError("capture needs --base-url.") }
    guard let directory else { throw UsageError("capture needs --out.") }
    return Options(baseURL: baseURL, directory: directory, categories: categories)
  }

  /// Runs the command: 0 when done, 1 when the capture failed, 2 for bad input.
  public static func run(arguments: [String]) async -> Int32 {
    let options: Options
    switch commandOptions(arguments, help: help, parse: parse) {
    case .run(let parsed): options = parsed
    case .exit(let status): return status
    }
    let onTerminal = isatty(1) == 1
    var progress: (@Sendable (CatalogCapture.Progress) -> Void)?
    if onTerminal {
      progress = { progress in
        // Rewrites one line: carriage return, the text, then erase the rest of the line.
        FileHandle.standardOutput.write(Data("\r\(progress.line)\u{1B}[K".utf8))
      }
    }
    let capture = CatalogCapture(
      transport: URLSessionTransport(baseURL: options.baseURL),
      directory: URL(fileURLWithPath: options.directory), categories: options.categories,
      progress: progress)
    do {
      let summary = try await capture.run()
      let text =
        (onTerminal ? "\n" : "")
        + "Captured \(summary.categories) categories and \(summary.meals) meals"
        + " (\(summary.downloaded) downloaded) into \(options.directory)\n"
      FileHandle.standardOutput.write(Data(text.utf8))
      return 0
    } catch {
      if onTerminal { FileHandle.standardOutput.write(Data("\n".utf8)) }
      printError("\(error)", help: nil)
      return 1
    }
  }
}
