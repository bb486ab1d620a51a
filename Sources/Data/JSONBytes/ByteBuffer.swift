import Foundation

/// Where JSON is written: an array of bytes, or a `ByteBuffer`.
package protocol ByteSink: ~Copyable {
  mutating func append(_ byte: UInt8)
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {}

extension ByteSink where Self: ~Copyable {
  /// Appends the UTF-8 of `scalar`.
  @inlinable
  package mutating func append(utf8Of scalar: Unicode.Scalar) {
    let value = scalar.value
    switch value {
    case 0..<0x80:
      append(UInt8(value))
    case 0x80..<0x800:
      append(UInt8(0xC0 | value >> 6))
      append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      append(UInt8(0xE0 | value >> 12))
      append(UInt8(0x80 | value >> 6 & 0x3F))
      append(UInt8(0x80 | value & 0x3F))
    default:
      append(UInt8(0xF0 | value >> 18))
      append(UInt8(0x80 | value >> 12 & 0x3F))
      append(UInt8(0x80 | value >> 6 & 0x3F))
      append(UInt8(0x80 | value & 0x3F))
    }
  }
}

/// Bytes written through a pointer into memory of its own: appending checks only the capacity,
/// where an array also checks, on every byte, that its storage is not shared.
///
/// It grows with `realloc`, which moves large blocks by remapping their pages instead of
/// copying them, so one buffer can take a whole catalog; places in it are offsets, which stay
/// valid as it grows.
///
/// Public, its members `package`, for the reason `JSONReader` gives.
public struct ByteBuffer: ~Copyable, ByteSink {
  @usableFromInline var start: UnsafeMutablePointer<UInt8>
  @usableFromInline var capacity: Int
  @usableFromInline package internal(set) var count = 0

  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    guard let memory = malloc(self.capacity) else { fatalError("out of memory") }
    start = memory.assumingMemoryBound(to: UInt8.self)
    adviseHugePages()
  }

  deinit { free(start) }

  @inlinable @inline(__always)
  package mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    start[count] = byte
    count += 1
  }

  @inlinable @inline(__always)
  package mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    if bytes.count > capacity - count { grow(toHold: count + bytes.count) }
    (start + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  @usableFromInline
  mutating func grow(toHold needed: Int) {
    let larger = max(needed, capacity * 2)
    guard let memory = realloc(start, larger) else { fatalError("out of memory") }
    start = memory.assumingMemoryBound(to: UInt8.self)
    capacity = larger
    adviseHugePages()
  }

  /// Asks Linux to back a large buffer with pages of 2 MB where it can: the first write to each
  /// 4 KB page of fresh memory costs a page fault, and a large page takes one for 512.
  ///
  /// Only for buffers that `malloc` maps on their own (above its largest threshold, 32 MB),
  /// and for the whole mapping, pages of `malloc`'s header included: advice on part of a
  /// mapping splits it in two, and `realloc` can then no longer grow it by remapping. For the
  /// bench row "Load a catalog of 100,000 meals" (Performance.md).
  private func adviseHugePages() {
    #if os(Linux)
      guard capacity >= 1 << 25 else { return }
      let page = 4096
      let first = Int(bitPattern: start) & ~(page - 1)
      let end = (Int(bitPattern: start) + capacity + page - 1) & ~(page - 1)
      _ = madvise(UnsafeMutableRawPointer(bitPattern: first), end - first, MADV_HUGEPAGE)
    #endif
  }

  /// Forgets every byte from `count` on.
  package mutating func removeLast(from count: Int) {
    precondition(count >= 0 && count <= self.count)
    self.count = count
  }

  package mutating func removeAll() { count = 0 }

  /// The bytes in `range`, valid until the next change.
  package subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    precondition(range.lowerBound >= 0 && range.upperBound <= count)
    return UnsafeBufferPointer(start: start + range.lowerBound, count: range.count)
  }

  /// All the bytes, valid until the next change.
  package var all: UnsafeBufferPointer<UInt8> { self[0..<count] }

  /// The bytes as `Data`, which takes the memory over without a copy (giving back what was
  /// reserved beyond them).
  package consuming func data() -> Data {
    let memory = realloc(start, max(count, 1)) ?? UnsafeMutableRawPointer(start)
    let count = count
    discard self
    return Data(bytesNoCopy: memory, count: count, deallocator: .free)
  }
}
