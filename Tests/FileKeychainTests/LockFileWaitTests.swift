@testable import AdapterFileKeychain
import AdapterSupport
import Foundation
import OperatingSystem
import Ports
import Testing

/// Waiting for the store's lock while another process holds it: in a
/// blocking `flock` on a thread of its own, handed over the moment the holder
/// lets go; a wait that gives up lets the lock go once it comes. "Another
/// process" is another open file description of the lock file: `flock`
/// treats the two alike.
@Suite("Waiting for the lock another process holds")
struct LockFileWaitTests {
    private func lockFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-lockwait-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory + "/session.lock"
    }

    private func open(_ path: String) throws -> Int32 {
        try POSIXFile.open(path, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600)
    }

    /// Whether a third description could take the lock right now.
    private func isFree(_ path: String) throws -> Bool {
        let probe = try open(path)
        defer { close(probe) }
        guard try POSIXFile.tryExclusiveLock(probe) else { return false }
        flock(probe, LOCK_UN)
        return true
    }

    /// A lock file held by one description, and a wait for it begun on another.
    private struct Contended {
        let path: String
        let holder: Int32
        let waiter: Int32
        let wait: LockFileWait
        /// Yields once the wait's `flock` has returned and its outcome is out.
        let flockReturned: AsyncStream<Void>

        func holderLetsGo() {
            flock(holder, LOCK_UN)
            close(holder)
        }

        func untilFlockReturned() async {
            var returns = flockReturned.makeAsyncIterator()
            _ = await returns.next()
        }
    }

    private func contended() throws -> Contended {
        let path = try lockFile()
        let holder = try open(path)
        try POSIXFile.exclusiveLock(holder)
        let waiter = try open(path)
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let wait = LockFileWait(descriptor: waiter) { continuation.yield() }
        return Contended(path: path, holder: holder, waiter: waiter, wait: wait, flockReturned: stream)
    }

    @Test func aWaitIsGrantedTheLockOnceItsHolderLetsGo() async throws {
        let lock = try contended()
        let taken = Task { await lock.wait.taken(within: .seconds(600)) }

        lock.holderLetsGo()

        #expect(await taken.value)
        await lock.untilFlockReturned()
        #expect(try !isFree(lock.path), "the waiter holds it now")
        // Unlocked, not only closed: a process another test spawns holds a copy
        // of every descriptor between its fork and its exec, and a closed
        // description's lock lasts until that copy goes too.
        flock(lock.waiter, LOCK_UN)
        close(lock.waiter)
        #expect(try isFree(lock.path))
    }

    @Test func aWaitThatGivesUpAtItsLimitLetsTheLockGoOnceItComes() async throws {
        let lock = try contended()

        // The holder keeps the lock all along: the outcome does not depend on timing.
        let taken = await lock.wait.taken(within: .milliseconds(20))
        #expect(!taken, "given up at the limit")

        lock.holderLetsGo()
        await lock.untilFlockReturned()
        #expect(try isFree(lock.path), "the wait's thread took the lock as it came and let it go")
    }

    @Test func aSaveWaitsForAnotherProcesssLockAndLandsOnceItIsLetGo() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-lockwait-\(UUID().uuidString)").path
        let store = FileSessionDataStore(directory: directory, coding: PropertyListSessionCoding())
        let first = UserSession(
            token: SessionToken(
                token: AccessToken("first-token-0123456789"), issuedAt: Date(timeIntervalSinceReferenceDate: 1),
                expiresAt: Date(timeIntervalSinceReferenceDate: 61)),
            cachedUser: nil)
        try await store.save(first)  // makes the directory and the lock file
        let holder = try open(store.lockPath)
        try POSIXFile.exclusiveLock(holder)
        let second = UserSession(
            token: SessionToken(
                token: AccessToken("second-token-0123456789"), issuedAt: Date(timeIntervalSinceReferenceDate: 2),
                expiresAt: Date(timeIntervalSinceReferenceDate: 62)),
            cachedUser: nil)
        let saving = Task { try await store.save(second) }

        flock(holder, LOCK_UN)
        close(holder)

        try await saving.value
        #expect(await store.read() == .found(second))
        #expect(try isFree(store.lockPath), "the store let the lock go after its save")
    }
}
