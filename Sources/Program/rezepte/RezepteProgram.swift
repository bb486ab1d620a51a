import CommandLineKit
import Explore
import Foundation
import MealServer
import ReplayCommands
import TerminalPlayer

/// The `rezepte` program, every command in one table.
///
/// - Parameter workers: the executable `explore --jobs` starts as its workers: the running
///   program (`executablePath()`); `nil` (in tests, say) explores in the one process.
func rezepteProgram(workers: String? = nil) -> Program {
  ScenarioCommands.program(adding: [
    ServeCommand.command, CaptureCommand.command, PlayCommand.command,
    ExploreCommand.command(workers: workers),
  ])
}

/// The running executable's path, symbolic links resolved.
func executablePath() -> String? {
  #if os(Linux)
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  #else
    return Bundle.main.executableURL?.resolvingSymlinksInPath().path
  #endif
}
