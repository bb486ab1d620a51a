import Foundation

/// A fresh empty folder under the temporary directory.
func makeTemporaryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("rezepte-scenarios-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// A catalog folder whose `categories.json` is good and whose `meals.json` lacks an id: loading
/// it fails with `…/meals.json: record 1 lacks the required field "idMeal"`.
func makeBrokenMealsCatalog() throws -> URL {
  let folder = try makeTemporaryFolder()
  try Data(#"{"categories":[{"idCategory":"1","strCategory":"Beef"}]}"#.utf8).write(
    to: folder.appendingPathComponent("categories.json"))
  try Data(#"{"meals":[{"strMeal":"Soup"}]}"#.utf8).write(
    to: folder.appendingPathComponent("meals.json"))
  return folder
}
