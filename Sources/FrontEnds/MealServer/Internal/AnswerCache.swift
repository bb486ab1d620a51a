import Foundation
import MealDB
import VirtualTime

/// Answers already written, for reuse: the catalog never changes, so an answer depends only on
/// what its endpoint reads from the request, and writing JSON is most of the work.
///
/// Bounded in bytes, and split so that junk cannot push out real answers (a segmented LRU): a new
/// answer enters a small probation segment (a fifth of the capacity) and is promoted to the
/// protected segment only when it is asked for again. A flood of distinct one-off requests
/// churns probation only. Answers larger than an eighth of the capacity are not kept.
package final class AnswerCache: Sendable {
  private struct Segments {
    var probation: LRUSegment
    var protected: LRUSegment
  }

  let capacity: Int
  private let segments: Locked<Segments>

  init(capacity: Int) {
    self.capacity = capacity
    let probation = capacity / 5
    segments = Locked(
      Segments(
        probation: LRUSegment(capacity: probation),
        protected: LRUSegment(capacity: capacity - probation)))
  }

  /// The key for `request`: its endpoint and the one parameter the endpoint reads, read the
  /// way `Catalog.answer(_:random:)` reads it; `nil` for `random.php`, whose answers differ.
  package static func key(for request: APIRequest) -> String? {
    let path = request.path
    switch path {
    case "categories.php":
      return path
    case "list.php":
      if request.value(for: "c") == "list" { return "list.php?c=list" }
      if request.value(for: "a") == "list" { return "list.php?a=list" }
      return "list.php?"
    case "filter.php":
      for name in ["c", "a", "i"] {
        if let value = request.value(for: name) { return "filter.php?\(name)=\(value)" }
      }
      return "filter.php?"
    case "search.php":
      if let text = request.value(for: "s") {
        return "search.php?s=" + text.trimmingCharacters(in: .whitespaces)
      }
      if let letter = request.value(for: "f"), letter.count == 1 { return "search.php?f=" + letter }
      return "search.php?"
    case "lookup.php":
      return "lookup.php?i=" + (request.value(for: "i") ?? "")
    default:
      return nil
    }
  }

  /// The answer kept for `key`, marking it as used.
  func answer(for key: String) -> APIResponse? {
    segments.withLock { segments in
      if let answer = segments.protected.take(key) {
        segments.protected.insert(key, answer)
        return answer
      }
      guard let answer = segments.probation.take(key) else { return nil }
      // Asked for a second time: a real answer, worth protecting.
      for (demotedKey, demoted) in segments.protected.insert(key, answer) {
        for _ in segments.probation.insert(demotedKey, demoted) {}
      }
      return answer
    }
  }

  /// Keeps `answer` for `key`, unless it is too large to be worth its room.
  func keep(_ answer: APIResponse, for key: String) {
    guard LRUSegment.cost(key, answer) <= capacity / 8 else { return }
    segments.withLock { segments in
      guard !segments.protected.contains(key), !segments.probation.contains(key) else { return }
      for _ in segments.probation.insert(key, answer) {}
    }
  }

  /// How many answers are kept, and their bytes (bodies, keys and bookkeeping).
  var usage: (count: Int, bytes: Int) {
    segments.withLock {
      ($0.probation.count + $0.protected.count, $0.probation.bytes + $0.protected.bytes)
    }
  }
}

/// Answers in least-recently-used order, bounded in bytes: a doubly linked list through an array
/// of nodes, indexed by key, so every operation takes constant time.
struct LRUSegment: Sendable {
  private struct Node: Sendable {
    var key: String
    var answer: APIResponse
    var previous: Int?
    var next: Int?
  }

  let capacity: Int
  private(set) var bytes = 0
  private var nodes: [Node] = []
  private var free: [Int] = []
  private var index: [String: Int] = [:]
  /// The most and the least recently used node.
  private var head: Int?
  private var tail: Int?

  init(capacity: Int) {
    self.capacity = capacity
  }

  var count: Int { index.count }

  /// What one answer costs: its body, its key, and a rough allowance for the bookkeeping.
  static func cost(_ key: String, _ answer: APIResponse) -> Int {
    answer.body.count + key.utf8.count + 96
  }

  func contains(_ key: String) -> Bool { index[key] != nil }

  /// Removes and returns the answer for `key`.
  mutating func take(_ key: String) -> APIResponse? {
    guard let slot = index.removeValue(forKey: key) else { return nil }
    unlink(slot)
    let node = nodes[slot]
    bytes -= Self.cost(node.key, node.answer)
    nodes[slot].answer = APIResponse(status: 0, body: Data())
    nodes[slot].key = ""
    free.append(slot)
    return node.answer
  }

  /// Inserts `answer` as the most recently used, and returns what had to leave to make room.
  @discardableResult
  mutating func insert(_ key: String, _ answer: APIResponse) -> [(String, APIResponse)] {
    _ = take(key)
    let node = Node(key: key, answer: answer, previous: nil, next: head)
    let slot: Int
    if let reused = free.popLast() {
      nodes[reused] = node
      slot = reused
    } else {
      nodes.append(node)
      slot = nodes.count - 1
    }
    if let head { nodes[head].previous = slot }
    head = slot
    if tail == nil { tail = slot }
    index[key] = slot
    bytes += Self.cost(key, answer)
    var evicted: [(String, APIResponse)] = []
    while bytes > capacity, let last = tail {
      let key = nodes[last].key
      if let answer = take(key) { evicted.append((key, answer)) }
    }
    return evicted
  }

  private mutating func unlink(_ slot: Int) {
    let previous = nodes[slot].previous
    let next = nodes[slot].next
    if let previous { nodes[previous].next = next } else { head = next }
    if let next { nodes[next].previous = previous } else { tail = previous }
    nodes[slot].previous = nil
    nodes[slot].next = nil
  }
}
