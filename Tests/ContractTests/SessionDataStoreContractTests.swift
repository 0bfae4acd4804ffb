import Foundation
import Ports
import Testing

/// The `SessionDataStore` contract (see the port's doc comment), run against
/// every store in `StoreFactory.all`; the failure paths only against stores
/// that can be made to fail (`StoreFactory.failable`).
@Suite("SessionDataStore contract")
struct SessionDataStoreContractTests {
    // MARK: Read

    @Test(arguments: StoreFactory.all)
    func read_deliversAbsentOnEmptyStore(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            #expect(await sut.store.read() == .absent)
        }
    }

    @Test(arguments: StoreFactory.all)
    func read_hasNoSideEffectsOnEmptyStore(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            _ = await sut.store.read()

            #expect(await sut.store.read() == .absent)
        }
    }

    @Test(arguments: StoreFactory.all, CodingSample.storable)
    func read_deliversSavedSessionOnNonEmptyStore(_ factory: StoreFactory, _ sample: CodingSample) async throws {
        try await withFreshStore(factory) { sut in
            try await sut.store.save(sample.session)

            #expect(await sut.store.read() == .found(sample.session))
        }
    }

    @Test(arguments: StoreFactory.all)
    func read_hasNoSideEffectsOnNonEmptyStore(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            try await sut.store.save(CodingSample.both.session)

            _ = await sut.store.read()

            #expect(await sut.store.read() == .found(CodingSample.both.session))
        }
    }

    // MARK: Save

    @Test(arguments: StoreFactory.all)
    func save_replacesThePreviouslySavedSessionEntirely(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            try await sut.store.save(CodingSample.both.session)

            try await sut.store.save(CodingSample.userOnly.session)
            #expect(await sut.store.read() == .found(CodingSample.userOnly.session))

            try await sut.store.save(CodingSample.tokenOnly.session)
            #expect(await sut.store.read() == .found(CodingSample.tokenOnly.session))
        }
    }

    @Test(arguments: StoreFactory.all)
    func save_afterDeleteDeliversTheNewSession(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            try await sut.store.save(CodingSample.both.session)
            try await sut.store.delete()

            try await sut.store.save(CodingSample.unicode.session)

            #expect(await sut.store.read() == .found(CodingSample.unicode.session))
        }
    }

    // MARK: Delete

    @Test(arguments: StoreFactory.all)
    func delete_deliversNoErrorAndHasNoSideEffectsOnEmptyStore(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            try await sut.store.delete()
            try await sut.store.delete()

            #expect(await sut.store.read() == .absent)
        }
    }

    @Test(arguments: StoreFactory.all)
    func delete_emptiesPreviouslySavedStore(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            try await sut.store.save(CodingSample.both.session)

            try await sut.store.delete()

            #expect(await sut.store.read() == .absent)
        }
    }

    // MARK: Atomicity

    @Test(arguments: StoreFactory.all)
    func save_fromManyConcurrentTasksLeavesOneWholeSession(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
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

    @Test(arguments: StoreFactory.all)
    func read_duringConcurrentSavesSeesOnlyWholeSessions(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
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

    // MARK: Storage that cannot be read or written

    @Test(arguments: StoreFactory.failable)
    func read_deliversUnavailableNotAbsentWhenStorageCannotBeRead(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await failures.makeUnavailable(true)

            #expect(await sut.store.read().isUnavailable)
        }
    }

    @Test(arguments: StoreFactory.failable)
    func read_deletesNothingWhenStorageCannotBeRead(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await sut.store.save(CodingSample.both.session)
            try await failures.makeUnavailable(true)

            let read = await sut.store.read()

            #expect(read.isUnavailable, "got \(read)")
            try await failures.makeUnavailable(false)
            #expect(await sut.store.read() == .found(CodingSample.both.session))
            #expect(try await failures.setAsideCount() == 0)
        }
    }

    @Test(arguments: StoreFactory.failable)
    func read_setsNothingAsideWhenStorageCannotBeRead(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await failures.plantStoredBytes(Data("not a session".utf8))
            try await failures.makeUnavailable(true)

            #expect(await sut.store.read().isUnavailable)
            #expect(try await failures.setAsideCount() == 0)
        }
    }

    @Test(arguments: StoreFactory.failable)
    func save_throwsAndKeepsThePreviousSessionWhenStorageIsUnavailable(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await sut.store.save(CodingSample.both.session)
            try await failures.makeUnavailable(true)

            let error = await storeSaveError(sut.store, CodingSample.userOnly.session)

            #expect(error != nil)
            try await failures.makeUnavailable(false)
            #expect(await sut.store.read() == .found(CodingSample.both.session))
        }
    }

    @Test(arguments: StoreFactory.failable)
    func save_throwsAndKeepsThePreviousSessionWhenTheWriteFails(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await sut.store.save(CodingSample.userOnly.session)
            try await failures.makeWritesFail(true)

            let error = await storeSaveError(sut.store, CodingSample.unicode.session)

            #expect(error != nil)
            #expect(await sut.store.read() == .found(CodingSample.userOnly.session))
            try await failures.makeWritesFail(false)
            #expect(await sut.store.read() == .found(CodingSample.userOnly.session))
        }
    }

    @Test(arguments: StoreFactory.failable)
    func save_throwsOnEmptyStoreWhenTheWriteFailsAndLeavesItEmpty(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await failures.makeWritesFail(true)

            #expect(await storeSaveError(sut.store, CodingSample.both.session) != nil)
            #expect(await sut.store.read() == .absent)
        }
    }

    @Test(arguments: StoreFactory.failable)
    func delete_throwsAndKeepsTheSessionWhenStorageIsUnavailable(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await sut.store.save(CodingSample.both.session)
            try await failures.makeUnavailable(true)

            #expect(await storeDeleteError(sut.store) != nil)
            try await failures.makeUnavailable(false)
            #expect(await sut.store.read() == .found(CodingSample.both.session))
        }
    }

    @Test(arguments: StoreFactory.failable)
    func delete_throwsAndKeepsTheSessionWhenTheWriteFails(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await sut.store.save(CodingSample.both.session)
            try await failures.makeWritesFail(true)

            #expect(await storeDeleteError(sut.store) != nil)
            #expect(await sut.store.read() == .found(CodingSample.both.session))
        }
    }

    @Test(arguments: StoreFactory.failable)
    func storeErrors_neverContainTheToken(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            let token = try #require(CodingSample.both.tokenText)
            try await sut.store.save(CodingSample.both.session)
            var errors: [SessionStoreError] = []

            try await failures.makeWritesFail(true)
            errors += [await storeSaveError(sut.store, CodingSample.both.session)].compactMap { $0 }
            errors += [await storeDeleteError(sut.store)].compactMap { $0 }
            try await failures.makeWritesFail(false)
            try await failures.makeUnavailable(true)
            errors += [await storeSaveError(sut.store, CodingSample.both.session)].compactMap { $0 }
            errors += [await storeDeleteError(sut.store)].compactMap { $0 }
            if case .unavailable(let error) = await sut.store.read() { errors.append(error) }

            #expect(errors.count == 5)
            let leakCount = errors.flatMap(codingTextsOf).filter { $0.contains(token) }.count
            #expect(leakCount == 0)
        }
    }

    // MARK: Stored bytes that cannot be decoded

    @Test(arguments: StoreFactory.failable, CodingForeignBytes.all)
    func read_setsAsideUndecodableBytesSaysSoOnceThenDeliversAbsent(
        _ factory: StoreFactory, _ foreign: CodingForeignBytes
    ) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await failures.plantStoredBytes(foreign.data)

            #expect((await sut.store.read()).isSetAside)
            #expect(await sut.store.read() == .absent)
            #expect(try await failures.setAsideCount() == 1)
            #expect(try await failures.reportedProblems().count == 1)
        }
    }

    @Test(arguments: StoreFactory.failable)
    func read_afterSettingAsideHasNoFurtherSideEffects(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await failures.plantStoredBytes(Data("garbage".utf8))
            _ = await sut.store.read()

            #expect(await sut.store.read() == .absent)
            #expect(try await failures.setAsideCount() == 1)
            #expect(try await failures.reportedProblems().count == 1)
        }
    }

    @Test(arguments: StoreFactory.failable)
    func save_afterSettingAsideDeliversTheNewSession(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await failures.plantStoredBytes(Data("garbage".utf8))
            _ = await sut.store.read()

            try await sut.store.save(CodingSample.both.session)

            #expect(await sut.store.read() == .found(CodingSample.both.session))
            #expect(try await failures.setAsideCount() == 1)
        }
    }

    /// A store may remember which session the bytes it wrote or read stand
    /// for (the in-memory store does, so a read need not decode them again);
    /// bytes put there by something else must still be read for what they
    /// hold — never answered with the session remembered.
    @Test(arguments: StoreFactory.failable)
    func read_afterBytesPlantedOverASavedSession_deliversWhatThePlantedBytesHold(_ factory: StoreFactory)
        async throws
    {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            try await sut.store.save(CodingSample.both.session)
            #expect(await sut.store.read() == .found(CodingSample.both.session))

            try await failures.plantStoredBytes(try sut.coding.encode(CodingSample.userOnly.session))
            #expect(await sut.store.read() == .found(CodingSample.userOnly.session))

            try await failures.plantStoredBytes(try sut.coding.encode(CodingSample.both.session))
            #expect(await sut.store.read() == .found(CodingSample.both.session))

            try await failures.plantStoredBytes(Data("garbage".utf8))
            guard case .setAside = await sut.store.read() else {
                Issue.record("garbage planted over a session read as a session")
                return
            }
            #expect(await sut.store.read() == .absent)
        }
    }

    @Test(arguments: StoreFactory.failable)
    func read_setsAsideATruncatedSessionAndReportsItWithoutTheToken(_ factory: StoreFactory) async throws {
        try await withFreshStore(factory) { sut in
            let failures = try #require(sut.failures)
            let token = try #require(CodingSample.both.tokenText)
            let encoded = try sut.coding.encode(CodingSample.both.session)
            try await failures.plantStoredBytes(Data(encoded.prefix(encoded.count - 1)))

            let read = await sut.store.read()
            guard case .setAside(let reason) = read else {
                Issue.record("a truncated session read as \(read), not set aside")
                return
            }
            #expect(!reason.contains(token))
            let problems = try await failures.reportedProblems()
            #expect(problems.count == 1)
            #expect(problems.filter { $0.contains(token) }.count == 0)
        }
    }

    // MARK: Helpers

    /// Makes a store, runs `body` on it and tears it down, whatever happens.
    private func withFreshStore(
        _ factory: StoreFactory, _ body: (StoreUnderTest) async throws -> Void
    ) async throws {
        let sut = try await factory.make()
        do {
            try await body(sut)
        } catch {
            await sut.tearDown()
            throw error
        }
        await sut.tearDown()
    }
}

/// The error `save` threw, or nil.
func storeSaveError(_ store: any SessionDataStore, _ session: UserSession) async -> SessionStoreError? {
    do {
        try await store.save(session)
        return nil
    } catch {
        return error
    }
}

/// The error `delete` threw, or nil.
func storeDeleteError(_ store: any SessionDataStore) async -> SessionStoreError? {
    do {
        try await store.delete()
        return nil
    } catch {
        return error
    }
}

extension SessionRead {
    fileprivate var isUnavailable: Bool {
        if case .unavailable = self { return true }
        return false
    }

    /// Whether this read set a stored value aside.
    fileprivate var isSetAside: Bool {
        if case .setAside = self { return true }
        return false
    }
}
