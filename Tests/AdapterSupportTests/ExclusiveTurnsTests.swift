import Synchronization
import Testing

import AdapterSupport

/// `ExclusiveTurns`: one holder at a time, first come first served, each wait
/// bounded — the promise in-process stores keep `SessionDataStore.exclusively`
/// with. A free turn is taken without suspending (its fast path); these
/// tests pin that the fast path changed none of the rest.
@Suite("ExclusiveTurns")
struct ExclusiveTurnsTests {
    @Test("a free turn is taken at once, and release frees it for the next taker")
    func freeTurnIsTakenAtOnce() async {
        let turns = ExclusiveTurns()
        #expect(await turns.take(waitingAtMost: .seconds(600)))
        #expect(turns.waiting == 0)
        turns.release()
        #expect(await turns.take(waitingAtMost: .seconds(600)))
        turns.release()
    }

    @Test("while the turn is held, takers wait in line and get it in the order they came", .timeLimit(.minutes(10)))
    func heldTurnServesTheLineInOrder() async {
        let turns = ExclusiveTurns()
        #expect(await turns.take(waitingAtMost: .seconds(600)))
        let order = Arrivals()
        let first = Task {
            let taken = await turns.take(waitingAtMost: .seconds(600))
            order.add(1)
            turns.release()
            return taken
        }
        await turns.untilWaiting(atLeast: 1)
        let second = Task {
            let taken = await turns.take(waitingAtMost: .seconds(600))
            order.add(2)
            turns.release()
            return taken
        }
        await turns.untilWaiting(atLeast: 2)
        #expect(turns.waiting == 2)
        #expect(order.all.isEmpty)
        turns.release()
        #expect(await first.value)
        #expect(await second.value)
        #expect(order.all == [1, 2])
        #expect(turns.waiting == 0)
        #expect(await turns.take(waitingAtMost: .seconds(600)))
        turns.release()
    }

    @Test("a waiter whose limit passes is told no and leaves the line; the turn then frees as usual")
    func waiterOutOfTimeLeavesTheLine() async {
        let turns = ExclusiveTurns()
        #expect(await turns.take(waitingAtMost: .seconds(600)))
        #expect(await turns.take(waitingAtMost: .zero) == false)
        #expect(turns.waiting == 0)
        turns.release()
        #expect(await turns.take(waitingAtMost: .seconds(600)))
        turns.release()
    }

    @Test(
        "a limit bounds the wait for one holder, not for the line: a hand-over starts it again, so a waiter behind a moving line is never told no",
        .timeLimit(.minutes(10)))
    func handOverStartsTheLimitAgain() async {
        let limits = HandFiredLimits()
        let turns = ExclusiveTurns(limitTimer: limits.timer)
        #expect(await turns.take(waitingAtMost: .seconds(3600)))
        let first = Task { await turns.take(waitingAtMost: .seconds(3600)) }
        await turns.untilWaiting(atLeast: 1)
        let second = Task { await turns.take(waitingAtMost: .seconds(3600)) }
        await turns.untilWaiting(atLeast: 2)
        #expect(limits.armed == 2)

        turns.release()  // the holder hands over to `first`
        #expect(await first.value)
        limits.fireAll()  // `second`'s limit passes: but the turn changed hands since it started
        #expect(turns.waiting == 1, "the waiter stays in line")
        #expect(limits.armed == 1, "its limit started again from the hand-over")

        turns.release()  // `first` hands over to `second`
        #expect(await second.value)
        limits.fireAll()  // the limit passes once `second` holds: nothing happens
        #expect(turns.waiting == 0)
        turns.release()
        #expect(await turns.take(waitingAtMost: .seconds(3600)))
        turns.release()
    }

    @Test(
        "a waiter whose limit passes while one holder keeps the turn is told no, and the one behind it is not",
        .timeLimit(.minutes(10)))
    func oneHolderKeepingTheTurnEndsTheWait() async {
        let limits = HandFiredLimits()
        let turns = ExclusiveTurns(limitTimer: limits.timer)
        #expect(await turns.take(waitingAtMost: .seconds(3600)))
        let first = Task { await turns.take(waitingAtMost: .seconds(3600)) }
        await turns.untilWaiting(atLeast: 1)
        limits.fireAll()
        #expect(await first.value == false)
        #expect(turns.waiting == 0)

        let second = Task { await turns.take(waitingAtMost: .seconds(3600)) }
        await turns.untilWaiting(atLeast: 1)
        turns.release()
        #expect(await second.value)
        turns.release()
        limits.fireAll()  // its limit, armed and never passed: nothing left held
        #expect(limits.armed == 0)
    }

    @Test("untilWaiting returns at once when the line is long enough, and once a taker lines up otherwise")
    func untilWaitingReturnsWhenTheLineReachesItsCount() async {
        let turns = ExclusiveTurns()
        await turns.untilWaiting(atLeast: 0)
        #expect(await turns.take(waitingAtMost: .seconds(600)))
        let watcher = Task { await turns.untilWaiting(atLeast: 1) }
        let taker = Task {
            let taken = await turns.take(waitingAtMost: .seconds(600))
            turns.release()
            return taken
        }
        await watcher.value
        #expect(turns.waiting == 1)
        turns.release()
        #expect(await taker.value)
    }

    @Test("a watcher whose task is cancelled returns without the line it waited for")
    func cancelledWatcherReturns() async {
        let turns = ExclusiveTurns()
        let watcher = Task { await turns.untilWaiting(atLeast: 5) }
        watcher.cancel()
        await watcher.value
        #expect(turns.waiting == 0)
    }
}

/// Who got the turn, in order (shared by the takers' tasks).
private final class Arrivals: Sendable {
    private let list = Mutex<[Int]>([])

    func add(_ taker: Int) { list.withLock { $0.append(taker) } }
    var all: [Int] { list.withLock { $0 } }
}

/// Limits that pass when the test says so: each armed limit is kept until
/// `fireAll`, which fires the ones armed so far.
private final class HandFiredLimits: Sendable {
    private let pending = Mutex<[@Sendable () -> Void]>([])

    var timer: ExclusiveTurns.LimitTimer {
        { [self] _, passed in pending.withLock { $0.append(passed) } }
    }

    /// How many limits are armed and not yet fired.
    var armed: Int { pending.withLock { $0.count } }

    func fireAll() {
        let due = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        for passed in due { passed() }
    }
}
