import Foundation

extension Option where Value == URL {
  /// `--base-url URL`: a server's address (`run`, `play`, `capture`), an absolute http or https
  /// URL with a host. Anything else is refused with a sentence, never silently replaced by
  /// something else.
  public static func baseURL(help: @autoclosure @escaping @Sendable () -> String) -> Option {
    Option("--base-url", "URL", help: help(), read: serverURL)
  }

  /// The URL `text` spells, with its scheme in small letters (a scheme is case-insensitive, but
  /// `URLSession` on Linux knows only `http` and `https`).
  private static func serverURL(_ text: String) throws(UsageError) -> URL {
    guard let url = URL(string: text) else {
      throw UsageError("needs an http:// or https:// URL, but '\(text)' is not a URL")
    }
    guard let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()) else {
      throw UsageError("needs an http:// or https:// URL, not '\(text)'")
    }
    // A host such as `a%20b` decodes to one with a space, which no server can have.
    let hostCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let host = components.percentEncodedHost, !host.isEmpty,
      host.allSatisfy(hostCharacters.contains)
    else {
      throw UsageError("needs a URL with a host name, like http://127.0.0.1:8080/, not '\(text)'")
    }
    #if canImport(FoundationNetworking)
      // swift-corelibs-foundation's URLSession fails on every IPv6 literal with "bad URL".
      if host.hasPrefix("[") {
        throw UsageError(
          "has the IPv6 address \(host) as its host, which URLSession cannot reach "
            + "on this platform; use a host name for it instead, like localhost")
      }
    #endif
    if let port = url.port, !(1...65535).contains(port) {
      throw UsageError("has the port \(port), but ports go from 1 to 65535")
    }
    components.scheme = scheme.lowercased()
    return components.url ?? url
  }
}
