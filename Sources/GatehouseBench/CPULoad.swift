import Composition
import Foundation
import Synchronization

/// Busy threads that keep every core of the machine working while a
/// scenario runs, so it is measured "under CPU load". `stop()` ends them.
final class CPULoad: Sendable {
    private let stopped = Atomic<Bool>(false)

    init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        for _ in 0..<max(threads, 1) {
            let thread = Thread { [self] in
                var spin: UInt64 = 0
                while !stopped.load(ordering: .relaxed) { spin &+= 1 }
            }
            thread.start()
        }
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}
