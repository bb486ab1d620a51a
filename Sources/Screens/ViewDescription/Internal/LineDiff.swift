/// One line (or other element) of a diff.
enum DiffLine<Element: Hashable>: Equatable {
  case same(Element)
  case removed(Element)
  case added(Element)
}

/// A shortest line diff: the fewest removals and additions that turn `old` into `new`, removals
/// before additions where both touch the same place.
///
/// Small diffs take Myers' greedy algorithm with its search history, which picks the edits
/// screens have always shown. When that history would pass `historyLimit` entries, the
/// diff is found again in memory linear in the texts' size (Myers' linear-space variant, after
/// the common start and end are set aside); if even that would take more than `workLimit`
/// comparisons, the rest of a changed stretch is shown as removed and added whole, which is
/// still a correct diff, only not the shortest.
func lineDiff<Element: Hashable>(
  _ old: [Element], _ new: [Element], historyLimit: Int = 4_000_000, workLimit: Int = 200_000_000
) -> [DiffLine<Element>] {
  if let diff = greedyDiff(old, new, historyLimit: historyLimit) { return diff }
  var linear = LinearDiff(old: old, new: new, workLimit: workLimit)
  return linear.run()
}

// MARK: - Greedy, with history

/// Myers' greedy algorithm, keeping for each number of edits `d` the furthest reach on diagonals
/// `-d...d`: `nil` when that history would grow past `historyLimit` entries.
private func greedyDiff<Element: Hashable>(
  _ old: [Element], _ new: [Element], historyLimit: Int
) -> [DiffLine<Element>]? {
  let n = old.count
  let m = new.count
  let max = n + m
  guard max > 0 else { return [] }
  let offset = max
  var v = [Int](repeating: 0, count: 2 * max + 2)
  // trace[d] holds v[offset - d ... offset + d] as it was before round d.
  var trace: [[Int]] = []
  var stored = 0
  var found = false
  for d in 0...max {
    stored += 2 * d + 1
    if stored > historyLimit { return nil }
    trace.append(Array(v[(offset - d)...(offset + d)]))
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
  var result: [DiffLine<Element>] = []
  var x = n
  var y = m
  for d in stride(from: trace.count - 1, through: 0, by: -1) {
    let row = trace[d]
    // The reach on diagonal k before round d; rows hold diagonals -d...d.
    func reach(_ k: Int) -> Int { row[k + d] }
    let k = x - y
    let previousK: Int
    if k == -d || (k != d && reach(k - 1) < reach(k + 1)) {
      previousK = k + 1
    } else {
      previousK = k - 1
    }
    let previousX = d == 0 ? 0 : reach(previousK)
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

// MARK: - Linear space

/// Myers' linear-space diff (the middle-snake bisection), on lines numbered so that equal lines
/// have equal numbers. Memory: the two texts, their numbers and two rows of `2(n + m)` reaches.
private struct LinearDiff<Element: Hashable> {
  let old: [Element]
  let new: [Element]
  let a: [Int]
  let b: [Int]
  var work = 0
  let workLimit: Int
  var result: [DiffLine<Element>] = []

  init(old: [Element], new: [Element], workLimit: Int) {
    self.old = old
    self.new = new
    self.workLimit = workLimit
    var numbers: [Element: Int] = [:]
    a = old.map { line in
      if let number = numbers[line] { return number }
      numbers[line] = numbers.count
      return numbers.count - 1
    }
    b = new.map { line in
      if let number = numbers[line] { return number }
      numbers[line] = numbers.count
      return numbers.count - 1
    }
    result.reserveCapacity(old.count + new.count)
  }

  mutating func run() -> [DiffLine<Element>] {
    diff(0, old.count, 0, new.count)
    return result
  }

  /// Appends the diff of `old[aLow..<aHigh]` and `new[bLow..<bHigh]`.
  private mutating func diff(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) {
    var aLow = aLow
    var bLow = bLow
    var aHigh = aHigh
    var bHigh = bHigh
    while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
      result.append(.same(old[aLow]))
      aLow += 1
      bLow += 1
    }
    var suffix = 0
    while aLow < aHigh, bLow < bHigh, a[aHigh - 1] == b[bHigh - 1] {
      aHigh -= 1
      bHigh -= 1
      suffix += 1
    }
    if aLow == aHigh || bLow == bHigh || work > workLimit {
      replace(aLow, aHigh, bLow, bHigh)
    } else if let (x, y) = middle(aLow, aHigh, bLow, bHigh),
      (x, y) != (aLow, bLow), (x, y) != (aHigh, bHigh)
    {
      diff(aLow, x, bLow, y)
      diff(x, aHigh, y, bHigh)
    } else {
      replace(aLow, aHigh, bLow, bHigh)
    }
    for index in aHigh..<(aHigh + suffix) { result.append(.same(old[index])) }
  }

  private mutating func replace(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) {
    for index in aLow..<aHigh { result.append(.removed(old[index])) }
    for index in bLow..<bHigh { result.append(.added(new[index])) }
  }

  /// A point on a shortest edit path through the middle of the range, searched from both ends
  /// at once; `nil` when the search runs out of its work allowance.
  private mutating func middle(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) -> (Int, Int)?
  {
    let n = aHigh - aLow
    let m = bHigh - bLow
    let maxD = (n + m + 1) / 2
    let vOffset = maxD
    let vLength = 2 * maxD + 2
    var v1 = [Int](repeating: -1, count: vLength)
    var v2 = [Int](repeating: -1, count: vLength)
    v1[vOffset + 1] = 0
    v2[vOffset + 1] = 0
    let delta = n - m
    // An odd delta means the paths meet while searching forward, an even one backward.
    let front = delta % 2 != 0
    var k1Start = 0
    var k1End = 0
    var k2Start = 0
    var k2End = 0
    for d in 0..<maxD {
      work += 2 * d + 2
      if work > workLimit { return nil }
      for k1 in stride(from: -d + k1Start, through: d - k1End, by: 2) {
        let k1Offset = vOffset + k1
        var x1 =
          (k1 == -d || (k1 != d && v1[k1Offset - 1] < v1[k1Offset + 1]))
          ? v1[k1Offset + 1] : v1[k1Offset - 1] + 1
        var y1 = x1 - k1
        while x1 < n, y1 < m, a[aLow + x1] == b[bLow + y1] {
          x1 += 1
          y1 += 1
        }
        v1[k1Offset] = x1
        if x1 > n {
          k1End += 2
        } else if y1 > m {
          k1Start += 2
        } else if front {
          let k2Offset = vOffset + delta - k1
          if k2Offset >= 0, k2Offset < vLength, v2[k2Offset] != -1, x1 >= n - v2[k2Offset] {
            return (aLow + x1, bLow + y1)
          }
        }
      }
      for k2 in stride(from: -d + k2Start, through: d - k2End, by: 2) {
        let k2Offset = vOffset + k2
        var x2 =
          (k2 == -d || (k2 != d && v2[k2Offset - 1] < v2[k2Offset + 1]))
          ? v2[k2Offset + 1] : v2[k2Offset - 1] + 1
        var y2 = x2 - k2
        while x2 < n, y2 < m, a[aHigh - x2 - 1] == b[bHigh - y2 - 1] {
          x2 += 1
          y2 += 1
        }
        v2[k2Offset] = x2
        if x2 > n {
          k2End += 2
        } else if y2 > m {
          k2Start += 2
        } else if !front {
          let k1Offset = vOffset + delta - k2
          if k1Offset >= 0, k1Offset < vLength, v1[k1Offset] != -1 {
            let x1 = v1[k1Offset]
            let y1 = vOffset + x1 - k1Offset
            if x1 >= n - x2 { return (aLow + x1, bLow + y1) }
          }
        }
      }
    }
    return nil
  }
}
