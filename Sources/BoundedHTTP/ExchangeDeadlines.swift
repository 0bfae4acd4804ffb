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
///
/// A timer that meets a deadline more than a second after it fell due
/// (`latenessNanoseconds`) says the process did not run meanwhile — stopped (Ctrl-Z, SIGSTOP, a
/// debugger) or the machine asleep — while the clock, which counts every
/// second, went on. The answer may be waiting in the kernel, unread: a
/// refresh the server answered while the process was stopped would be
/// thrown away as a timeout, its rotated refresh token lost with it, and
/// the next refresh would present the spent one. So such an exchange is
/// given `graceAfterLateness` from the moment the timer met it, once, and
/// ends as `.timeout` when the timer meets that (a queue starved for longer
/// than a second cannot stretch a call's time again and again).
final class ExchangeDeadlines: Sendable {
    /// How late a timer may be for a deadline it meets before that says the
    /// process was not running: far beyond a busy machine's timer slack.
    static let latenessNanoseconds: UInt64 = 1_000_000_000
    /// What an exchange whose deadline fell due while the process was not
    /// running gets from the moment the timer met it: time to read an
    /// answer the kernel kept meanwhile, or one on its way.
    static let graceAfterLateness: DispatchTimeInterval = .seconds(1)

    private struct Entry {
        let deadline: DispatchTime
        let exchange: any DeadlineBound
        /// Whether this deadline is the grace given after a late timer.
        var isGrace = false
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
    func add(_ exchange: any DeadlineBound, deadline: DispatchTime) {
        state.withLock { state in
            Self.dropEnded(&state)
            Self.placeInOrder(Entry(deadline: deadline, exchange: exchange), in: &state)
            if state.firesAt.map({ deadline < $0 }) ?? true { state.setTimer(for: deadline) }
        }
    }

    /// The timer fired.
    private func fire() {
        expire(at: .now())
    }

    /// What the timer does when it meets the line at `now`: ends every
    /// running exchange past its deadline — but gives one whose deadline
    /// it meets more than a second late `graceAfterLateness` more, once — and
    /// sets the timer for the next deadline still running. Returns the
    /// exchanges it ended.
    @discardableResult
    func expire(at now: DispatchTime) -> [any DeadlineBound] {
        let expired = state.withLock { state -> [any DeadlineBound] in
            var expired: [any DeadlineBound] = []
            var postponed: [any DeadlineBound] = []
            let late = DispatchTime(
                uptimeNanoseconds: now.uptimeNanoseconds - min(now.uptimeNanoseconds, Self.latenessNanoseconds))
            while state.head < state.line.count, state.line[state.head].deadline <= now {
                let entry = state.line[state.head]
                state.head += 1
                guard !entry.exchange.hasEnded else { continue }
                if entry.deadline < late, !entry.isGrace {
                    postponed.append(entry.exchange)
                } else {
                    expired.append(entry.exchange)
                }
            }
            for exchange in postponed {
                Self.placeInOrder(
                    Entry(deadline: now + Self.graceAfterLateness, exchange: exchange, isGrace: true), in: &state)
            }
            Self.dropEnded(&state)
            state.setTimer(for: state.head < state.line.count ? state.line[state.head].deadline : nil)
            return expired
        }
        for exchange in expired { exchange.deadlinePassed() }
        return expired
    }

    /// Puts `entry` in the line in the order of deadlines.
    private static func placeInOrder(_ entry: Entry, in state: inout State) {
        if let last = state.line.last, last.deadline > entry.deadline, state.head < state.line.count {
            // Not the latest deadline: keep the line in order (rare: a
            // transport's timeout is one; only a clock going back, or a
            // deadline given grace after a stop, does it).
            let index = state.line[state.head...].firstIndex { $0.deadline > entry.deadline } ?? state.line.count
            state.line.insert(entry, at: index)
        } else {
            state.line.append(entry)
        }
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

/// What `ExchangeDeadlines` ends at its deadline: an exchange, or a test's
/// stand-in for one.
protocol DeadlineBound: AnyObject, Sendable {
    /// Whether it has ended by any of its endings: the line drops it then.
    var hasEnded: Bool { get }
    /// Its deadline passed: it ends as `.timeout`, unless it has ended already.
    func deadlinePassed()
}

extension HTTPExchange: DeadlineBound {}
