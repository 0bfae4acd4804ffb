import Foundation
import Ports
import Testing

// MARK: Storage that cannot be read or written

extension SessionDataStoreChecks {
    func unreadableStorageReadsAsUnavailable() async throws {
        try await withFailableStore { sut, failures in
            try await failures.makeUnavailable(true)

            #expect(await sut.store.read().isUnavailable)
        }
    }

    func unreadableStorageLosesNothing() async throws {
        try await withFailableStore { sut, failures in
            try await sut.store.save(CodingSample.both.session)
            try await failures.makeUnavailable(true)

            let read = await sut.store.read()

            #expect(read.isUnavailable, "got \(read)")
            try await failures.makeUnavailable(false)
            #expect(await sut.store.read() == .found(CodingSample.both.session))
            #expect(try await failures.setAsideCount() == 0)
        }
    }

    func unreadableStorageSetsNothingAside() async throws {
        try await withFailableStore { sut, failures in
            try await failures.plantStoredBytes(Data("not a session".utf8))
            try await failures.makeUnavailable(true)

            #expect(await sut.store.read().isUnavailable)
            #expect(try await failures.setAsideCount() == 0)
        }
    }

    func saveToUnavailableStorageThrowsAndKeepsThePrevious() async throws {
        try await withFailableStore { sut, failures in
            try await sut.store.save(CodingSample.both.session)
            try await failures.makeUnavailable(true)

            let error = await storeSaveError(sut.store, CodingSample.userOnly.session)

            #expect(error != nil)
            try await failures.makeUnavailable(false)
            #expect(await sut.store.read() == .found(CodingSample.both.session))
        }
    }

    func failedSaveThrowsAndKeepsThePrevious() async throws {
        try await withFailableStore { sut, failures in
            try await sut.store.save(CodingSample.userOnly.session)
            try await failures.makeWritesFail(true)

            let error = await storeSaveError(sut.store, CodingSample.unicode.session)

            #expect(error != nil)
            #expect(await sut.store.read() == .found(CodingSample.userOnly.session))
            try await failures.makeWritesFail(false)
            #expect(await sut.store.read() == .found(CodingSample.userOnly.session))
        }
    }

    func failedSaveLeavesAnEmptyStoreEmpty() async throws {
        try await withFailableStore { sut, failures in
            try await failures.makeWritesFail(true)

            #expect(await storeSaveError(sut.store, CodingSample.both.session) != nil)
            #expect(await sut.store.read() == .absent)
        }
    }

    func deleteOnUnavailableStorageThrowsAndKeepsTheSession() async throws {
        try await withFailableStore { sut, failures in
            try await sut.store.save(CodingSample.both.session)
            try await failures.makeUnavailable(true)

            #expect(await storeDeleteError(sut.store) != nil)
            try await failures.makeUnavailable(false)
            #expect(await sut.store.read() == .found(CodingSample.both.session))
        }
    }

    func failedDeleteThrowsAndKeepsTheSession() async throws {
        try await withFailableStore { sut, failures in
            try await sut.store.save(CodingSample.both.session)
            try await failures.makeWritesFail(true)

            #expect(await storeDeleteError(sut.store) != nil)
            #expect(await sut.store.read() == .found(CodingSample.both.session))
        }
    }

    func errorsNeverHoldTheToken() async throws {
        try await withFailableStore { sut, failures in
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
            // Counted, not listed: a failure must not print the token either.
            let leakCount = errors.flatMap(everyTextOf).filter { $0.contains(token) }.count
            #expect(leakCount == 0)
        }
    }
}

// MARK: Stored bytes that cannot be decoded

extension SessionDataStoreChecks {
    func undecodableBytesAreSetAsideSaidOnceThenAbsent() async throws {
        for foreign in CodingForeignBytes.all {
            try await withFailableStore { sut, failures in
                try await failures.plantStoredBytes(foreign.data)

                #expect((await sut.store.read()).isSetAside, "\(foreign.name)")
                #expect(await sut.store.read() == .absent, "\(foreign.name)")
                #expect(try await failures.setAsideCount() == 1, "\(foreign.name)")
                #expect(try await failures.reportedProblems().count == 1, "\(foreign.name)")
            }
        }
    }

    func readAfterSettingAsideHasNoFurtherSideEffect() async throws {
        try await withFailableStore { sut, failures in
            try await failures.plantStoredBytes(Data("garbage".utf8))
            _ = await sut.store.read()

            #expect(await sut.store.read() == .absent)
            #expect(try await failures.setAsideCount() == 1)
            #expect(try await failures.reportedProblems().count == 1)
        }
    }

    func saveAfterSettingAsideDeliversTheNewSession() async throws {
        try await withFailableStore { sut, failures in
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
    func bytesPlantedOverASessionAreReadForWhatTheyHold() async throws {
        try await withFailableStore { sut, failures in
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

    func truncatedSessionIsSetAsideAndSaidWithoutTheToken() async throws {
        try await withFailableStore { sut, failures in
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
}
