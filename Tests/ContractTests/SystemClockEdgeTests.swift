import AdapterSystem
import Foundation
import Testing

/// Real time, at its edges: a deadline past or absurdly far.
@Suite("System clock at its edges")
struct SystemClockTests {
    @Test("A deadline centuries away is slept towards, not overflowed, and cancelling ends the sleep")
    func aFarDeadlineDoesNotOverflow() async {
        let clock = SystemClock()
        let sleeper = Task { () -> Bool in
            do {
                try await clock.sleep(until: Date.distantFuture)
                return false
            } catch {
                return true
            }
        }
        sleeper.cancel()
        #expect(await sleeper.value, "cancelled, not crashed")
    }

    @Test func aDeadlineInThePastReturnsAtOnce() async throws {
        try await SystemClock().sleep(until: Date.distantPast)
    }
}
