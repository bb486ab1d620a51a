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

  /// Starts `command`, its standard output going to `output`.
  static func launch(_ command: [String], output: Pipe? = nil) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    if let output { process.standardOutput = output }
    try process.run()
    return process
  }

  /// Starts `command` and returns it with the first line it prints (a server's address).
  static func start(_ command: [String]) throws -> (process: Process, firstLine: String) {
    let pipe = Pipe()
    let process = try launch(command, output: pipe)
    var line = Data()
    while let byte = try pipe.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
      byte != Data("\n".utf8)
    {
      line += byte
    }
    return (process, String(decoding: line, as: UTF8.self))
  }

  /// `wrk -t1 -cN -d5s url` against a server running as `server`: the requests a second, and
  /// a request's share of the server's processor time and context switches (of all its
  /// threads): where it waited (voluntary) and where it was preempted. Any answer but 2xx or
  /// 3xx stops the bench.
  static func wrk(
    _ wrk: String, connections: Int, url: String, server: Process
  ) throws -> (rate: Double, waits: Double, preemptions: Double, cpu: Duration) {
    let before = load(server.processIdentifier)
    let pipe = Pipe()
    let process = try launch([wrk, "-t1", "-c\(connections)", "-d5s", url], output: pipe)
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let after = load(server.processIdentifier)
    // "  154012 requests in 5.00s, 301.25MB read" and "Requests/sec:  30801.23".
    let words = output.split(whereSeparator: \.isWhitespace)
    guard !output.contains("Non-2xx"),
      let count = words.firstIndex(of: "requests").flatMap({ Double(words[$0 - 1]) }),
      let rate = words.firstIndex(of: "Requests/sec:").flatMap({ Double(words[$0 + 1]) })
    else { throw BenchmarkFailure("`wrk \(url)` printed: \(output)") }
    return (
      rate, Double(after.waits - before.waits) / count,
      Double(after.preemptions - before.preemptions) / count, (after.cpu - before.cpu) / count
    )
  }

  /// A running process's context switches so far, of all its threads, voluntary (waits) and
  /// not (preemptions), and its processor time: from `/proc`.
  static func load(_ pid: Int32) -> (waits: Int, preemptions: Int, cpu: Duration) {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    let lines = tasks.flatMap { task in
      ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? "")
        .split(separator: "\n")
    }
    func sum(_ name: String) -> Int {
      lines.filter { $0.hasPrefix(name + ":") }.compactMap { Int($0.split(separator: "\t")[1]) }
        .reduce(0, +)
    }
    // User and system time in clock ticks: fields 14 and 15 of `stat`, counted after the
    // name's closing parenthesis (the name may hold spaces).
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    let fields = (stat.split(separator: ")").last ?? "").split(separator: " ")
    let ticks = fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    return (
      sum("voluntary_ctxt_switches"), sum("nonvoluntary_ctxt_switches"),
      .seconds(Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK))))
    )
  }

  /// The path of a program on the PATH, if there is one.
  static func find(_ name: String) -> String? {
    let paths = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":") ?? []
    return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
