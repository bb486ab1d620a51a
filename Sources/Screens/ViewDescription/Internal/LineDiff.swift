/// One line (or other element) of a diff.
enum DiffLine<Element: Hashable>: Equatable {
  case same(Element)
  case removed(Element)
  case added(Element)
}

/// A shortest line diff: the fewest removals and additions that turn `old` into `new`, a
/// removal before an addition where either would do.
///
/// The common start and end are set aside, and the longest common subsequence of the rest is
/// found by a table of `n × m` lengths: enough for screens of a few hundred lines. When the
/// changed middle would need more than `tableLimit` cells, it is shown removed and added whole,
/// which is still a correct diff, only not the shortest.
func lineDiff<Element: Hashable>(
  _ old: [Element], _ new: [Element], tableLimit: Int = 4_000_000
) -> [DiffLine<Element>] {
  let prefix = zip(old, new).prefix { $0 == $1 }.count
  let suffix = zip(old[prefix...].reversed(), new[prefix...].reversed()).prefix { $0 == $1 }.count
  let a = Array(old[prefix..<(old.count - suffix)])
  let b = Array(new[prefix..<(new.count - suffix)])
  var result: [DiffLine<Element>] = old[..<prefix].map { .same($0) }
  if a.count * b.count > tableLimit {
    result += a.map { .removed($0) } + b.map { .added($0) }
  } else {
    // common[i * width + j]: the length of the longest common subsequence of a[i...] and b[j...].
    let width = b.count + 1
    var common = [Int](repeating: 0, count: (a.count + 1) * width)
    for i in a.indices.reversed() {
      for j in b.indices.reversed() {
        common[i * width + j] =
          a[i] == b[j]
          ? common[(i + 1) * width + j + 1] + 1
          : max(common[(i + 1) * width + j], common[i * width + j + 1])
      }
    }
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        result.append(.same(a[i]))
        (i, j) = (i + 1, j + 1)
      } else if j == b.count
        || (i < a.count && common[(i + 1) * width + j] >= common[i * width + j + 1])
      {
        result.append(.removed(a[i]))
        i += 1
      } else {
        result.append(.added(b[j]))
        j += 1
      }
    }
  }
  return result + old[(old.count - suffix)...].map { .same($0) }
}
