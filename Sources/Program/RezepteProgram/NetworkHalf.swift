import CommandLineKit
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// `rezepte-net`, the networking half of `rezepte`: the same commands, linked with
/// FoundationNetworking (and libcurl), which `rezepte` leaves out to start fast. `rezepte` hands
/// every command line that needs real HTTP to it.
public enum NetworkHalf {
  /// The executable's name, looked for in the folder of `rezepte`.
  public static let executableName = "rezepte-net"

  /// Why `arguments` (without the program's name) need real HTTP: `capture`, `--base-url` or
  /// `--live` (on `run`, the default command, or `play`, before any `--`); `nil` when they run
  /// without it. `help` and `--help` never need it.
  public static func reason(_ arguments: [String]) -> String? {
    guard let first = arguments.first else { return nil }
    let words = arguments.prefix { $0 != "--" }
    if words.contains("--help") || words.contains("-h") { return nil }
    let options: ArraySlice<String>
    switch first {
    case "capture": return "capture"
    case "run", "play": options = words.dropFirst()
    case "help", "show", "storyboard", "serve": return nil
    default: options = words
    }
    for word in options {
      if word == "--live" { return "--live" }
      if word == "--base-url" || word.hasPrefix("--base-url=") { return "--base-url" }
    }
    return nil
  }

  /// Hands `arguments` to `rezepte-net` when they need real HTTP, and returns when they do not;
  /// when `rezepte-net` cannot be started, says why and exits with status 2.
  public static func handOverIfNeeded(_ arguments: [String], console: Console = .standard) {
    guard let reason = reason(arguments) else { return }
    console.errorOutput("error: " + execute(arguments, reason: reason))
    exit(ExitCode.badInput.rawValue)
  }

  /// Replaces this process with `rezepte-net` beside it, with the same arguments; returns only
  /// when that is impossible, with the sentence to print after `error: `.
  ///
  /// - Parameter reason: what needs the network (`reason(_:)`), for the message.
  public static func execute(_ arguments: [String], reason: String) -> String {
    guard let own = ownPath() else {
      return "\(reason) needs \(executableName), the networking half of rezepte, but the path "
        + "of this program cannot be found; run \(executableName) instead"
    }
    let sibling = URL(fileURLWithPath: own).deletingLastPathComponent()
      .appendingPathComponent(executableName).path
    guard FileManager.default.isExecutableFile(atPath: sibling) else {
      return missing(reason: reason, own: own)
    }
    let argv = ([sibling] + arguments).map { strdup($0) } + [nil]
    execv(sibling, argv)
    let problem = String(cString: strerror(errno))
    for pointer in argv { free(pointer) }
    return "\(reason) needs \(executableName), but \(sibling) cannot be started: \(problem)"
  }

  /// The sentence for `rezepte` without `rezepte-net` beside it at `own`.
  static func missing(reason: String, own: String) -> String {
    "\(reason) needs \(executableName), the networking half of rezepte, next to \(own); build "
      + "it with 'swift build --product \(executableName)' (swift build builds both)"
  }

  /// The running executable's path, symbolic links resolved.
  public static func ownPath() -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
      return Bundle.main.executableURL?.resolvingSymlinksInPath().path
    #endif
  }
}
