import Fixtures
import Foundation
import MealDB
import RezepteTesting
import Testing
import ViewDescription
import ViewModels

@MainActor
@Suite struct MealDetailScreenTests {
  @Test("While the recipe loads, the title is the row's name and a progress view shows")
  func loading() {
    let state = MealDetailState(meal: Fixture.frangipanTart, recipe: .loading)
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Apple Frangipan Tart" back="Dessert"
           ├─ Toolbar
           │  └─ Button "Als Favorit merken" [heart]
           └─ ProgressView "Rezept wird geladen…"
        """)
  }

  @Test("A failed load shows „Fehler“, the message and „Erneut versuchen“")
  func failed() {
    let state = MealDetailState(
      meal: Fixture.frangipanTart,
      recipe: .failed(.badStatus(500)))
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Apple Frangipan Tart" back="Dessert"
           ├─ Toolbar
           │  └─ Button "Als Favorit merken" [heart]
           └─ ContentUnavailableView "Fehler" [wifi.exclamationmark]
              ├─ Text "Beim Rezept-Server ist ein Problem aufgetreten. Versuch es später
              │     erneut."
              └─ Button "Erneut versuchen"
        """)
  }

  @Test("A recipe the server does not know says so and keeps the heart, so a favourite can go")
  func notFound() {
    let state = MealDetailState(
      meal: Meal(id: "1", name: "Phantom"), recipe: .failed(.notFound), isFavorite: true)
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Phantom" back="Dessert"
           ├─ Toolbar
           │  └─ Button "Favorit entfernen" [heart.fill]
           └─ ContentUnavailableView "Rezept nicht gefunden" [questionmark.circle]
              └─ Text "Dieses Rezept gibt es nicht (mehr)."
        """)
  }

  @Test("A loaded recipe shows picture, category, area, tags, ingredients, steps and links")
  func loaded() {
    let state = MealDetailState(
      meal: Fixture.frangipanTart, recipe: .loaded(Fixture.tartDetail), isFavorite: true)
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Apple Frangipan Tart" back="Dessert"
           ├─ Toolbar
           │  └─ Button "Favorit entfernen" [heart.fill]
           └─ List
              ├─ Image
              ├─ Label "Dessert" [fork.knife]
              ├─ Label "British" [globe]
              ├─ Label "Tart, Baking, Fruity" [tag]
              ├─ Section "Zutaten"
              │  ├─ Text "175g/6oz digestive biscuits"
              │  ├─ Text "75g/3oz butter"
              │  ├─ Text "200g/7oz Bramley apples"
              │  └─ Text "salt"
              ├─ Section "Zubereitung"
              │  ├─ Text "Preheat the oven to 200C/180C Fan/Gas 6."
              │  ├─ Text "Put the biscuits in a large re-sealable freezer bag and bash
              │  │     with a rolling pin into fine crumbs. Melt the butter in a small
              │  │     pan, then add the biscuit crumbs and stir until coated with
              │  │     butter."
              │  └─ Text "Bake for 20-25 mins until golden."
              └─ Link "Video ansehen"
        """)
  }

  @Test("A sparse record leaves out what it lacks and links to its source")
  func sparse() {
    let detail = MealDetail(
      id: "52977", name: "Corba",
      sourceURL: URL(string: "https://findingtimeforcooking.com/main-dishes/red-lentil-soup"),
      ingredients: [Ingredient(id: 1, name: "Lentils", measure: "1 cup")])
    let state = MealDetailState(meal: Meal(id: "52977", name: "Corba "), recipe: .loaded(detail))
    expectSnapshot(
      of: state, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Corba" back="Dessert"
           ├─ Toolbar
           │  └─ Button "Als Favorit merken" [heart]
           └─ List
              ├─ Section "Zutaten"
              │  └─ Text "1 cup Lentils"
              └─ Link "Originalrezept"
        """)
  }

  @Test("A detail pushed over another detail goes back to that recipe")
  func backTitleOfNestedDetail() {
    let below = MealDetailState(meal: Fixture.apamBalik, recipe: .failed(.notFound))
    let top = MealDetailState(meal: Fixture.frangipanTart, recipe: .loading)
    let app = AppState(list: Fixture.dessertList, pushed: [.detail(below), .detail(top)])
    expectSnapshot(
      of: app, as: .screen,
      matches: """
        NavigationStack
        └─ Screen "Apple Frangipan Tart" back="Apam balik"
           ├─ Toolbar
           │  └─ Button "Als Favorit merken" [heart]
           └─ ProgressView "Rezept wird geladen…"
        """)
  }

  @Test("The heart, the links, the retry and the back button send their intents")
  func intents() {
    let loaded = MealDetailScreen.body(
      MealDetailState(meal: Fixture.frangipanTart, recipe: .loaded(Fixture.tartDetail)),
      back: "Dessert")
    let failed = MealDetailScreen.body(
      MealDetailState(meal: Fixture.frangipanTart, recipe: .failed(.other)), back: "Dessert")
    #expect(
      loaded.tappables.map(\.intent) == [
        .backTapped, .heartTapped,
        .linkTapped(URL(string: "https://www.youtube.com/watch?v=rp8Slv4INLk")!),
      ])
    #expect(failed.tappables.map(\.intent) == [.backTapped, .heartTapped, .retryTapped])
  }
}
