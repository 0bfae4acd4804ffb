import AdapterFileKeychain
import AdapterInMemory
import Composition
import Foundation
import PortContracts
import Ports
import Synchronization
import TaskRuntime
import Testing
import VirtualTime

/// The `SessionEventSink` contract (`SessionEventSinkContract` of
/// `PortContracts`), run against every sink in `SessionEventSinkFactory.all`.
@Suite("SessionEventSink contract")
struct SessionEventSinkContractTests {
    @Test(
        "Every event sink keeps each promise",
        arguments: SessionEventSinkFactory.all, SessionEventSinkContract.Promise.allCases)
    func keepsThePromise(_ factory: SessionEventSinkFactory, _ promise: SessionEventSinkContract.Promise)
        async throws
    {
        try await SessionEventSinkContract.check(promise, on: factory.make)
    }

    @Test("The contract catches a sink that says its storage's failure at every entry")
    func catchesAFailureSaidEachTime() async throws {
        await withKnownIssue {
            try await SessionEventSinkContract.check(.aStorageFailureIsSaidOnce) {
                let sink = InMemorySessionEventSink()
                return SessionEventSinkUnderTest(
                    sink: sink, keptLines: { _ in [] }, bound: nil,
                    failingStorages: [
                        SessionEventSinkUnderTest.FailingStorage(name: "a sink that complains at every entry") {
                            let said = Mutex<[String]>([])
                            return SessionEventSinkUnderTest.FailingSink(
                                sink: ComplainingSink { said.withLock { $0.append("cannot write") } },
                                failuresSaid: { said.withLock { $0 } })
                        }
                    ])
            }
        }
    }

    @Test("The contract catches a sink that keeps entries out of order")
    func catchesDisorder() async throws {
        // withKnownIssue fails the test when the contract records nothing.
        await withKnownIssue {
            try await SessionEventSinkContract.check(.entriesAreKeptInOrder) {
                let sink = InMemorySessionEventSink()
                return SessionEventSinkUnderTest(
                    sink: sink, keptLines: { count in sink.entries.suffix(count).map(\.jsonLine).reversed() },
                    bound: nil)
            }
        }
    }
}

/// A way to make a fresh sink of one adapter, and read back what it kept.
struct SessionEventSinkFactory: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// The registry plugin of the events port this entry runs, if any.
    var plugin: CoveredPlugin? = nil
    let make: @Sendable () async throws -> SessionEventSinkUnderTest

    static let all: [SessionEventSinkFactory] = [
        // The events plugin `store` as a world resolves it over the file
        // keychain: the sink the store plugin makes, read back as `app events` does.
        SessionEventSinkFactory(
            testDescription: "events plugin store, over the file keychain", plugin: CoveredPlugin(.events, "store")
        ) {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "events-plugin-\(UUID().uuidString)"
            ).path
            var environment = AppEnvironment.local
            environment.pluginSettings["storeDirectory"] = .text(directory)
            let registry = PluginRegistry.standard
            let activity = VirtualActivity()
            let clock = WorldClock.virtual(ManualClock(activity: activity), executor: nil)
            func context(_ port: PortName) -> PluginContext {
                PluginContext(settings: registry.settings(for: port, in: environment), clock: clock, activity: activity)
            }
            let events = try #require(registry.events.first { $0.name == "store" })
            guard case .theStoresRecord = try events.make(context(.events)) else {
                throw EventsPluginMadeAnotherRecord()
            }
            let store = try #require(registry.store.first { $0.name == environment.plugins.store })
            let log = try #require(store.makeEventLog(context(.store)) { _ in })
            return SessionEventSinkUnderTest(
                sink: log.sink, keptLines: { count in try log.lastLines(count) }, bound: nil)
        },
        SessionEventSinkFactory(testDescription: "InMemorySessionEventSink") {
            let sink = InMemorySessionEventSink(capacity: 50)
            return SessionEventSinkUnderTest(
                sink: sink, keptLines: { count in sink.entries.suffix(count).map(\.jsonLine) }, bound: 50)
        },
        // 4 KiB a file: two files hold about 86 of the contract's entries, under a bound of 100.
        SessionEventSinkFactory(testDescription: "FileSessionEventLog") {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "event-log-\(UUID().uuidString)"
            ).path
            let sink = FileSessionEventLog(directory: directory, maximumBytes: 4096) { _ in }
            return SessionEventSinkUnderTest(
                sink: sink, keptLines: { count in try sink.lastLines(count) }, bound: 100,
                failingStorages: [
                    SessionEventSinkUnderTest.FailingStorage(name: "a directory under a regular file") {
                        // Unwritable for root too: no directory can be made under a file.
                        let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
                            "event-log-\(UUID().uuidString)")
                        try Data("not a directory".utf8).write(to: parent)
                        let said = Mutex<[String]>([])
                        let sink = FileSessionEventLog(directory: parent.appendingPathComponent("data").path) {
                            sentence in said.withLock { $0.append(sentence) }
                        }
                        return SessionEventSinkUnderTest.FailingSink(sink: sink) { said.withLock { $0 } }
                    }
                ])
        },
    ]
}

/// A sink that says a failure at every entry: what the failure's promise catches.
private struct ComplainingSink: SessionEventSink {
    let complain: @Sendable () -> Void

    func record(_ entry: SessionEventEntry) { complain() }
}

/// The events plugin `store` made something other than the store's record.
private struct EventsPluginMadeAnotherRecord: Error, CustomStringConvertible {
    var description: String { "the events plugin store did not choose the store's record" }
}
