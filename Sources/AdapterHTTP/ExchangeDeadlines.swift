import Dispatch
import Synchronization

/// The deadlines of one transport's exchanges, kept on one Dispatch timer.
///
/// Why one timer and not one per exchange: on Linux, arming and cancelling a
/// Dispatch timer each wake Dispatch's manager thread to reprogram it — two
/// thread wake-ups per call, more than the rest of a loopback call's
/// overhead. Here a call only joins a line. Every exchange of a transport
/// has the same timeout, so deadlines join in the order they fall due; the
/// timer is set for the first one still running, and only moves when it
/// fires (or when a deadline would fall before it, which a clock that never
/// goes back does not make).
///
/// When the timer fires, every exchange whose deadline has passed and that
/// is still running ends as `.timeout`; exchanges that ended by themselves
/// are dropped from the front of the line as it is passed, and whenever a
/// call joins, so the line holds only the calls of one timeout's span.
final class ExchangeDeadlines: Sendable {
    private struct Entry {
        let deadline: DispatchTime
        let exchange: HTTPExchange
    }

    private struct State {
        /// In order of deadline, from `head` on.
        var line: [Entry] = []
        var head = 0
        /// When the timer fires next; nil while it is not set.
        var firesAt: DispatchTime?
        /// Made once, activated once; only its schedule changes, always under
        /// the lock (a timer is not Sendable), so the schedule is the one
        /// `firesAt` says. Its handler runs on another queue, never in here.
        let timer: any DispatchSourceTimer

        mutating func setTimer(for deadline: DispatchTime?) {
            firesAt = deadline
            if let deadline { timer.schedule(deadline: deadline) }
        }
    }

    private let state: Mutex<State>

    init() {
        state = Mutex(State(timer: DispatchSource.makeTimerSource(queue: .global())))
        state.withLock { state in
            state.timer.setEventHandler { [weak self] in self?.fire() }
            state.timer.activate()
        }
    }

    deinit {
        state.withLock { $0.timer.cancel() }
    }

    /// `exchange` ends as `.timeout` at `deadline` unless it has ended by then.
    func add(_ exchange: HTTPExchange, deadline: DispatchTime) {
        state.withLock { state in
            Self.dropEnded(&state)
            let entry = Entry(deadline: deadline, exchange: exchange)
            if let last = state.line.last, last.deadline > deadline, state.head < state.line.count {
                // Not the latest deadline: keep the line in order (rare: a
                // transport's timeout is one; only a clock going back does it).
                let index = state.line[state.head...].firstIndex { $0.deadline > deadline } ?? state.line.count
                state.line.insert(entry, at: index)
            } else {
                state.line.append(entry)
            }
            if state.firesAt.map({ deadline < $0 }) ?? true { state.setTimer(for: deadline) }
        }
    }

    /// The timer fired: ends every running exchange past its deadline, and
    /// sets the timer for the next one still running.
    private func fire() {
        let now = DispatchTime.now()
        let expired = state.withLock { state -> [HTTPExchange] in
            var expired: [HTTPExchange] = []
            while state.head < state.line.count, state.line[state.head].deadline <= now {
                expired.append(state.line[state.head].exchange)
                state.head += 1
            }
            Self.dropEnded(&state)
            state.setTimer(for: state.head < state.line.count ? state.line[state.head].deadline : nil)
            return expired
        }
        for exchange in expired { exchange.deadlinePassed() }
    }

    /// Drops the exchanges at the front of the line that have ended, and
    /// the storage of the entries passed once they are half of it.
    private static func dropEnded(_ state: inout State) {
        while state.head < state.line.count, state.line[state.head].exchange.hasEnded {
            state.head += 1
        }
        if state.head == state.line.count {
            state.line.removeAll(keepingCapacity: true)
            state.head = 0
        } else if state.head >= 64, state.head * 2 >= state.line.count {
            state.line.removeFirst(state.head)
            state.head = 0
        }
    }
}
