import Foundation
import Ports
import Testing

/// The checks behind `SessionDataStoreContract`, one method per promise,
/// each on fresh stores from `makeStore`.
struct SessionDataStoreChecks {
    let promise: SessionDataStoreContract.Promise
    let makeStore: @Sendable () async throws -> SessionStoreUnderTest

    /// Makes a store, runs `body` on it and tears it down, whatever happens.
    func withFreshStore(_ body: (SessionStoreUnderTest) async throws -> Void) async throws {
        let sut = try await makeStore()
        do {
            try await body(sut)
        } catch {
            await sut.tearDown()
            throw error
        }
        await sut.tearDown()
    }

    /// As `withFreshStore`, with the store's failure switches; a store that
    /// has none fails the check, naming the promise, rather than pass it unchecked.
    func withFailableStore(_ body: (SessionStoreUnderTest, SessionStoreFailureSwitches) async throws -> Void)
        async throws
    {
        try await withFreshStore { sut in
            guard let failures = sut.failures else {
                Issue.record(
                    """
                    "\(promise.rawValue)" is about failing storage and needs the store's failure switches \
                    (SessionStoreUnderTest.failures), but this store gives none: give it switches, or leave the \
                    promise out where the test's arguments are chosen (Promise.needsFailureSwitches)
                    """)
                return
            }
            try await body(sut, failures)
        }
    }
}

// MARK: Read, save, delete

extension SessionDataStoreChecks {
    func readDeliversAbsentOnAnEmptyStore() async throws {
        try await withFreshStore { sut in
            #expect(await sut.store.read() == .absent)
        }
    }

    func readHasNoSideEffectsOnAnEmptyStore() async throws {
        try await withFreshStore { sut in
            _ = await sut.store.read()

            #expect(await sut.store.read() == .absent)
        }
    }

    func readDeliversTheSavedSession() async throws {
        for sample in CodingSample.storable {
            try await withFreshStore { sut in
                try await sut.store.save(sample.session)

                #expect(await sut.store.read() == .found(sample.session), "\(sample.name)")
            }
        }
    }

    func readHasNoSideEffectsOnASavedSession() async throws {
        try await withFreshStore { sut in
            try await sut.store.save(CodingSample.both.session)

            _ = await sut.store.read()

            #expect(await sut.store.read() == .found(CodingSample.both.session))
        }
    }

    func saveReplacesThePreviousSessionEntirely() async throws {
        try await withFreshStore { sut in
            try await sut.store.save(CodingSample.both.session)

            try await sut.store.save(CodingSample.userOnly.session)
            #expect(await sut.store.read() == .found(CodingSample.userOnly.session))

            try await sut.store.save(CodingSample.tokenOnly.session)
            #expect(await sut.store.read() == .found(CodingSample.tokenOnly.session))
        }
    }

    func saveAfterDeleteDeliversTheNewSession() async throws {
        try await withFreshStore { sut in
            try await sut.store.save(CodingSample.both.session)
            try await sut.store.delete()

            try await sut.store.save(CodingSample.unicode.session)

            #expect(await sut.store.read() == .found(CodingSample.unicode.session))
        }
    }

    func deleteSucceedsOnAnEmptyStore() async throws {
        try await withFreshStore { sut in
            try await sut.store.delete()
            try await sut.store.delete()

            #expect(await sut.store.read() == .absent)
        }
    }

    func deleteEmptiesASavedStore() async throws {
        try await withFreshStore { sut in
            try await sut.store.save(CodingSample.both.session)

            try await sut.store.delete()

            #expect(await sut.store.read() == .absent)
        }
    }
}

// MARK: Atomicity

extension SessionDataStoreChecks {
    func concurrentSavesLeaveOneWholeSession() async throws {
        try await withFreshStore { sut in
            let store = sut.store
            let sessions = CodingSample.distinct(count: 40)

            try await withThrowingTaskGroup(of: Void.self) { group in
                for session in sessions {
                    group.addTask { try await store.save(session) }
                }
                try await group.waitForAll()
            }

            let read = await store.read()
            #expect(sessions.map(SessionRead.found).contains(read), "got \(read)")
        }
    }

    func readsDuringSavesSeeOnlyWholeSessions() async throws {
        try await withFreshStore { sut in
            let store = sut.store
            let sessions = CodingSample.distinct(count: 30)
            try await store.save(sessions[0])

            let reads = try await withThrowingTaskGroup(of: SessionRead?.self) { group in
                for session in sessions.dropFirst() {
                    group.addTask {
                        try await store.save(session)
                        return nil
                    }
                    group.addTask { await store.read() }
                }
                var reads: [SessionRead] = []
                for try await read in group {
                    if let read { reads.append(read) }
                }
                return reads
            }

            let wholeSessions = Set(sessions.map(SessionRead.found))
            #expect(reads.count == sessions.count - 1)
            #expect(reads.filter { !wholeSessions.contains($0) } == [])
        }
    }
}

extension SessionRead {
    var isUnavailable: Bool {
        if case .unavailable = self { return true }
        return false
    }

    /// Whether this read set a stored value aside.
    var isSetAside: Bool {
        if case .setAside = self { return true }
        return false
    }
}
