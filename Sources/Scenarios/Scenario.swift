// Scenario files: parse, replay, compare.
