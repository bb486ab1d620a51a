import FileSafety
import Fixtures
import MealDB
import Testing
import ViewModels
import VirtualTime

/// The shared favourites store (Schritt 5, Bonus 1).
@MainActor
@Suite struct FavoritesStoreTests {
  @Test("Toggle adds a meal and toggling again removes it")
  func toggle() {
    let store = FavoritesStore(storage: .inMemory())
    store.toggle(TestCatalog.lasagne)
    #expect(store.contains(id: "52844"))
    store.toggle(TestCatalog.lasagne)
    #expect(!store.contains(id: "52844"))
    #expect(store.favorites.isEmpty)
  }

  @Test("A change whose save failed is saved with the next one, not dropped by it")
  func unsavedChangeIsKept() {
    let memory = FavoritesStorage.inMemory()
    // A storage whose first save fails (a full disk), then works again.
    let failures = Locked(1)
    let flaky = FavoritesStorage(
      load: memory.load,
      apply: { change in
        let fail = failures.withLock { count in
          defer { count -= 1 }
          return count > 0
        }
        if fail { throw FileWriteError(path: "favorites.json", reason: "no space left") }
        return try memory.apply(change)
      })
    let store = FavoritesStore(storage: flaky)
    store.toggle(TestCatalog.lasagne)
    #expect(store.saveIssue != nil)
    store.toggle(Meal(id: "52768", name: "Apple Frangipan Tart"))
    #expect(store.saveIssue == nil)
    #expect(store.favorites.map(\.id) == ["52768", "52844"])
    #expect(FavoritesStore(storage: memory).favorites.map(\.id) == ["52768", "52844"])
  }

  @Test("Favourites are sorted by name ignoring case, then by id")
  func sorted() {
    let store = FavoritesStore(storage: .inMemory())
    for meal in [
      Meal(id: "3", name: "bakewell tart"), Meal(id: "2", name: "Apple"),
      Meal(id: "1", name: "Apple"), Meal(id: "4", name: "Apricot"),
    ] {
      store.toggle(meal)
    }
    #expect(store.favorites.map(\.id) == ["1", "2", "4", "3"])
  }

  @Test("A new store over the same storage finds the saved favourites")
  func survivesRelaunch() {
    let storage = FavoritesStorage.inMemory()
    FavoritesStore(storage: storage).toggle(TestCatalog.tart)
    let relaunched = FavoritesStore(storage: storage)
    #expect(relaunched.favorites == [TestCatalog.tart])
    #expect(relaunched.loadIssue == nil)
  }

  @Test("Every observer hears each change until its token is released")
  func observers() {
    let store = FavoritesStore(storage: .inMemory())
    let first = Recorder<[Meal]>()
    let second = Recorder<[Meal]>()
    first.token = store.observe { first.record($0) }
    second.token = store.observe { second.record($0) }
    store.toggle(TestCatalog.tart)
    second.token = nil
    store.toggle(TestCatalog.lasagne)
    #expect(first.values.map { $0.map(\.id) } == [["52768"], ["52768", "52844"]])
    #expect(second.values.map { $0.map(\.id) } == [["52768"]])
  }

  @Test("A failed save is reported and the favourite stays in memory")
  func failedSave() {
    let storage = FavoritesStorage(
      load: { FavoritesLoadResult(favorites: []) },
      save: { _ in throw FileWriteError(path: "/nowhere/favorites.json", reason: "disk full") })
    let store = FavoritesStore(storage: storage)
    store.toggle(TestCatalog.tart)
    #expect(store.contains(id: "52768"))
    #expect(
      store.saveIssue == FileWriteError(path: "/nowhere/favorites.json", reason: "disk full"))
  }

  @Test("A stored list that repeats an id keeps the first entry")
  func duplicateIDs() {
    let store = FavoritesStore(
      storage: .inMemory([
        Meal(id: "1", name: "B"), Meal(id: "1", name: "A"),
      ]))
    #expect(store.favorites == [Meal(id: "1", name: "B")])
  }
}
