import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a finished process used: its wall time, its processor time (user and system) and its
/// peak resident memory.
struct Usage {
  var wall: Duration
  var cpu: Duration
  var peakKiB: Int

  /// The median of each figure on its own.
  static func median(_ usages: [Usage]) -> Usage {
    Usage(
      wall: usages.map(\.wall).median, cpu: usages.map(\.cpu).median,
      peakKiB: usages.map(\.peakKiB).median)
  }
}

extension Array where Element: Comparable {
  /// The middle value once sorted (the upper one of an even count).
  var median: Element { sorted()[count / 2] }
}

/// Starting programs as whole processes and timing them.
enum Processes {
  /// Runs `commands` in turn, one round after another, `runs` rounds after an untimed one (which
  /// warms the page cache), and returns each command's medians: the machine's load moves all
  /// of them alike. A command that fails stops the bench.
  static func time(_ commands: [[String]], runs: Int) throws -> [Usage] {
    var usages = Array(repeating: [Usage](), count: commands.count)
    for round in 0...runs {
      for (index, command) in commands.enumerated() {
        let usage = try run(command)
        if round > 0 { usages[index].append(usage) }
      }
    }
    return usages.map(Usage.median)
  }

  /// Runs `arguments` (the first one a path) with `posix_spawn`, its output discarded, and waits
  /// for it: no `Process`, whose own start would blur a start-up measured in milliseconds.
  static func run(_ arguments: [String]) throws -> Usage {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let start = ContinuousClock.now
    var pid = pid_t()
    let started = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
    guard started == 0 else {
      throw BenchmarkFailure("cannot start \(arguments[0]): \(String(cString: strerror(started)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    let wall = ContinuousClock.now - start
    guard status == 0 else {
      throw BenchmarkFailure("`\(arguments.joined(separator: " "))` ended with status \(status)")
    }
    func duration(_ time: timeval) -> Duration {
      .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
    }
    return Usage(
      wall: wall, cpu: duration(usage.ru_utime) + duration(usage.ru_stime),
      peakKiB: usage.ru_maxrss)
  }

  /// Starts `command` and returns it with the first line it prints (a server's address).
  static func start(_ command: [String]) throws -> (process: Process, firstLine: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    var line = Data()
    while let byte = try pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
      byte != Data("\n".utf8)
    {
      line += byte
    }
    return (process, String(decoding: line, as: UTF8.self))
  }

  /// The path of a program on the PATH, if there is one.
  static func find(_ name: String) -> String? {
    let paths = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":") ?? []
    return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
