import Ports
import Testing

/// The checks behind `PreferencesStoreContract`, one per promise.
extension PreferencesStoreContract {
    static func emptyStoreReadsTheDefaults(_ sut: PreferencesStoreUnderTest) async {
        let read = await sut.store.read()

        #expect(read == PreferencesRead(preferences: .defaults))
        #expect(read.preferences.language == nil)
        #expect(read.preferences.pinLockTimeout == .seconds(300))
        #expect(read.preferences.remembersLastIdentifier == false)
        #expect(read.preferences.lastIdentifier == nil)
    }

    static func savedIsReadBack(_ sut: PreferencesStoreUnderTest) async throws {
        let chosen = try chosenPreferences()

        try await sut.store.save(chosen)

        #expect(await sut.store.read() == PreferencesRead(preferences: chosen))
        #expect(await sut.store.read() == PreferencesRead(preferences: chosen))
        #expect(await sut.reopen().read() == PreferencesRead(preferences: chosen))
    }

    static func saveReplacesEntirely(_ sut: PreferencesStoreUnderTest) async throws {
        try await sut.store.save(try chosenPreferences())

        try await sut.store.save(Preferences(language: .enUS))

        let read = await sut.reopen().read()
        #expect(read.preferences == Preferences(language: .enUS))
        #expect(read.preferences.lastIdentifier == nil)
        #expect(read.preferences.pinLockTimeout == Preferences.defaultPINLockTimeout)
    }

    static func unusableContentIsSetAsideOnce(_ sut: PreferencesStoreUnderTest) async throws {
        sut.plantUnusable()

        let first = await sut.store.read()
        let second = await sut.store.read()

        #expect(first.preferences == .defaults)
        guard case .setAside = first.problem else {
            Issue.record("the first read reports \(String(describing: first.problem)), not set aside")
            return
        }
        #expect(second == PreferencesRead(preferences: .defaults))
        #expect(await sut.reopen().read() == PreferencesRead(preferences: .defaults))
        try await sut.store.save(try chosenPreferences())
        #expect(await sut.store.read() == PreferencesRead(preferences: try chosenPreferences()))
    }

    static func unreadableStorageIsReportedEveryTime(_ sut: PreferencesStoreUnderTest) async throws {
        try await sut.store.save(try chosenPreferences())
        sut.breakReads()

        for _ in 0..<2 {
            let read = await sut.store.read()
            #expect(read.preferences == .defaults)
            guard case .unreadable = read.problem else {
                Issue.record("a read reports \(String(describing: read.problem)), not unreadable")
                return
            }
        }
    }

    static func failedSaveLeavesThePreviousIntact(_ sut: PreferencesStoreUnderTest) async throws {
        let chosen = try chosenPreferences()
        try await sut.store.save(chosen)
        sut.breakWrites()

        await #expect(throws: PreferencesStoreError.self) {
            try await sut.store.save(Preferences(language: .ptBR))
        }

        #expect(await sut.reopen().read() == PreferencesRead(preferences: chosen))
    }

    static func racingSavesLeaveOneWhole(_ sut: PreferencesStoreUnderTest) async throws {
        let candidates = try PreferredLanguage.allCases.enumerated().map { index, language in
            var preferences = Preferences(language: language, remembersLastIdentifier: true)
            try preferences.setPINLockTimeout(.seconds(60 * (index + 1)))
            try preferences.rememberLastIdentifier("user-\(language.rawValue)@example.com")
            return preferences
        }
        let store = sut.store

        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<8 {
                let preferences = candidates[round % candidates.count]
                group.addTask { try await store.save(preferences) }
            }
            try await group.waitForAll()
        }

        let read = await sut.reopen().read()
        #expect(read.problem == nil)
        #expect(candidates.contains(read.preferences))
    }
}
