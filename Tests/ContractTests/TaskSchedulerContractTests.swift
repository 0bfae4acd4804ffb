import PortContracts
import Ports
import TaskRuntime
import Testing

/// A scheduler under test, named for the test output.
struct TaskSchedulerFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () -> any TaskScheduler

    var testDescription: String { name }

    /// Every `TaskScheduler` adapter; a new one joins with one line.
    static let all: [TaskSchedulerFactory] = [
        TaskSchedulerFactory(name: "CountingTaskScheduler") { CountingTaskScheduler(activity: VirtualActivity()) }
    ]
}

/// The `TaskScheduler` port's contract (`TaskSchedulerContract` of
/// `PortContracts`), for every adapter. The time limit turns a scheduler
/// that never delivers (or never passes a cancel on) into a failure, not a
/// hang.
@Suite("TaskScheduler contract", .timeLimit(.minutes(1)))
struct TaskSchedulerContractTests {
    @Test(
        "Every scheduler keeps each promise",
        arguments: TaskSchedulerFactory.all, TaskSchedulerContract.Promise.allCases)
    func keepsThePromise(_ factory: TaskSchedulerFactory, _ promise: TaskSchedulerContract.Promise) async throws {
        try await TaskSchedulerContract.check(promise, on: factory.make)
    }
}
