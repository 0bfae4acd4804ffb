import Synchronization

/// Runs an adapter's opening work — checks and clean-up due once per launch,
/// at its first operation — exactly once, however many operations start at
/// the same time (the others wait for it). A class, so that copies of a
/// struct adapter share it.
final class OpenOnce: Sendable {
    private let isDone = Mutex(false)

    func once(_ body: () -> Void) {
        isDone.withLock { isDone in
            guard !isDone else { return }
            body()
            isDone = true
        }
    }
}
