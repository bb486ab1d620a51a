import CommandLineKit
import Foundation
import LiveNetwork
import MealDB
import Spelling

/// `rezepte capture`: records a TheMealDB-compatible server's answers into a catalog directory.
public enum CaptureCommand {
  struct Options: CommandOptions {
    @Option(
      .baseURL(
        help: "The API folder, e.g. https://www.themealdb.com/api/json/v1/1/ or "
          + "http://127.0.0.1:8080/api/json/v1/1/ (rezepte serve)."))
    var baseURL: URL
    /// The catalog directory, checked before anything is downloaded.
    @Option(.outputFolder(help: "The catalog directory; created if missing."))
    var directory: String
    /// `nil` for every category.
    @Option(
      "--categories", "A,B,…", help: "Only these categories (default: all).",
      read: { text throws(UsageError) in
        let names = text.split(separator: ",").map { $0.trimmed(.whitespaces) }
          .filter { !$0.isEmpty }
        guard !names.isEmpty else { throw UsageError("needs at least one name") }
        return names
      })
    var categories: [String]? = nil
  }

  /// The declaration of `rezepte capture`: its options, help and run.
  public static let command = Command(
    name: "capture",
    summary: "Downloads categories and full recipes from a server into a catalog directory.",
    discussion: """
      Downloads categories.php and, for the chosen categories, every meal's full record \
      (filter.php, then lookup.php) into DIR as categories.json and meals.json, a catalog that \
      `rezepte serve \(ServeCommand.Options().$catalog.synopsis)` serves. Running it again resumes: records already in \
      meals.json are not downloaded again; the category lists are, to find new meals. \
      meals.json is replaced after each category, never left half-written. A second capture into \
      DIR while one runs stops at once. A capture keeps at most \
      \(CatalogCapture.defaultMaximumBytes >> 20) MB of records; beyond that it stops and leaves \
      no catalog it began.
      Exit status: 0 when done, 1 when the capture failed, 2 for bad input.
      """,
    options: Options.self,
    run: { options, invocation in await run(options, console: invocation.console) })

  static func run(_ options: Options, console: Console) async -> ExitCode {
    let onTerminal = isatty(STDOUT_FILENO) == 1
    // Rewrites one line: carriage return, the text, then erase the rest of the line.
    let progress: (@Sendable (CatalogCapture.Progress) -> Void)? =
      onTerminal
      ? { @Sendable in StandardStreams.write("\r\($0.line)\u{1B}[K", to: STDOUT_FILENO) } : nil
    let capture = CatalogCapture(
      transport: URLSessionTransport(baseURL: options.baseURL),
      directory: URL(fileURLWithPath: options.directory), categories: options.categories,
      progress: progress)
    do {
      let summary = try await capture.run()
      console.output(
        (onTerminal ? "\n" : "")
          + "Captured \(summary.categories) categories and \(summary.meals) meals"
          + " (\(summary.downloaded) downloaded) into \(Quoting.visible(options.directory))")
      // Leaving something out is a failed capture (exit 1) whose catalog still loads.
      guard summary.leftOut.isEmpty else {
        console.error(
          "left out \(summary.leftOut.count) of what the server sent, which a catalog cannot hold:")
        for line in summary.leftOut { console.errorOutput("  " + Quoting.visible(line)) }
        return .failure
      }
      return .success
    } catch {
      if onTerminal { console.output("") }
      console.error("\(error)")
      return .failure
    }
  }
}
