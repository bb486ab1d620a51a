import Foundation

#if FUZZING
  /// The target libFuzzer drives, named by `REZEPTE_FUZZ_TARGET`.
  let selected: @Sendable (Data) -> Void = {
    let name = ProcessInfo.processInfo.environment["REZEPTE_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.all[name] else {
      let known = FuzzTargets.all.keys.sorted().joined(separator: ", ")
      FileHandle.standardError.write(
        Data("error: set REZEPTE_FUZZ_TARGET to one of \(known).\n".utf8))
      exit(2)
    }
    return target
  }()

  /// libFuzzer's entry point: one input.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    selected(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
  }

  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32

  /// The executable's entry point under SwiftPM, which calls its executables' `main` by this
  /// name: hands over to libFuzzer's driver.
  @_cdecl("RezepteFuzz_main")
  public func fuzzMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { fuzzOneInput($0, $1) }
  }
#else
  /// Without libFuzzer: replays a corpus through a target, so that every input found once keeps
  /// being tried by a plain build.
  ///
  /// `rezepte-fuzz TARGET [FILE|FOLDER...]`; without paths, `Tests/Fuzz/TARGET`. `all` replays
  /// every target's folder.
  @main enum Replay {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      guard let name = arguments.first, name == "all" || FuzzTargets.all[name] != nil else {
        let known = FuzzTargets.all.keys.sorted().joined(separator: ", ")
        FileHandle.standardError.write(
          Data("USAGE: rezepte-fuzz all|\(known) [FILE|FOLDER...]\n".utf8))
        exit(2)
      }
      let names = name == "all" ? FuzzTargets.all.keys.sorted() : [name]
      for name in names {
        let paths = arguments.count > 1 ? Array(arguments.dropFirst()) : ["Tests/Fuzz/\(name)"]
        let inputs = paths.flatMap(files(at:)).compactMap(FileManager.default.contents(atPath:))
        inputs.forEach(FuzzTargets.all[name]!)
        print("\(name): \(inputs.count) inputs replayed")
      }
    }

    /// The file at `path`, or the files in the folder there, by name.
    static func files(at path: String) -> [String] {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
        return [path]
      }
      return names.sorted().map { path + "/" + $0 }
    }
  }
#endif
