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

/// The messages of the issues `body` records, one string each: the headline, then the comment.
@MainActor
func failures(_ body: () async -> Void) async -> [String] {
  await issues(body).map { issue in
    ([headline(of: issue)] + issue.comments.map(\.rawValue)).joined(separator: "\n")
  }
}

/// The first line a runner prints for `issue`: what failed.
func headline(of issue: Issue) -> String {
  issue.error.map { "\($0)" } ?? "\(issue.kind)"
}

/// A new app on the embedded catalog.
@MainActor
func embeddedApp(start: StartScreen = .list) throws -> TestApp {
  let catalog = try Catalog.embedded()
  return TestApp(start: start) { clock in CatalogTransport(catalog: catalog, clock: clock) }
}
