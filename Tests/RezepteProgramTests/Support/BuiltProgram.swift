import CommandLineKit
import Foundation
import VirtualTime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A product of this package started as a user starts it: in the package folder, its output and
/// errors collected as they come, and optionally under resource limits the shell sets before it
/// starts. Its standard input is a pipe this process never writes to, with
/// `Program.endsWithInputVariable` set: however this process ends, the program ends with it.
final class BuiltProgram {
  /// The package's folder, where the scenarios are.
  static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The product `name` built beside the test bundle, or in the package's debug folder.
  static func url(_ name: String) -> URL? {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let packageBuild = packageFolder.appendingPathComponent(".build/debug")
    return [besideTests, packageBuild].map { $0.appendingPathComponent(name) }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }

  private let process = Process()
  private let input = Pipe()
  private let output = Locked(Data())
  private let errors = Locked(Data())
  private let reading = DispatchGroup()

  /// Starts `executable` with `arguments`.
  ///
  /// - Parameters:
  ///   - limits: options of the shell's `ulimit` (`["-n", "8"]`), set for the program alone.
  ///   - redirections: the shell's redirections of the program's streams (`>&-` closes its
  ///     standard output).
  ///   - niceness: its `nice` value, which its workers inherit: an exploration that runs until
  ///     a signal stops it then takes no processor from the tests beside it. Without any of the
  ///     three, the program starts directly.
  init(
    _ executable: URL, _ arguments: [String], limits: [String] = [], redirections: String = "",
    niceness: Int = 0
  ) throws {
    if limits.isEmpty, redirections.isEmpty, niceness == 0 {
      process.executableURL = executable
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      let setLimits = limits.isEmpty ? "" : "ulimit " + limits.joined(separator: " ") + " && "
      let command = setLimits + "exec nice -n \(niceness) \"$0\" \"$@\" " + redirections
      process.arguments = ["-c", command, executable.path] + arguments
    }
    process.currentDirectoryURL = Self.packageFolder
    process.standardInput = input
    process.environment = ProcessInfo.processInfo.environment.merging(
      [Program.endsWithInputVariable: "1"]
    ) { $1 }
    // The programs started later must not hold it open.
    _ = fcntl(input.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    try process.run()
    for (pipe, buffer) in [(outputPipe, output), (errorPipe, errors)] {
      let handle = pipe.fileHandleForReading
      reading.enter()
      // A thread of its own, blocked in `read` until the program ends: on Dispatch's pool it
      // would take a thread from the servers the other tests run in this process.
      Thread { [reading] in
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          buffer.withLock { $0.append(chunk) }
        }
        reading.leave()
      }.start()
    }
  }

  /// Everything written to standard output so far.
  var outputText: String { String(decoding: output.withLock { $0 }, as: UTF8.self) }

  /// Everything written to standard error so far.
  var errorText: String { String(decoding: errors.withLock { $0 }, as: UTF8.self) }

  /// Waits until the standard output holds `text`; `false` when the program ended or the
  /// deadline passed first.
  func waitForOutput(containing text: String, within limit: Duration) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !outputText.contains(text) {
      guard process.isRunning, ContinuousClock.now < deadline else {
        return outputText.contains(text)
      }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return true
  }

  #if os(Linux)
    /// The processes the program's main thread started, once there are `count` of them (Linux's
    /// `/proc/PID/task/PID/children`); fewer when it ended or the deadline passed first.
    func children(count: Int, within limit: Duration) async -> [Int32] {
      let pid = process.processIdentifier
      let deadline = ContinuousClock.now + limit
      var children: [Int32] = []
      while children.count < count, process.isRunning, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(20))
        let text = try? String(
          contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
        children = text?.split(separator: " ").compactMap { Int32($0) } ?? []
      }
      return children
    }
  #endif

  /// Sends `signal` to the program.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits for the program to end and for all its output, and gives its exit status: a
  /// signal that ended it as 128 plus its number, as a shell reports it. A program still
  /// running at the deadline is killed, and the result is `nil`.
  func exitStatus(within limit: Duration) async -> Int32? {
    let deadline = ContinuousClock.now + limit
    while process.isRunning, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    let finished = !process.isRunning
    if !finished { send(SIGKILL) }
    process.waitUntilExit()
    reading.wait()
    guard finished else { return nil }
    let status = process.terminationStatus
    return process.terminationReason == .uncaughtSignal ? 128 + status : status
  }
}
