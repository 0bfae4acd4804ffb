import Ports
import Synchronization

/// What one file adapter repaired, set aside or refused: every problem it
/// met (`problems`, for tests and diagnostics) and the notices not yet
/// handed to the app (`take`), at most `maximumPending` of them — the oldest.
final class NoticeBoard: Sendable {
    /// Enough for every kind of problem one launch can meet, few enough to fit a screen.
    static let maximumPending = 8

    private struct State {
        var problems: [String] = []
        var pending: [StorageNotice] = []
    }

    private let state = Mutex(State())

    func post(_ kind: StorageNotice.Kind, _ detail: String) {
        state.withLock { state in
            state.problems.append(detail)
            if state.pending.count < Self.maximumPending { state.pending.append(StorageNotice(kind, detail)) }
        }
    }

    /// Posts a notice unless the same one was posted before: a refusal met
    /// at every operation is said once.
    func postOnce(_ kind: StorageNotice.Kind, _ detail: String) {
        state.withLock { state in
            guard !state.problems.contains(detail) else { return }
            state.problems.append(detail)
            if state.pending.count < Self.maximumPending { state.pending.append(StorageNotice(kind, detail)) }
        }
    }

    var problems: [String] { state.withLock { $0.problems } }

    func take() -> [StorageNotice] {
        state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
    }
}
