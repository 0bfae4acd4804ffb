// A deliberate data race: two threads increment a plain global with no lock.
// .ci/tsan-canary/run builds this with -sanitize=thread and requires TSan to
// report it with .ci/tsan.supp applied; if it does not, the suppressions have
// grown broad enough to hide real races. Never part of the test suite: it
// fails every TSan run by design.
//
// The increment is a closure, as most of our code is, so a pattern matching
// closures in general would hide this race and fail the check. Raw pthreads
// rather than Dispatch: Dispatch may run both work items on one thread, and
// then there is no race to find. Two threads that are not joined before the
// increments are never ordered by TSan, whatever the timing, so the report
// is certain.
import Glibc

nonisolated(unsafe) var counter = 0

// A function, not a closure literal, for the thread: top-level closures are
// inferred to be main-actor isolated and would trap on another thread.
func increment(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let step = { counter += 1 }
    for _ in 0..<1000 { step() }
    return nil
}

var threads: [pthread_t] = []
for _ in 0..<2 {
    var thread = pthread_t()
    precondition(pthread_create(&thread, nil, increment, nil) == 0, "pthread_create failed")
    threads.append(thread)
}
for thread in threads { pthread_join(thread, nil) }
print("counter: \(counter)")
