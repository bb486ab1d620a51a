import FileSafety
import Foundation
import Testing

/// `AtomicFile`: writes through links, keeps modes, refuses what it must not replace.
@Suite struct AtomicFileTests {
  @Test("Writing through a symbolic link changes the target and keeps the link")
  func writesThroughLink() throws {
    let folder = try Folder()
    let target = folder.path("target.scenario")
    try "old".write(toFile: target, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.scenario"), withDestinationPath: "target.scenario")
    try AtomicFile.write(Data("new".utf8), to: folder.path("link.scenario"))
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    let destination = try FileManager.default.destinationOfSymbolicLink(
      atPath: folder.path("link.scenario"))
    #expect(destination == "target.scenario")
  }

  @Test("A replaced file keeps its permission bits")
  func keepsMode() throws {
    let folder = try Folder()
    let file = folder.path("file")
    try "old".write(toFile: file, atomically: false, encoding: .utf8)
    chmod(file, 0o640)
    try AtomicFile.write(Data("new".utf8), to: file)
    #expect(try folder.mode("file") == 0o640)
  }

  @Test("A read-only file is not replaced and the error says so")
  func readOnlyFile() throws {
    let folder = try Folder()
    let file = folder.path("file")
    try "old".write(toFile: file, atomically: false, encoding: .utf8)
    chmod(file, 0o444)
    let error = try #require(throws: FileWriteError.self) {
      try AtomicFile.write(Data("new".utf8), to: file)
    }
    #expect(error.description == "cannot write \(file): the file is read-only")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
    #expect(try folder.mode("file") == 0o444)
  }

  @Test("Files written together are all replaced, or, when one cannot be written, none is")
  func writesTogether() throws {
    let folder = try Folder()
    let (first, second) = (folder.path("a.html"), folder.path("b.html"))
    try AtomicFile.write([(Data("a1".utf8), first), (Data("b1".utf8), second)])
    chmod(second, 0o444)
    let error = try #require(throws: FileWriteError.self) {
      try AtomicFile.write([(Data("a2".utf8), first), (Data("b2".utf8), second)])
    }
    #expect(error.description == "cannot write \(second): the file is read-only")
    #expect(try String(contentsOfFile: first, encoding: .utf8) == "a1")
    #expect(try folder.contents() == ["a.html", "b.html"])
  }

  @Test("Without replacing, a new file is written and an existing one, or a link, is kept")
  func createOnly() throws {
    let folder = try Folder()
    let file = folder.path("file")
    try AtomicFile.write(Data("first".utf8), to: file, replacing: false)
    let error = try #require(throws: FileWriteError.self) {
      try AtomicFile.write(Data("second".utf8), to: file, replacing: false)
    }
    #expect(error.reason == AtomicFile.existsReason)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "first")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("dangling"), withDestinationPath: "missing")
    #expect(throws: FileWriteError.self) {
      try AtomicFile.checkWritable(folder.path("dangling"), replacing: false)
    }
    #expect(try folder.contents() == ["dangling", "file"])
  }

  @Test("A FIFO or a device is not replaced, even when replacing is allowed")
  func notRegular() throws {
    let folder = try Folder()
    let fifo = folder.path("fifo")
    #expect(mkfifo(fifo, 0o644) == 0)
    for path in [fifo, "/dev/null"] {
      let error = try #require(throws: FileWriteError.self) {
        try AtomicFile.write(Data("new".utf8), to: path)
      }
      #expect(error.reason == "it is not a regular file")
    }
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
  }

  @Test("An empty path is refused with a sentence")
  func emptyPath() throws {
    let error = try #require(throws: FileWriteError.self) {
      try AtomicFile.checkWritable("")
    }
    #expect(error.description == "cannot write a file: the path is empty")
  }

  @Test("A folder at the file's path is reported in a sentence")
  func folderInTheWay() throws {
    let folder = try Folder()
    try FileManager.default.createDirectory(
      atPath: folder.path("file"), withIntermediateDirectories: false)
    let error = try #require(throws: FileWriteError.self) {
      try AtomicFile.write(Data("new".utf8), to: folder.path("file"))
    }
    #expect(error.reason == "a folder is in the way of the file")
  }

  @Test("A missing folder is reported in a sentence naming it")
  func missingFolder() throws {
    let folder = try Folder()
    let error = try #require(throws: FileWriteError.self) {
      try AtomicFile.write(Data("new".utf8), to: folder.path("nowhere/file"))
    }
    #expect(error.reason == "the folder \(folder.path("nowhere")) does not exist")
  }

  @Test("A write leaves no temporary file behind")
  func noTemporaryFile() throws {
    let folder = try Folder()
    try AtomicFile.write(Data("one".utf8), to: folder.path("file"))
    try AtomicFile.write(Data("two".utf8), to: folder.path("file"))
    #expect(try folder.contents() == ["file"])
  }

  @Test("Leftover temporary files of the file are removed, and nothing else")
  func removesLeftovers() throws {
    let folder = try Folder()
    let leftover = ".file.\(UUID().uuidString).tmp"
    for name in ["file", leftover, ".other.\(UUID().uuidString).tmp", ".file.notes.tmp"] {
      try "x".write(toFile: folder.path(name), atomically: false, encoding: .utf8)
    }
    #expect(AtomicFile.removeLeftovers(of: folder.path("file")) == 1)
    #expect(!(try folder.contents()).contains(leftover))
    #expect(try folder.contents().count == 3)
  }

  @Test("Links that go round in a loop are reported, not followed forever")
  func linkLoop() throws {
    let folder = try Folder()
    try FileManager.default.createSymbolicLink(atPath: folder.path("a"), withDestinationPath: "b")
    try FileManager.default.createSymbolicLink(atPath: folder.path("b"), withDestinationPath: "a")
    let error = try #require(throws: FileWriteError.self) {
      try AtomicFile.write(Data("x".utf8), to: folder.path("a"))
    }
    #expect(error.reason == "its symbolic links go round in a loop")
  }

  @Test("checkWritable reports a read-only file behind a link, as write would, and writes nothing")
  func checkWritableReadOnly() throws {
    let folder = try Folder()
    let target = folder.path("target")
    try "old".write(toFile: target, atomically: false, encoding: .utf8)
    chmod(target, 0o444)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link"), withDestinationPath: "target")
    let error = try #require(throws: FileWriteError.self) {
      try AtomicFile.checkWritable(folder.path("link"))
    }
    #expect(error.description == "cannot write \(folder.path("link")): the file is read-only")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
    #expect(try folder.contents() == ["link", "target"])
  }

  @Test("checkWritable accepts a writable file and a new file in a folder, and creates nothing")
  func checkWritableAccepts() throws {
    let folder = try Folder()
    try "old".write(toFile: folder.path("file"), atomically: false, encoding: .utf8)
    try AtomicFile.checkWritable(folder.path("file"))
    try AtomicFile.checkWritable(folder.path("new"))
    #expect(try folder.contents() == ["file"])
    let error = try #require(throws: FileWriteError.self) {
      try AtomicFile.checkWritable(folder.path("nowhere/file"))
    }
    #expect(error.reason == "the folder \(folder.path("nowhere")) does not exist")
  }
}

/// `FileLock`: one holder at a time.
@Suite struct FileLockTests {
  @Test("Holders of the same lock file take turns, so no read-change-write is lost")
  func serialises() async throws {
    let folder = try Folder()
    let counter = folder.path("counter")
    try "0".write(toFile: counter, atomically: false, encoding: .utf8)
    // Each task opens the lock file itself, as another process would.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<25 {
            try? FileLock(beside: counter).withLock {
              let value = Int(try String(contentsOfFile: counter, encoding: .utf8)) ?? -1000
              try AtomicFile.write(Data("\(value + 1)".utf8), to: counter)
            }
          }
        }
      }
    }
    #expect(try String(contentsOfFile: counter, encoding: .utf8) == "200")
  }
}

extension FileLockTests {
  @Test("A holder that never lets go makes the lock fail with a sentence, not wait forever")
  func patience() throws {
    let folder = try Folder()
    let lock = FileLock(beside: folder.path("favorites.json"))
    // Another open file description, as another process would have, holding the lock.
    let holder = open(lock.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX) == 0)
    var ran = false
    // A short real wait: the lock is the operating system's, not the virtual clock's.
    let error = try #require(
      throws: FileWriteError.self,
      performing: {
        try lock.withLock(patience: .milliseconds(30)) { ran = true }
      })
    #expect(!ran)
    #expect(error.reason.hasPrefix("another process has held the lock for"))
  }
}

/// A fresh folder under the temporary directory, removed when the value is released.
final class Folder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("filesafety-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  func mode(_ name: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path(name))
    return (attributes[.posixPermissions] as? Int) ?? -1
  }
}
