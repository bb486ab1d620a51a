import CommandLineKit
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

  /// The declaration of `rezepte capture` in a program without real HTTP, which says so when run.
  public static var command: Command { command(network: nil) }

  /// The declaration of `rezepte capture`: its options, help and run, downloading over
  /// transports `network` makes.
  public static func command(network: HTTPTransportMaker?) -> Command {
    Command(
      name: "capture",
      summary: "Downloads categories and full recipes from a server into a catalog directory.",
      discussion: """
        Downloads categories.php and, for the chosen categories, every meal's full record \
        (filter.php, then lookup.php) into DIR as categories.json and meals.json, a catalog that \
        `rezepte serve --catalog DIR` serves. Running it again resumes: records already in \
        meals.json are not downloaded again; the category lists are, to find new meals. \
        meals.json is replaced after each category, never left half-written.
        Exit status: 0 when done, 1 when the capture failed, 2 for bad input.
        """,
      options: [
        .value(
          "--base-url", "URL",
          help: "The API folder, e.g. https://www.themealdb.com/api/json/v1/1/ or "
            + "http://127.0.0.1:8080/api/json/v1/1/ (rezepte serve).",
          required: true),
        .value("--out", "DIR", help: "The catalog directory; created if missing.", required: true),
        .value("--categories", "A,B,…", help: "Only these categories (default: all)."),
      ],
      run: { invocation throws(UsageError) in
        let options = try Options(invocation)
        guard let network else {
          invocation.console.errorOutput("error: \(NetworkUnavailable(option: "capture"))")
          return .badInput
        }
        return await run(options, network: network, console: invocation.console)
      })
  }

  /// Reads the options; the parser has checked their spelling.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    try Options(command.parse(arguments, console: .standard))
  }

  /// Runs the capture.
  static func run(
    _ options: Options, network: HTTPTransportMaker, console: Console
  ) async -> ExitCode {
    let onTerminal = isatty(1) == 1
    var progress: (@Sendable (CatalogCapture.Progress) -> Void)?
    if onTerminal {
      progress = { progress in
        // Rewrites one line: carriage return, the text, then erase the rest of the line.
        FileHandle.standardOutput.write(Data("\r\(progress.line)\u{1B}[K".utf8))
      }
    }
    let capture = CatalogCapture(
      transport: network(options.baseURL),
      directory: URL(fileURLWithPath: options.directory), categories: options.categories,
      progress: progress)
    do {
      let summary = try await capture.run()
      let text =
        (onTerminal ? "\n" : "")
        + "Captured \(summary.categories) categories and \(summary.meals) meals"
        + " (\(summary.downloaded) downloaded) into \(options.directory)\n"
      FileHandle.standardOutput.write(Data(text.utf8))
      // Leaving something out is a failed capture (exit 1) whose catalog still loads.
      guard summary.leftOut.isEmpty else {
        console.errorOutput(
          "error: left out \(summary.leftOut.count) of what the server sent, which a catalog "
            + "cannot hold:")
        for line in summary.leftOut { console.errorOutput("  " + line) }
        return .failure
      }
      return .success
    } catch {
      if onTerminal { FileHandle.standardOutput.write(Data("\n".utf8)) }
      console.errorOutput("error: \(error)")
      return .failure
    }
  }
}

extension CaptureCommand.Options {
  /// The options of a parsed `capture` command line.
  init(_ invocation: Invocation) throws(UsageError) {
    // The parser has made sure that both required options are there.
    baseURL = try BaseURL.parse(invocation.value("--base-url") ?? "", option: "--base-url")
    directory = invocation.value("--out") ?? ""
    // Checked before anything is downloaded.
    try OutputFolder.check(directory, option: "--out")
    if let text = invocation.value("--categories") {
      let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
      guard !names.isEmpty else { throw UsageError("--categories needs at least one name") }
      categories = names
    }
  }
}
