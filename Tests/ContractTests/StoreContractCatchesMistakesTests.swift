import AdapterInMemory
import PortContracts
import Ports
import Testing

/// `SessionDataStoreContract` fails a store that breaks a promise, and a
/// promise it cannot check: each test here passes only if the check
/// records the issue it must (`withKnownIssue` fails when none comes).
@Suite("The store contract catches what it must")
struct StoreContractCatchesMistakesTests {
    @Test("A store that reads storage it cannot reach as \"no session\" breaks the unavailable-read promise")
    func aStoreThatHidesUnreachableStorageFails() async throws {
        await withKnownIssue {
            try await SessionDataStoreContract.check(.unreadableStorageReadsAsUnavailable) {
                let memory = InMemorySessionDataStore(coding: InMemorySessionCoding())
                let hiding = UnreachableReadsAsAbsent(base: memory)
                return SessionStoreUnderTest(
                    store: hiding, coding: InMemorySessionCoding(),
                    failures: SessionStoreFailureSwitches(
                        makeUnavailable: { memory.simulateUnavailable($0) },
                        makeWritesFail: { memory.simulateWriteFailure($0) },
                        plantStoredBytes: { memory.plantRawData($0) },
                        setAsideCount: { memory.setAsideData.count },
                        reportedProblems: { memory.problems.map(String.init(describing:)) }),
                    untilWritersWait: { await memory.untilWritersWait(atLeast: $0) })
            }
        }
    }

    @Test(
        "A promise about failing storage, checked on a store without failure switches, fails naming the promise",
        arguments: SessionDataStoreContract.Promise.allCases.filter(\.needsFailureSwitches))
    func aPromiseWithoutItsSwitchesFailsLoudly(_ promise: SessionDataStoreContract.Promise) async throws {
        try await withKnownIssue {
            try await SessionDataStoreContract.check(promise) {
                let store = InMemorySessionDataStore(coding: InMemorySessionCoding())
                return SessionStoreUnderTest(
                    store: store, coding: InMemorySessionCoding(), failures: nil,
                    untilWritersWait: { await store.untilWritersWait(atLeast: $0) })
            }
        } matching: { issue in
            let said = issue.comments.map(\.rawValue).joined()
            return said.contains(promise.rawValue) && said.contains("needs the store's failure switches")
        }
    }
}

/// The planted mistake: a read of storage that cannot be reached answers
/// `.absent`, as `try?` would make it — the app would then sign the person out.
private struct UnreachableReadsAsAbsent: SessionDataStore {
    let base: any SessionDataStore

    func read() async -> SessionRead {
        let read = await base.read()
        if case .unavailable = read { return .absent }
        return read
    }

    func save(_ session: UserSession) async throws(SessionStoreError) { try await base.save(session) }
    func delete() async throws(SessionStoreError) { try await base.delete() }
    func exclusively<Outcome: Sendable>(
        for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
        _ body: @Sendable (any SessionDataStore) async -> Outcome
    ) async throws(SessionStoreError) -> Outcome {
        try await base.exclusively(for: purpose, waitingAtMost: limit, body)
    }
}
