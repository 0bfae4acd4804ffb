import AdapterSystem
import PortContracts
import Ports
import TaskRuntime
import VirtualTime
import Testing

/// The `Clock` contract (`ClockContract` of `PortContracts`: `now()`,
/// sleeping, cancellation, alarms), run against every clock in
/// `ClockContractFactory.all`. A virtual clock (`ManualClock`) is moved
/// through its controls and nothing sleeps for real; the system clock runs
/// the promises a real clock can keep. The time limit only turns a broken
/// clock (a sleeper that never wakes) into a failure instead of a hang.
@Suite("Clock contract", .timeLimit(.minutes(1)))
struct ClockContractTests {
    @Test(
        "Every clock keeps each promise it can be checked on",
        arguments: ClockContractFactory.all.flatMap { factory in
            ClockContract.Promise.allCases.filter { factory.isVirtual || !$0.needsTheClocksControl }.map {
                ClockCase(factory: factory, promise: $0)
            }
        })
    func keepsThePromise(_ clockCase: ClockCase) async throws {
        try await ClockContract.check(clockCase.promise, on: clockCase.factory.make)
    }
}

/// One clock and one promise, named by both.
struct ClockCase: Sendable, CustomTestStringConvertible {
    let factory: ClockContractFactory
    let promise: ClockContract.Promise
    var testDescription: String { "\(factory.name): \(promise.testDescription)" }
}

/// Makes a fresh clock for one check.
struct ClockContractFactory: Sendable, CustomTestStringConvertible {
    let name: String
    /// Whether a check can move its time and count its sleepers; a real
    /// clock's time passes by itself.
    let isVirtual: Bool
    /// The registry plugin this clock is.
    var plugin: CoveredPlugin? = nil
    let make: @Sendable () -> ClockUnderTest

    var testDescription: String { name }

    /// Every `Clock` adapter. A new clock joins with one line here.
    static let all: [ClockContractFactory] = [.manual, .system]

    static let system = ClockContractFactory(
        name: "SystemClock", isVirtual: false, plugin: CoveredPlugin(.clock, "system")
    ) { ClockUnderTest(clock: SystemClock()) }

    static let manual = ClockContractFactory(
        name: "ManualClock", isVirtual: true, plugin: CoveredPlugin(.clock, "virtual")
    ) {
        let clock = ManualClock()
        return ClockUnderTest(clock: clock, control: ManualClockControl(clock: clock))
    }
}

/// `ManualClock`'s own controls, as `ClockContract` moves a virtual clock.
private struct ManualClockControl: VirtualClockControl {
    let clock: ManualClock
    func advance(by duration: Duration) async { clock.advance(by: duration) }
    func waitForSleepers(atLeast count: Int) async { await clock.waitForSleepers(atLeast: count) }
    func sleeperCount() async -> Int { clock.sleeperCount }
}
