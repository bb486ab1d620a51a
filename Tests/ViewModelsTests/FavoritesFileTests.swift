import Fixtures
import Foundation
import MealDB
import Testing
import ViewModels

/// The favourites file: versioned JSON, atomic writes, corrupt files moved aside and reported.
@MainActor
@Suite struct FavoritesFileTests {
  let tart = Meal(
    id: "52768", name: "Apple Frangipan Tart", thumbnail: TestCatalog.thumb("tart"))
  let lasagne = Meal(id: "52844", name: "Lasagne", thumbnail: nil)

  @Test("Favourites saved to the file come back after a relaunch")
  func roundTrip() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let storage = FavoritesStorage.file(at: directory.file("rezepte/favorites.json"))
    let store = FavoritesStore(storage: storage)
    store.toggle(lasagne)
    store.toggle(tart)
    #expect(store.saveIssue == nil)
    let relaunched = FavoritesStore(storage: storage)
    #expect(relaunched.favorites == [tart, lasagne])
    #expect(relaunched.loadIssue == nil)
  }

  @Test("The file is versioned JSON holding id, name and thumbnail")
  func format() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    _ = try FavoritesFile(url: url).apply(.add(tart))
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(
      text == #"{"favorites":[{"id":"52768","name":"Apple Frangipan Tart","#
        + #""thumbnail":"https://www.themealdb.com/images/media/meals/tart.jpg"}],"version":1}"#)
  }

  @Test("A change leaves no temporary file behind")
  func noTemporaryFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = FavoritesFile(url: directory.file("favorites.json"))
    _ = try file.apply(.add(tart))
    _ = try file.apply(.add(lasagne))
    #expect(try directory.contents() == ["favorites.json", "favorites.json.lock"])
  }

  @Test("No file means no favourites and nothing to report")
  func missingFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = FavoritesStore(storage: .file(at: directory.file("favorites.json")))
    #expect(store.favorites.isEmpty)
    #expect(store.loadIssue == nil)
  }

  @Test(
    "A file that cannot be used is moved aside, reported, and the app starts empty",
    arguments: [
      ("{not json", "is not a valid favourites file (not valid JSON)"),
      (#"{"version":1}"#, #"is not a valid favourites file (lacks "favorites")"#),
      (#"{"version":2,"favorites":[]}"#, "has the unknown format version 2"),
    ])
  func corruptFile(contents: String, reason: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    try Data(contents.utf8).write(to: url)
    let store = FavoritesStore(storage: .file(at: url))
    #expect(store.favorites.isEmpty)
    let backup = url.path + ".corrupt-1"
    #expect(store.loadIssue == FavoritesLoadIssue(path: url.path, reason: reason, movedTo: backup))
    #expect(try String(contentsOfFile: backup, encoding: .utf8) == contents)
    #expect(try directory.contents() == ["favorites.json.corrupt-1", "favorites.json.lock"])
  }

  /// A favourites file of `count` favourites.
  private func file(of count: Int, at url: URL) throws {
    let entries = (0..<count).map { #"{"id":"\#(100_000 + $0)","name":"Meal \#($0)"}"# }
    try Data((#"{"version":1,"favorites":["# + entries.joined(separator: ",") + "]}").utf8)
      .write(to: url)
  }

  @Test("A file of more favourites than any list can show is moved aside and reported")
  func tooManyFavorites() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    let count = FavoritesFile.maximumCount + 1
    try file(of: count, at: url)
    let store = FavoritesStore(storage: .file(at: url))
    #expect(store.favorites.isEmpty)
    #expect(
      store.loadIssue?.reason
        == "holds \(count) favourites, more than the \(FavoritesFile.maximumCount) it may")
  }

  @Test("A favourite beyond the most a file holds stays in memory, with the reason")
  func favoriteBeyondTheMost() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    try file(of: FavoritesFile.maximumCount, at: url)
    let store = FavoritesStore(storage: .file(at: url))
    #expect(store.favorites.count == FavoritesFile.maximumCount)
    store.toggle(tart)
    #expect(
      store.saveIssue?.reason
        == "it holds \(FavoritesFile.maximumCount) favourites, the most it may")
    #expect(store.favorites.count == FavoritesFile.maximumCount + 1)
    #expect(FavoritesStore(storage: .file(at: url)).favorites.count == FavoritesFile.maximumCount)
  }

  @Test("The report names the file, the reason and where it went")
  func issueDescription() {
    let issue = FavoritesLoadIssue(
      path: "/data/favorites.json", reason: "is not a valid favourites file (not valid JSON)",
      movedTo: "/data/favorites.json.corrupt-1")
    #expect(
      issue.description
        == "the favourites file /data/favorites.json is not a valid favourites file (not valid "
        + "JSON); moved it to /data/favorites.json.corrupt-1 and started with no favourites")
  }

  @Test("A second corrupt file does not replace the first one's backup")
  func secondCorruption() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    try Data("first".utf8).write(to: url)
    _ = FavoritesStore(storage: .file(at: url))
    try Data("second".utf8).write(to: url)
    let store = FavoritesStore(storage: .file(at: url))
    #expect(store.loadIssue?.movedTo == url.path + ".corrupt-2")
    #expect(try String(contentsOfFile: url.path + ".corrupt-1", encoding: .utf8) == "first")
    #expect(try String(contentsOfFile: url.path + ".corrupt-2", encoding: .utf8) == "second")
  }

  @Test("After a corrupt file was moved aside, new favourites are saved normally")
  func savesAfterCorruption() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    try Data("oops".utf8).write(to: url)
    let store = FavoritesStore(storage: .file(at: url))
    store.toggle(tart)
    #expect(store.saveIssue == nil)
    #expect(FavoritesStore(storage: .file(at: url)).favorites == [tart])
    #expect(try String(contentsOfFile: url.path + ".corrupt-1", encoding: .utf8) == "oops")
  }

  @Test("A folder in the file's place is moved aside and reported in a sentence")
  func unreadableFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    // A directory in the file's place cannot be read as a file, even by root.
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    let store = FavoritesStore(storage: .file(at: url))
    #expect(store.favorites.isEmpty)
    #expect(store.loadIssue?.reason == "is a folder, not a file")
    #expect(store.loadIssue?.movedTo == url.path + ".corrupt-1")
  }

  @Test("A FIFO in the file's place is reported as not a regular file, and moved aside")
  func fifoInPlace() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    #expect(mkfifo(url.path, 0o644) == 0)
    let store = FavoritesStore(storage: .file(at: url))
    #expect(store.favorites.isEmpty)
    #expect(store.loadIssue?.reason == "is not a regular file")
    #expect(store.loadIssue?.movedTo == url.path + ".corrupt-1")
  }

  @Test("A directory that cannot be written is reported and the favourite stays in memory")
  func unwritableDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A regular file where the directory should be: no one can create files inside it, root
    // included (a mode of 0o500 would not stop root).
    let blocker = directory.file("rezepte")
    try Data().write(to: blocker)
    let url = blocker.appendingPathComponent("favorites.json")
    let store = FavoritesStore(storage: .file(at: url))
    store.toggle(tart)
    #expect(store.contains(id: "52768"))
    #expect(store.saveIssue?.path == url.path)
    #expect(try directory.contents() == ["rezepte"])
  }

  @Test(
    "The default file lies in XDG_DATA_HOME, else in ~/.local/share",
    arguments: [
      (["XDG_DATA_HOME": "/data"], "/data/rezepte/favorites.json"),
      ([:], "/home/anna/.local/share/rezepte/favorites.json"),
      (["XDG_DATA_HOME": "relative"], "/home/anna/.local/share/rezepte/favorites.json"),
    ])
  func defaultURL(environment: [String: String], path: String) {
    let url = FavoritesLocation.xdgURL(
      environment: environment, home: URL(fileURLWithPath: "/home/anna", isDirectory: true))
    #expect(url.path == path)
  }
}
