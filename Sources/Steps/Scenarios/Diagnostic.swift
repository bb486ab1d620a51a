import Spelling

/// A problem with a scenario file found before anything runs, printed as `file:line: error: …`.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file as it was given.
  public let file: String
  /// The 1-based line, or `nil` when the problem is the whole file.
  public let line: Int?
  /// One sentence, without a final full stop.
  public let message: String

  public init(file: String, line: Int?, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  /// The line as printed; the file's own text in it has its control characters made visible.
  public var description: String {
    let location = line.map { "\(file):\($0)" } ?? file
    return Quoting.visible("\(location): error: \(message)")
  }
}
