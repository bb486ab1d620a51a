import FileSafety
import Foundation
import MealDB
import Testing
import ViewModels

/// The favourites file shared by several processes, and what a killed or locked-down one leaves.
@MainActor
@Suite struct FavoritesSharingTests {
  let tart = Meal(id: "52768", name: "Apple Frangipan Tart")
  let lasagne = Meal(id: "52844", name: "Lasagne")

  @Test("Two processes adding favourites at the same time lose none of them")
  func concurrentChanges() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    // One `FavoritesFile` per side, as two processes would have.
    await withTaskGroup(of: Void.self) { group in
      for side in 0..<2 {
        group.addTask {
          let file = FavoritesFile(url: url)
          for number in 0..<60 {
            _ = try? file.apply(.add(Meal(id: "\(side)-\(number)", name: "Meal")))
          }
        }
      }
    }
    #expect(FavoritesFile(url: url).load().favorites.count == 120)
  }

  @Test("A toggle brings back what another process saved meanwhile")
  func mergesOtherChanges() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    let store = FavoritesStore(storage: .file(at: url))
    _ = try FavoritesFile(url: url).apply(.add(lasagne))
    store.toggle(tart)
    #expect(store.favorites == [tart, lasagne])
    #expect(FavoritesFile(url: url).load().favorites == [tart, lasagne])
  }

  @Test("Temporary files left by a save that was killed are removed at the next start")
  func removesLeftovers() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    try Data(#"{"favorites":[],"version":1}"#.utf8).write(to: url)
    let leftover = directory.file(".favorites.json.\(UUID().uuidString).tmp")
    try Data("half".utf8).write(to: leftover)
    _ = FavoritesStore(storage: .file(at: url))
    #expect(!FileManager.default.fileExists(atPath: leftover.path))
  }

  @Test("A read-only file is left as it is and the failed save is reported")
  func readOnlyFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("favorites.json")
    let text = #"{"favorites":[],"version":1}"#
    try Data(text.utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
    let store = FavoritesStore(storage: .file(at: url))
    store.toggle(tart)
    #expect(store.contains(id: tart.id))
    #expect(store.saveIssue == FileWriteError(path: url.path, reason: "the file is read-only"))
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect(attributes[.posixPermissions] as? Int == 0o444)
    #expect(try String(contentsOf: url, encoding: .utf8) == text)
  }

  @Test("A favourites file reached through a symbolic link stays a link")
  func symbolicLink() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let target = directory.file("real.json")
    let link = directory.file("favorites.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    FavoritesStore(storage: .file(at: link)).toggle(tart)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    #expect(FavoritesFile(url: target).load().favorites == [tart])
  }

  @Test("A new favourite goes to its place by name without sorting the list again")
  func insertsInOrder() {
    var favorites = [
      Meal(id: "1", name: "apple"), Meal(id: "2", name: "Banana"),
      Meal(id: "3", name: "cherry"),
    ]
    FavoritesOrder.apply(.add(Meal(id: "4", name: "Blueberry")), to: &favorites)
    FavoritesOrder.apply(.add(Meal(id: "1", name: "again")), to: &favorites)
    #expect(favorites.map(\.id) == ["1", "2", "4", "3"])
  }
}
