import Foundation
import MealDB
import ViewModels

/// Hand-made screen states: a few real meals and categories, written out so each test reads
/// alone.
public enum Fixture {
  public static let apamBalik = Meal(
    id: "53049", name: "Apam balik",
    thumbnail: "https://www.themealdb.com/images/media/meals/adxcbq1619787919.jpg")
  public static let frangipanTart = Meal(
    id: "52768", name: "Apple Frangipan Tart",
    thumbnail: "https://www.themealdb.com/images/media/meals/wxywrq1468235067.jpg")
  public static let crumble = Meal(id: "52893", name: "Apple & Blackberry Crumble")
  public static let lasagne = Meal(id: "52844", name: "Lasagne")

  public static let categories = ["Beef", "Breakfast", "Chicken", "Dessert"].enumerated().map {
    Category(id: String($0.offset + 1), name: $0.element)
  }

  /// The Dessert list, loaded, with the tart as a favourite.
  public static var dessertList: MealListState {
    MealListState(
      categories: categories,
      meals: .loaded([apamBalik, frangipanTart, crumble]),
      loadedQuery: Query(category: "Dessert", search: ""),
      favoriteIDs: [frangipanTart.id],
      favorites: [frangipanTart])
  }

  public static let tartDetail = MealDetail(
    id: "52768", name: "Apple Frangipan Tart",
    thumbnail: "https://www.themealdb.com/images/media/meals/wxywrq1468235067.jpg",
    category: "Dessert", area: "British",
    instructions: """
      Preheat the oven to 200C/180C Fan/Gas 6.
      Put the biscuits in a large re-sealable freezer bag and bash with a rolling pin into \
      fine crumbs. Melt the butter in a small pan, then add the biscuit crumbs and stir until \
      coated with butter.

      Bake for 20-25 mins until golden.
      """,
    tags: ["Tart", "Baking", "Fruity"],
    youtubeURL: URL(string: "https://www.youtube.com/watch?v=rp8Slv4INLk"),
    sourceURL: nil,
    ingredients: [
      Ingredient(id: 1, name: "digestive biscuits", measure: "175g/6oz"),
      Ingredient(id: 2, name: "butter", measure: "75g/3oz"),
      Ingredient(id: 3, name: "Bramley apples", measure: "200g/7oz"),
      Ingredient(id: 4, name: "salt", measure: nil),
    ])
}
