import CommandLineKit
import Foundation
import Testing

/// The one reader of `--base-url`: what it takes, and the sentence for what it does not.
@Suite struct BaseURLTests {
  let baseURL: Option<URL> = .baseURL(help: "")
  @Test(
    "A scheme in capitals is read as the same scheme in small letters",
    arguments: [
      ("HTTP://127.0.0.1:8080/api/json/v1/1/", "http://127.0.0.1:8080/api/json/v1/1/"),
      ("Https://www.themealdb.com/api/json/v1/1/", "https://www.themealdb.com/api/json/v1/1/"),
      ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/"),
    ])
  func schemeInCapitals(text: String, read: String) throws {
    #expect(try baseURL.read(text).absoluteString == read)
  }

  #if canImport(FoundationNetworking)
    @Test(
      "An IPv6 address as the host is refused with a sentence: URLSession here cannot reach one",
      arguments: ["http://[::1]:1/", "https://[2001:db8::1]/api/json/v1/1/"])
    func ipv6Host(text: String) {
      let host = text.split(separator: "/")[1].split(separator: "]")[0] + "]"
      #expect(
        throws: UsageError(
          "--base-url has the IPv6 address \(host) as its host, which URLSession cannot reach on "
            + "this platform; use a host name for it instead, like localhost")
      ) { try baseURL.read(text) }
    }
  #endif
}
