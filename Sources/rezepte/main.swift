import MealCatalog
import MealDB

// Until the scenario runner exists: print the Dessert list from the embedded catalog.
let catalog = try Catalog.embedded()
let api = MealAPI(transport: CatalogTransport(catalog: catalog))
for meal in try await api.meals(in: "Dessert") {
  print(meal.name)
}
