/// One line of a line diff.
enum DiffLine: Equatable, Sendable {
  case same(String)
  case removed(String)
  case added(String)
}

/// A shortest line diff (Myers' algorithm): the fewest removals and additions that turn
/// `old` into `new`, removals before additions where both touch the same place.
func lineDiff(_ old: [String], _ new: [String]) -> [DiffLine] {
  let n = old.count
  let m = new.count
  let max = n + m
  guard max > 0 else { return [] }
  let offset = max
  var v = [Int](repeating: 0, count: 2 * max + 2)
  var trace: [[Int]] = []
  var found = false
  for d in 0...max {
    trace.append(v)
    for k in stride(from: -d, through: d, by: 2) {
      var x: Int
      if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
        x = v[offset + k + 1]
      } else {
        x = v[offset + k - 1] + 1
      }
      var y = x - k
      while x < n, y < m, old[x] == new[y] {
        x += 1
        y += 1
      }
      v[offset + k] = x
      if x >= n, y >= m {
        found = true
        break
      }
    }
    if found { break }
  }
  // Walk the trace back from the end to recover the edits.
  var result: [DiffLine] = []
  var x = n
  var y = m
  for d in stride(from: trace.count - 1, through: 0, by: -1) {
    let v = trace[d]
    let k = x - y
    let previousK: Int
    if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
      previousK = k + 1
    } else {
      previousK = k - 1
    }
    let previousX = d == 0 ? 0 : v[offset + previousK]
    let previousY = d == 0 ? 0 : previousX - previousK
    while x > previousX, y > previousY {
      x -= 1
      y -= 1
      result.append(.same(old[x]))
    }
    if d > 0 {
      if x == previousX {
        y -= 1
        result.append(.added(new[y]))
      } else {
        x -= 1
        result.append(.removed(old[x]))
      }
    }
  }
  return result.reversed()
}
