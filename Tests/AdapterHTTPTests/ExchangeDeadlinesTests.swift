@testable import AdapterHTTP
@testable import BoundedHTTP
import Dispatch
import Synchronization
import Testing

/// The deadlines' line, met by hand at chosen moments (`expire(at:)`): no
/// clock is read and nothing waits. Every deadline here lies an hour ahead,
/// so the line's own timer never meets one while a test runs.
@Suite("Exchange deadlines")
struct ExchangeDeadlinesTests {
    /// A stand-in for an exchange: it counts the times its deadline passed.
    final class Exchange: DeadlineBound {
        private let state = Mutex((ended: false, timeouts: 0))
        var hasEnded: Bool { state.withLock { $0.ended } }
        var timeouts: Int { state.withLock { $0.timeouts } }
        func deadlinePassed() {
            state.withLock { state in
                guard !state.ended else { return }
                state.ended = true
                state.timeouts += 1
            }
        }
        func answerArrives() { state.withLock { $0.ended = true } }
    }

    private static let hour: UInt64 = 3_600_000_000_000

    @Test("A deadline met on time ends its exchange as a timeout; one not yet due does not")
    func onTime() {
        let deadlines = ExchangeDeadlines()
        let due = DispatchTime.now().uptimeNanoseconds + Self.hour
        let first = Exchange()
        let second = Exchange()
        deadlines.add(first, deadline: DispatchTime(uptimeNanoseconds: due))
        deadlines.add(second, deadline: DispatchTime(uptimeNanoseconds: due + 500_000_000))

        #expect(deadlines.expire(at: DispatchTime(uptimeNanoseconds: due - 1)).isEmpty)
        let ended = deadlines.expire(at: DispatchTime(uptimeNanoseconds: due + 200_000_000))
        #expect(ended.count == 1 && first.timeouts == 1 && second.timeouts == 0)
    }

    @Test("A deadline met more than a second late (the process was stopped) waits a second more for the answer")
    func metLateAfterAStop() {
        let deadlines = ExchangeDeadlines()
        let due = DispatchTime.now().uptimeNanoseconds + Self.hour
        let stopped = Exchange()
        deadlines.add(stopped, deadline: DispatchTime(uptimeNanoseconds: due))

        // Continued 20 s after the deadline fell due: not ended.
        let continued = due + 20_000_000_000
        #expect(deadlines.expire(at: DispatchTime(uptimeNanoseconds: continued)).isEmpty)
        #expect(stopped.timeouts == 0)
        // Met on time within its grace: still running.
        #expect(deadlines.expire(at: DispatchTime(uptimeNanoseconds: continued + 900_000_000)).isEmpty)
        // Its grace met on time: a timeout after all.
        let ended = deadlines.expire(at: DispatchTime(uptimeNanoseconds: continued + 1_000_000_000))
        #expect(ended.count == 1 && stopped.timeouts == 1)
    }

    @Test("The grace is given once: met late again, it ends as a timeout")
    func graceOnce() {
        let deadlines = ExchangeDeadlines()
        let due = DispatchTime.now().uptimeNanoseconds + Self.hour
        let stopped = Exchange()
        deadlines.add(stopped, deadline: DispatchTime(uptimeNanoseconds: due))

        let continued = due + 20_000_000_000
        #expect(deadlines.expire(at: DispatchTime(uptimeNanoseconds: continued)).isEmpty)
        // The grace met 5 s late (a starved queue, or stopped again): a timeout now.
        let ended = deadlines.expire(at: DispatchTime(uptimeNanoseconds: continued + 6_000_000_000))
        #expect(ended.count == 1 && stopped.timeouts == 1)
    }

    @Test("The answer read in the grace ends the exchange by itself: no timeout follows")
    func answerReadInTheGrace() {
        let deadlines = ExchangeDeadlines()
        let due = DispatchTime.now().uptimeNanoseconds + Self.hour
        let stopped = Exchange()
        deadlines.add(stopped, deadline: DispatchTime(uptimeNanoseconds: due))

        let continued = due + 20_000_000_000
        deadlines.expire(at: DispatchTime(uptimeNanoseconds: continued))
        stopped.answerArrives()
        #expect(deadlines.expire(at: DispatchTime(uptimeNanoseconds: continued + 1_000_000_000)).isEmpty)
        #expect(stopped.timeouts == 0)
    }

    @Test("A later deadline stays in its place behind one given grace, and the one before it still ends on time")
    func orderKeptAroundTheGrace() {
        let deadlines = ExchangeDeadlines()
        let due = DispatchTime.now().uptimeNanoseconds + Self.hour
        let late = Exchange()
        let next = Exchange()
        deadlines.add(late, deadline: DispatchTime(uptimeNanoseconds: due))
        deadlines.add(next, deadline: DispatchTime(uptimeNanoseconds: due + 1_500_000_000 + 300_000_000))

        // Met 1.5 s late: `late` gets until +2.5 s; `next` falls due at +1.8 s.
        let continued = due + 1_500_000_000
        #expect(deadlines.expire(at: DispatchTime(uptimeNanoseconds: continued)).isEmpty)
        let first = deadlines.expire(at: DispatchTime(uptimeNanoseconds: continued + 300_000_000))
        #expect(first.count == 1 && next.timeouts == 1 && late.timeouts == 0)
        let second = deadlines.expire(at: DispatchTime(uptimeNanoseconds: continued + 1_000_000_000))
        #expect(second.count == 1 && late.timeouts == 1)
    }

    @Test("URLSession's own timeout is a backstop an hour past the call's deadline, never racing it after a stop")
    func urlSessionBackstop() throws {
        let transport = HTTPTransport(
            configuration: try HTTPConfiguration(baseURL: "http://127.0.0.1:9", apiKey: nil, timeout: .seconds(10)))
        #expect(transport.session.configuration.timeoutIntervalForRequest >= 10 + 3_600)
        #expect(transport.session.configuration.timeoutIntervalForResource >= 10 + 3_600)
    }
}
