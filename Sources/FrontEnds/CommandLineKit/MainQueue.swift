import Foundation

#if os(Linux)
  /// libdispatch's hooks for CoreFoundation's run loop, which `RunLoop` calls on Linux: the
  /// file descriptor (an `eventfd`) that is written when work reaches the main queue, and the
  /// drain of the main queue, to be called on the main thread.
  @_silgen_name("_dispatch_get_main_queue_handle_4CF")
  private func dispatchMainQueueHandle() -> Int32

  @_silgen_name("_dispatch_main_queue_callback_4CF")
  private func dispatchDrainMainQueue(_ message: UnsafeMutableRawPointer?)
#endif

/// The main queue, drained on the main thread: where an executable runs its main-actor work.
public enum MainQueue {
  /// Runs the main queue's jobs on the main thread until the process exits: on Linux by waiting
  /// for its `eventfd` and draining it through the hook `RunLoop` uses, elsewhere by `RunLoop`.
  // The hook itself on Linux, not `RunLoop.main`, which is slower (the Performance article).
  public static func drainForever() -> Never {
    #if os(Linux)
      let handle = dispatchMainQueueHandle()
      var count: UInt64 = 0
      var descriptor = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
      while true {
        dispatchDrainMainQueue(nil)
        // The `eventfd` does not block: work that came during the drain is drained at once.
        while read(handle, &count, MemoryLayout<UInt64>.size) < 0 {
          while poll(&descriptor, 1, -1) < 0, errno == EINTR {}
        }
      }
    #else
      RunLoop.main.run()
      dispatchMain()
    #endif
  }
}
