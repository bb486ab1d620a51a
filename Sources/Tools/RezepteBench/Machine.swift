import Foundation

/// What the figures were measured on: processors, toolchain, build, and the process's memory.
enum Machine {
  /// `2 × AMD EPYC (nproc 2)`.
  static var processors: String {
    let model =
      (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
      .split(separator: "\n")
      .first { $0.hasPrefix("model name") }?
      .split(separator: ":", maxSplits: 1).last?
      .trimmingCharacters(in: .whitespaces) ?? "unknown processor"
    let count = ProcessInfo.processInfo.activeProcessorCount
    return "\(model), nproc \(count)"
  }

  /// The first line of `swift --version`, e.g. `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
  static var swiftVersion: String {
    guard let output = try? Child.output(of: ["swift", "--version"]),
      let line = output.split(separator: "\n").first(where: { $0.contains("Swift version") })
    else { return "Swift (version unknown: `swift` is not on the PATH)" }
    return String(line)
  }

  /// `release` or `debug`; figures from a debug build are not meaningful.
  static var build: String {
    #if DEBUG
      "debug (-c debug): figures are NOT meaningful, build with -c release"
    #else
      "release (-c release)"
    #endif
  }

  /// The operating system's kernel, e.g. `Linux 6.8.0 x86_64`.
  static var system: String {
    var name = utsname()
    uname(&name)
    func text(_ field: Any) -> String {
      withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return "\(text(name.sysname)) \(text(name.release)) \(text(name.machine))"
  }

  /// The process's peak resident memory so far (`VmHWM` in `/proc/self/status`), in KiB.
  static func peakMemoryKiB() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return line.split(separator: " ").compactMap { Int($0) }.first
    }
    return nil
  }

  /// Voluntary context switches of this process so far (`ru_nvcsw`): each one is a thread that
  /// went to sleep waiting for another, the cost of handing work between threads.
  static func voluntaryContextSwitches() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_nvcsw
  }

  /// The processor time this process has used so far, user and system, over all its threads.
  static func processorTime() -> Duration {
    processorTime(of: RUSAGE_SELF)
  }

  /// The processor time of this process's children that have ended and been waited for.
  static func childrenProcessorTime() -> Duration {
    processorTime(of: RUSAGE_CHILDREN)
  }

  private static func processorTime(of who: __rusage_who) -> Duration {
    var usage = rusage()
    getrusage(who.rawValue, &usage)
    return processorTime(usage)
  }

  /// The processor time, user and system, that `usage` counts.
  static func processorTime(_ usage: rusage) -> Duration {
    func duration(_ time: timeval) -> Duration {
      .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
    }
    return duration(usage.ru_utime) + duration(usage.ru_stime)
  }

  /// The package's root: the current directory if it holds `Scenarios/`, else the folder this
  /// file was compiled from, two levels up.
  static func packageRoot() -> URL? {
    let manager = FileManager.default
    let current = URL(fileURLWithPath: manager.currentDirectoryPath)
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return [current, source].first { root in
      var isDirectory: ObjCBool = false
      return manager.fileExists(
        atPath: root.appendingPathComponent("Scenarios").path, isDirectory: &isDirectory)
        && isDirectory.boolValue
    }
  }

  /// This program's own executable, to start it again as a child.
  static var executable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }
}

/// Starting other programs and collecting what they print.
enum Child {
  /// Runs `arguments` (the first one looked up on the PATH) and returns its standard output;
  /// throws when it cannot start or exits with a non-zero status.
  static func output(of arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ChildFailure(
        command: arguments.joined(separator: " "), status: process.terminationStatus)
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs `arguments` with all output discarded and returns its exit status.
  static func run(_ arguments: [String], in directory: URL? = nil) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0])
    process.arguments = Array(arguments.dropFirst())
    if let directory { process.currentDirectoryURL = directory }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Runs `arguments` (the first one a path) with `posix_spawn`, its output discarded, and
  /// waits for it: no `Process`, whose own start would blur a start-up measured in milliseconds.
  /// Returns the exit status, or 128 + the signal that ended it; `usage`, when given, gets what
  /// the child used.
  static func spawn(
    _ arguments: [String], usage: UnsafeMutablePointer<rusage>? = nil
  ) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv = arguments.map { strdup($0) }
    argv.append(nil)
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
    guard started == 0 else {
      throw BenchmarkFailure(
        "cannot start `\(arguments[0])`: \(String(cString: strerror(started)))")
    }
    var status: Int32 = 0
    while wait4(pid, &status, 0, usage) < 0, errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// Whether a program of this name is on the PATH.
  static func isInstalled(_ name: String) -> Bool {
    (try? output(of: ["which", name])).map { !$0.isEmpty } ?? false
  }
}

/// A child process that failed.
struct ChildFailure: Error, CustomStringConvertible {
  let command: String
  let status: Int32

  var description: String { "`\(command)` exited with status \(status)" }
}
