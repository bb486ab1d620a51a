import Testing

@testable import RezepteTesting

/// The issues `body` records, read back with `withKnownIssue`.
@MainActor
func issues(_ body: () async -> Void) async -> [Issue] {
  let issues = Locked<[Issue]>([])
  await withKnownIssue {
    await body()
  } matching: { issue in
    issues.withLock { $0.append(issue) }
    return true
  }
  return issues.withLock { $0 }
}

/// The comments of the issues `body` records, one string each.
@MainActor
func failures(_ body: () async -> Void) async -> [String] {
  await issues(body).map { $0.comments.map(\.rawValue).joined(separator: "\n") }
}

/// A new app on the embedded catalog.
@MainActor
func embeddedApp(start: StartScreen = .list) throws -> TestApp {
  let catalog = try Catalog.embedded()
  return TestApp(start: start) { clock in CatalogTransport(catalog: catalog, clock: clock) }
}
