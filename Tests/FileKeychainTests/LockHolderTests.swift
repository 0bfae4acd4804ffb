@testable import AdapterFileKeychain
import Foundation
import OperatingSystem
import OffThePool
import Ports
import Testing

/// The lock as a lease that names its holder (issue 41, item 1): a process
/// that cannot take the store's lock knows which process holds it and since
/// when; a stopped holder ends the wait at once as `.busy`, naming it, and a
/// killed one lets the lock go to the waiter. Nothing here watches a clock:
/// the waits' limits are far longer than any check takes, so a wait that
/// ran to its limit would show as a holder not stopped.
@Suite("The holder of the store's lock, named")
struct LockHolderTests {
    private static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-lease-\(UUID().uuidString)").path
    }

    @Test("A stopped holder ends a wait at once as busy, naming its process and that it refreshes; nothing written")
    func stoppedHolderIsNamedAndBusy() async throws {
        let directory = Self.directory()
        let holder = try await offThePool { try StressChild.holdingTheLock(directory: directory, for: .refreshing) }
        defer { holder.kill() }
        _ = kill(holder.pid, SIGSTOP)
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())

        do throws(SessionStoreError) {
            try await store.exclusively(waitingAtMost: .seconds(600)) { _ in }
            Issue.record("the transaction ran while a stopped process held the lock")
        } catch {
            guard case .busy(let named) = error else {
                Issue.record("a stopped holder was told as \(error), not busy")
                return
            }
            #expect(named.processID == holder.pid)
            #expect(named.isStopped, "told stopped, so the wait ended before its limit: \(named)")
            #expect(named.since != nil)
            #expect(named.purpose == .refreshing, "the holder may be sending the refresh token: \(named)")
        }
        #expect(await store.read() == .absent)
        _ = kill(holder.pid, SIGCONT)
    }

    @Test("A save waits for a stopped holder no longer than a transaction: busy, the session before it kept")
    func saveDuringAStoppedHolderIsBusy() async throws {
        let directory = Self.directory()
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        let kept = UserSession(
            token: SessionToken(
                token: AccessToken("kept-token-0123456789"), issuedAt: Date(timeIntervalSinceReferenceDate: 1),
                expiresAt: Date(timeIntervalSinceReferenceDate: 61)),
            cachedUser: nil)
        try await store.save(kept)
        let holder = try await offThePool { try StressChild.holdingTheLock(directory: directory) }
        defer { holder.kill() }
        _ = kill(holder.pid, SIGSTOP)

        await #expect {
            try await store.delete()
        } throws: { error in
            guard let error = error as? SessionStoreError, case .busy(let named) = error else { return false }
            return named.isStopped && named.processID == holder.pid && named.purpose == .writing
        }
        #expect(await store.read() == .found(kept), "a read never waits for the lock, and finds the session")
    }

    @Test("A holder killed while it holds the lock lets it go: the waiter takes it and its transaction runs")
    func killedHolderLetsGo() async throws {
        let directory = Self.directory()
        let holder = try await offThePool { try StressChild.holdingTheLock(directory: directory) }
        _ = kill(holder.pid, SIGSTOP)
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        holder.kill()

        let ran = try await store.exclusively(waitingAtMost: .seconds(600)) { _ in true }
        #expect(ran)
    }

    @Test(
        "A lease line names a process and a time, and nothing else is taken for one",
        arguments: [
            (
                "pid 4242 since 1796333000.5",
                SessionLockHolder(processID: 4242, since: Date(timeIntervalSince1970: 1_796_333_000.5))
            ),
            (
                "pid 4242 since 1796333000.5 refreshing\n",
                SessionLockHolder(
                    processID: 4242, since: Date(timeIntervalSince1970: 1_796_333_000.5), purpose: .refreshing)
            ),
            (
                "pid 7 since 1 writing",
                SessionLockHolder(processID: 7, since: Date(timeIntervalSince1970: 1), purpose: .writing)
            ),
            ("pid 7 since 1 Refreshing", nil), ("pid 7 since 1 refreshing now", nil),
            ("pid 0 since 1", nil), ("pid -3 since 1", nil), ("pid 12 since nan", nil), ("pid 12", nil),
            ("", nil), ("pid 12 since 1 extra", nil), ("\u{1B}[2J", nil),
        ])
    func leaseLines(line: String, holder: SessionLockHolder?) {
        #expect(LockLease.parse(line) == holder)
    }

    @Test(
        "The lease names this process and what it took the lock for while it holds it, and nothing once it let go",
        arguments: SessionLockPurpose.allCases)
    func leaseWhileHeld(purpose: SessionLockPurpose) async throws {
        let store = FileSessionDataStore(directory: Self.directory(), coding: JSONSessionCoding())
        let lockPath = store.lockPath
        let whileHeld = try await store.exclusively(for: purpose, waitingAtMost: .seconds(600)) { _ in
            LockLease.read(at: lockPath)
        }
        #expect(whileHeld?.processID == getpid())
        #expect(whileHeld?.purpose == purpose)
        #expect(LockLease.read(at: lockPath) == nil, "the lease goes with the lock")
    }

    @Test(
        "A wait sees the lock change hands when the lease changes — written, emptied, or another holder's — and never while one holder keeps it"
    )
    func handOverSeenByTheLease() throws {
        let directory = Self.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let lockPath = directory + "/session.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let watch = StoppedHolderWatch(lockPath: lockPath)

        #expect(!watch.handedOver(), "the first look only notes the lease (none)")
        #expect(!watch.handedOver(), "a holder writing no lease never changes it")
        LockLease.write(to: descriptor, purpose: .refreshing, now: Date(timeIntervalSince1970: 1))
        #expect(watch.handedOver(), "a lease written: a new holder")
        #expect(!watch.handedOver(), "the same holder keeps it")
        _ = ftruncate(descriptor, 0)
        #expect(watch.handedOver(), "the lease emptied: its holder let go")
        LockLease.write(to: descriptor, purpose: .writing, now: Date(timeIntervalSince1970: 2))
        #expect(watch.handedOver(), "the next holder's lease")
        #expect(!watch.handedOver())
    }
}
