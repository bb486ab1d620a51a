import Foundation
import MealDB
import Testing

/// Each answer shape of TheMealDB decodes into the models, and "no result" never is an error.
@Suite struct ResponseDecodingTests {
  @Test("The categories answer decodes every category with its fields, in order")
  func categoriesAnswer() throws {
    let json = #"""
      {"categories":[
      {"idCategory":"1","strCategory":"Beef",
       "strCategoryThumb":"https:\/\/www.themealdb.com\/images\/category\/beef.png",
       "strCategoryDescription":"Beef is the culinary name for meat from cattle."},
      {"idCategory":"3","strCategory":"Dessert",
       "strCategoryThumb":"https:\/\/www.themealdb.com\/images\/category\/dessert.png",
       "strCategoryDescription":""}]}
      """#
    let categories = try decode(CategoryResponse.self, json).categories
    #expect(
      categories == [
        Category(
          id: "1", name: "Beef", thumbnail: "https://www.themealdb.com/images/category/beef.png",
          description: "Beef is the culinary name for meat from cattle."),
        Category(
          id: "3", name: "Dessert",
          thumbnail: "https://www.themealdb.com/images/category/dessert.png", description: nil),
      ])
  }

  @Test("A filter answer of summaries decodes as meals")
  func filterSummaries() throws {
    let json = #"""
      {"meals":[{"strMeal":"Apam balik",
      "strMealThumb":"https:\/\/www.themealdb.com\/images\/media\/meals\/adxcbq1619787919.jpg",
      "idMeal":"53049"},{"strMeal":"Pancakes","strMealThumb":null,"idMeal":"52854"}]}
      """#
    let meals = try decode(MealsResponse<Meal>.self, json).items
    #expect(
      meals == [
        Meal(
          id: "53049", name: "Apam balik",
          thumbnail: "https://www.themealdb.com/images/media/meals/adxcbq1619787919.jpg"),
        Meal(id: "52854", name: "Pancakes"),
      ])
  }

  @Test("A full record decodes as a meal (list row)")
  func fullRecordAsMeal() throws {
    let meals = try decode(MealsResponse<Meal>.self, fullRecordJSON).items
    #expect(
      meals == [
        Meal(
          id: "52772", name: "Teriyaki Chicken Casserole",
          thumbnail: "https://www.themealdb.com/images/media/meals/wvpsxx1468256321.jpg")
      ])
  }

  @Test("A full record decodes as a meal detail with every field")
  func fullRecordAsDetail() throws {
    let detail = try #require(decode(MealsResponse<MealDetail>.self, fullRecordJSON).items.first)
    #expect(detail.id == "52772")
    #expect(detail.name == "Teriyaki Chicken Casserole")
    #expect(detail.thumbnail == "https://www.themealdb.com/images/media/meals/wvpsxx1468256321.jpg")
    #expect(detail.category == "Chicken")
    #expect(detail.area == "Japanese")
    #expect(detail.tags == ["Meat", "Casserole"])
    #expect(detail.youtubeURL == URL(string: "https://www.youtube.com/watch?v=4aZr5hZXP_s"))
    #expect(detail.sourceURL == nil)
    #expect(detail.ingredients.map(\.name) == ["soy sauce", "water", "brown sugar"])
    #expect(detail.ingredients.map(\.measure) == ["3/4 cup", "1/2 cup", "1/4 cup"])
  }

  @Test("A meal detail's list row carries its id, name and thumbnail")
  func detailToMeal() throws {
    let detail = try #require(decode(MealsResponse<MealDetail>.self, fullRecordJSON).items.first)
    let meal = try #require(decode(MealsResponse<Meal>.self, fullRecordJSON).items.first)
    #expect(detail.meal == meal)
  }

  @Test("`meals: null` is an empty result for lists and details alike")
  func nullMealsIsEmpty() throws {
    let meals = try decode(MealsResponse<Meal>.self, #"{"meals":null}"#)
    let details = try decode(MealsResponse<MealDetail>.self, #"{"meals":null}"#)
    #expect(meals.items.isEmpty)
    #expect(meals.notice == nil)
    #expect(details.items.isEmpty)
  }

  @Test("`meals: \"Invalid ID\"` is no result with a notice, not a decoding error")
  func invalidIDIsNotFound() throws {
    let response = try decode(MealsResponse<MealDetail>.self, #"{"meals":"Invalid ID"}"#)
    #expect(response.items.isEmpty)
    #expect(response.notice == "Invalid ID")
  }

  @Test("An answer without a `meals` key is an empty result")
  func missingMealsKeyIsEmpty() throws {
    let response = try decode(MealsResponse<Meal>.self, "{}")
    #expect(response.items.isEmpty)
  }

  @Test(
    "A `meals` value that is neither a list, a string nor null is a decoding error",
    arguments: [#"{"meals":5}"#, #"{"meals":{"idMeal":"1"}}"#, #"{"meals":[null]}"#, "[]"])
  func strangeMealsValue(json: String) {
    #expect(throws: DecodingError.self) {
      try decode(MealsResponse<Meal>.self, json)
    }
  }

  @Test("`categories: null` is an empty list of categories")
  func nullCategories() throws {
    #expect(try decode(CategoryResponse.self, #"{"categories":null}"#).categories.isEmpty)
  }

  @Test("JSON with `\\/` and `\\u00b0` escapes decodes to the plain characters")
  func escapedJSON() throws {
    let json = #"""
      {"meals":[{"idMeal":"1","strMeal":"Nale\u015bniki",
      "strInstructions":"Bake at 180\u00b0C for 1\/2 hour.",
      "strMealThumb":"https:\/\/www.themealdb.com\/images\/media\/meals\/x.jpg"}]}
      """#
    let detail = try #require(decode(MealsResponse<MealDetail>.self, json).items.first)
    #expect(detail.name == "Naleśniki")
    #expect(detail.instructions == "Bake at 180°C for 1/2 hour.")
    #expect(detail.thumbnail == "https://www.themealdb.com/images/media/meals/x.jpg")
  }
}
