import AdapterFileKeychain
import AdapterInMemory
import Composition
import Foundation
import Ports
import TaskRuntime
import VirtualTime
import Testing

/// The store faults scripts switch on (`store full`, `store unavailable`,
/// `store ok`), in front of each store adapter.
@Suite("Store fault switch")
struct StoreFaultSwitchTests {
    enum StoreKind: String, CaseIterable, Sendable {
        case inMemory = "in-memory"
        case fileKeychain = "file-keychain"
    }

    private static let session = UserSession(
        token: SessionToken(
            token: AccessToken("token-under-test"), issuedAt: ManualClock.defaultStart,
            expiresAt: ManualClock.defaultStart.addingTimeInterval(60)),
        cachedUser: nil)

    private func makeStore(_ kind: StoreKind) -> (any SessionDataStore, cleanUp: () -> Void) {
        switch kind {
        case .inMemory:
            return (InMemorySessionDataStore(), {})
        case .fileKeychain:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("gatehouse-store-fault-\(UUID().uuidString)").path
            return (
                FileSessionDataStore(directory: directory, coding: JSONSessionCoding()),
                { try? FileManager.default.removeItem(atPath: directory) }
            )
        }
    }

    @Test("Off until asked: every operation reaches the store", arguments: StoreKind.allCases)
    func offByDefault(_ kind: StoreKind) async throws {
        let (store, cleanUp) = makeStore(kind)
        defer { cleanUp() }
        let faults = StoreFaultSwitch(store)
        #expect(faults.current == .none)

        try await faults.save(Self.session)
        #expect(await faults.read() == .found(Self.session))
        try await faults.delete()
        #expect(await faults.read() == .absent)
    }

    @Test("Full: saves fail and change nothing; reads and deletes work", arguments: StoreKind.allCases)
    func full(_ kind: StoreKind) async throws {
        let (store, cleanUp) = makeStore(kind)
        defer { cleanUp() }
        let faults = StoreFaultSwitch(store)
        try await faults.save(Self.session)
        faults.set(.full)

        await #expect(throws: SessionStoreError.self) { try await faults.save(Self.session) }
        #expect(await faults.read() == .found(Self.session), "the previous session is intact")
        try await faults.delete()
        #expect(await store.read() == .absent)
    }

    @Test(
        "Unavailable: reads say so (never 'absent'), saves and deletes fail and change nothing",
        arguments: StoreKind.allCases)
    func unavailable(_ kind: StoreKind) async throws {
        let (store, cleanUp) = makeStore(kind)
        defer { cleanUp() }
        let faults = StoreFaultSwitch(store)
        try await faults.save(Self.session)
        faults.set(.unavailable)

        guard case .unavailable = await faults.read() else {
            Issue.record("a locked store's read must be .unavailable")
            return
        }
        await #expect(throws: SessionStoreError.self) { try await faults.save(Self.session) }
        await #expect(throws: SessionStoreError.self) { try await faults.delete() }
        #expect(await store.read() == .found(Self.session), "nothing behind the switch changed")

        faults.set(.none)
        #expect(await faults.read() == .found(Self.session))
    }
}
