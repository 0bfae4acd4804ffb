// The false positive .ci/tsan.supp exists for: four threads append to one
// array, every access inside `withLock` of the same Synchronization.Mutex — no
// race at all. TSan on Linux reports one anyway whenever the lock is handed
// over in the kernel (contention), which it cannot see. .ci/tsan-canary/run
// requires this to pass with the suppressions applied: the pattern still
// matches what this compiler makes of a `withLock` body, both a plain one and
// one that throws a typed error (its mangled name differs; see the file).
import Glibc
import Synchronization

let values = Mutex<[Int]>([])

struct Full: Error {}

/// A `withLock` body with typed throws, as the stores' write paths have.
func appendChecked(_ value: Int) throws(Full) {
    try values.withLock { (values) throws(Full) in
        if values.count > 1_000_000 { throw Full() }
        values.append(value)
    }
}

// A function, not a closure literal, for the thread: top-level closures are
// inferred to be main-actor isolated and would trap on another thread.
func append(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    // Enough rounds that the lock is usually contended and handed over in the kernel.
    for value in 0..<20_000 {
        values.withLock { $0.append(value) }
        do { try appendChecked(value) } catch { preconditionFailure("never full") }
    }
    return nil
}

var threads: [pthread_t] = []
for _ in 0..<4 {
    var thread = pthread_t()
    precondition(pthread_create(&thread, nil, append, nil) == 0, "pthread_create failed")
    threads.append(thread)
}
for thread in threads { pthread_join(thread, nil) }
print("values: \(values.withLock { $0.count })")
