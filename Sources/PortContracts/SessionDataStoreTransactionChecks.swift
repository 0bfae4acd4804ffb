import Ports
import Testing

// MARK: Transactions (`exclusively`): writes one at a time across everyone sharing the storage

/// Nothing here sleeps or watches a clock: a contender is known to wait when
/// the store says a writer lined up (`SessionStoreUnderTest.untilWritersWait`,
/// which must count the plain saves and deletes lined up behind a
/// transaction), and a wait that must end at its limit (20 ms asked of the
/// store) is held by a transaction that does not end before it, so only the
/// store's own timer can end it. A store that never ends such a wait hangs
/// the check: give the test a time limit (`.timeLimit`).
extension SessionDataStoreChecks {
    func transactionBodyUsesTheHeldStore() async throws {
        try await withFreshStore { sut in
            let session = CodingSample.withLineage.session
            let reads = try await sut.store.exclusively(waitingAtMost: .seconds(30)) { held -> [SessionRead] in
                let before = await held.read()
                _ = await SessionStoreWrite.run { () async throws(SessionStoreError) in try await held.save(session) }
                let after = await held.read()
                let nested = try? await held.exclusively(waitingAtMost: .seconds(30)) { inner in await inner.read() }
                return [before, after, nested ?? .absent]
            }
            #expect(reads == [.absent, .found(session), .found(session)], "a nested transaction runs at once")
            #expect(await sut.store.read() == .found(session))

            try await sut.store.exclusively(waitingAtMost: .seconds(30)) { held in
                _ = await SessionStoreWrite.run { () async throws(SessionStoreError) in try await held.delete() }
            }
            #expect(await sut.store.read() == .absent)
        }
    }

    /// A save asked for while a transaction holds the store waits for it, and
    /// lands after the transaction's own save.
    func saveWaitsForATransaction() async throws {
        try await withFreshStore { sut in
            let transactions = CodingSample.distinct(count: 2)
            let store = sut.store
            let contender = try await store.exclusively(waitingAtMost: .seconds(30)) { held -> Task<Void, any Error>? in
                let contender = Task { try await store.save(transactions[1]) }
                await sut.untilWritersWait(1)
                // The contender has not written: the store still holds nothing.
                guard await held.read() == .absent else {
                    contender.cancel()
                    return nil
                }
                _ = await SessionStoreWrite.run { () async throws(SessionStoreError) in
                    try await held.save(transactions[0])
                }
                return contender
            }
            let linedUp = try #require(contender, "the save from outside lined up behind the transaction, unwritten")
            try await linedUp.value
            // The contender's save went last: what it wrote is what is stored.
            #expect(await store.read() == .found(transactions[1]))
        }
    }

    /// While a transaction holds the store, another waits at most its limit,
    /// then fails as busy without running: its holder is alive.
    func transactionWaitEndsAtItsLimit() async throws {
        try await withFreshStore { sut in
            let store = sut.store
            let outcome = try await store.exclusively(waitingAtMost: .seconds(30)) { _ -> String in
                do throws(SessionStoreError) {
                    try await store.exclusively(waitingAtMost: .milliseconds(20)) { held in
                        _ = await SessionStoreWrite.run { () async throws(SessionStoreError) in
                            try await held.save(CodingSample.both.session)
                        }
                    }
                    return "the second transaction ran while the first held the store"
                } catch {
                    // The holder is alive (it is this very transaction): busy,
                    // never "unavailable", which would let a caller go on
                    // as a store alone.
                    guard case .busy = error else { return "another error: \(error)" }
                    return "busy"
                }
            }
            #expect(outcome == "busy")
            #expect(await store.read() == .absent, "the refused transaction wrote nothing")
            // The lock is free again: the next transaction runs.
            let next = try await store.exclusively(waitingAtMost: .seconds(30)) { held in await held.read() }
            #expect(next == .absent)
        }
    }

    func unwritableStoreRefusesATransaction() async throws {
        try await withFailableStore { sut, failures in
            try await failures.makeWritesFail(true)
            var ran = false
            do throws(SessionStoreError) {
                ran = try await sut.store.exclusively(waitingAtMost: .seconds(30)) { held in
                    let saved = await SessionStoreWrite.run { () async throws(SessionStoreError) in
                        try await held.save(CodingSample.both.session)
                    }
                    // A store that takes the lock must still refuse the write.
                    return (try? saved.get()) != nil
                }
            } catch {
                guard case .unavailable = error else {
                    Issue.record("a transaction on a store that cannot be written failed as \(error)")
                    return
                }
            }
            #expect(!ran, "nothing was written")
            try await failures.makeWritesFail(false)
            #expect(await sut.store.read() == .absent)
        }
    }
}
