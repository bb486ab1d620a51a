// What a test of the app needs, through one import: `import RezepteTesting` brings the harness
// (AppHarness), the screens and their renderer (ViewDescription), the offline catalog and its
// transport (MealCatalog), the API's models (MealDB) and the virtual clock.
@_exported import AppHarness
@_exported import MealCatalog
@_exported import MealDB
@_exported import ViewDescription
@_exported import ViewModels
@_exported import VirtualTime
