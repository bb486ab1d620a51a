import Spelling
import Testing

/// The one reader of durations.
@Suite struct DurationTextTests {
  @Test(
    "Plain decimals with ms or s read exactly",
    arguments: [
      ("400ms", Duration.milliseconds(400)), ("1s", .seconds(1)), ("1.5s", .milliseconds(1500)),
      ("0.25ms", .microseconds(250)), ("0s", .zero), ("3600s", .seconds(3600)),
      ("1.000000001s", .nanoseconds(1_000_000_001)), ("007s", .seconds(7)),
    ])
  func reads(text: String, duration: Duration) throws {
    #expect(try DurationText.parse(text) == duration)
  }

  @Test(
    "Anything but a plain decimal is refused with a sentence",
    arguments: [
      "1e18s", "1e300ms", "1e308s", "0x10s", "nan", "inf", "infs", "-1s", "+2s",
      "1.5", ".5s", "1.s", "", "s", "１s", "1 s",
    ])
  func malformed(text: String) {
    #expect(throws: DurationError(text: text, reason: .malformed)) {
      try DurationText.parse(text)
    }
  }

  @Test(
    "Numbers past the range are refused, however many digits they have",
    arguments: ["3601s", "3600001ms", "9999999999999999s", "99999999999999999999999999s"])
  func outOfRange(text: String) {
    #expect(throws: DurationError(text: text, reason: .tooLong)) {
      try DurationText.parse(text)
    }
  }

  @Test("Digits finer than a nanosecond are refused")
  func tooPrecise() {
    #expect(throws: DurationError(text: "1.0000000001s", reason: .tooPrecise)) {
      try DurationText.parse("1.0000000001s")
    }
  }

  @Test("The errors say what is wrong and what is allowed")
  func sentences() {
    #expect(
      DurationError(text: "0x10s", reason: .malformed).description
        == "'0x10s' is not a duration; write a decimal number and ms or s, like 400ms, 2s or 1.5s")
    #expect(
      DurationError(text: "2h", reason: .tooLong).description
        == "'2h' is outside the allowed range of 0s to 1 hour")
  }
}
