import Foundation
import GatehouseBench
import OperatingSystem
import OffThePool
import Testing

/// Issue 53, item 1, with real processes: the store's lock is held by a
/// holder that runs and never lets go — one that writes no lease, and one
/// whose lease names a running process (this test's own) — as a window hung
/// in a call would. Another window never freezes behind it: a launch reads
/// its session and opens the dashboard, a call that needs a refresh says
/// another window is busy, and a logout returns, each after a moment's wait
/// for the lock (`UserSessionRepository.lockWait`) rather than the store's
/// own 30 s.
///
/// The answers are what is checked; the durations are bounded generously
/// (well under the 30 s each took before) so that a busy machine cannot
/// fail them.
@Suite("A running lock holder that never lets go", .serialized)
struct RunningHolderTests {
    /// A worker's answer after a moment's wait, on a loaded machine: far
    /// below the store's own wait (30 s), which every step took before.
    static let farBelowTheStoresWait: Duration = .seconds(10)

    enum Lease: CaseIterable, CustomStringConvertible {
        case none, namingARunningProcess

        var description: String {
            switch self {
            case .none: "no lease"
            case .namingARunningProcess: "a lease naming a running process"
            }
        }
    }

    @Test("Launch, call and logout while a running holder keeps the lock", arguments: Lease.allCases)
    func nothingFreezes(lease: Lease) async throws {
        try await offThePool {
            let server = try RotatingReferenceServer()
            let fleet = try SessionWorkerFleet(
                executable: AppExecutable.path, base: "local", baseURL: server.baseURL,
                apiKey: RotatingReferenceServer.apiKey)
            try fleet.signInOnce()
            let holder = try HeldLock(lockFileIn: fleet.storeDirectory, lease: lease)
            defer { holder.letGo() }

            // A valid token: the launch reads the session and opens the dashboard.
            let window = try fleet.startWorker("window")
            let (launched, launchTook) = try Self.timed { try window.ask("launch") }
            #expect(launched == "screen dashboard")
            #expect(launchTook < Self.farBelowTheStoresWait, "took \(launchTook)")

            // An expired token: the call says another window is busy; nothing is sent.
            try await server.expireTokens()
            let before = try await server.metrics()
            let (called, callTook) = try Self.timed { try window.ask("call") }
            #expect(called == "session-busy-elsewhere")
            #expect(callTook < Self.farBelowTheStoresWait, "took \(callTook)")
            #expect(try await server.metrics().refreshes == before.refreshes, "no refresh token sent")

            // A window launched now, its token expired: opens on the profile kept.
            let late = try fleet.startWorker("late")
            let (lateLaunched, lateTook) = try Self.timed { try late.ask("launch") }
            #expect(lateLaunched == "screen dashboard")
            #expect(lateTook < Self.farBelowTheStoresWait, "took \(lateTook)")

            // A logout returns: signed out here, the stored copy removed later.
            let (loggedOut, logoutTook) = try Self.timed { try window.ask("logout") }
            #expect(loggedOut == "screen welcome")
            #expect(logoutTook < Self.farBelowTheStoresWait, "took \(logoutTook)")
            #expect(
                try window.ask("state") == "state unauthenticated screen welcome stored-session yes",
                "the copy stays, marked signed out, until the holder lets go")

            holder.letGo()
            late.quit()
            window.quit()
        }
    }

    private static func timed<Value>(_ work: () throws -> Value) rethrows -> (Value, Duration) {
        let start = ContinuousClock.now
        let value = try work()
        return (value, ContinuousClock.now - start)
    }
}

/// The store's lock file held with `flock` by this process, as another
/// window of the app would hold it, with or without a lease.
private final class HeldLock {
    private var descriptor: Int32

    init(lockFileIn directory: String, lease: RunningHolderTests.Lease) throws {
        guard let path = Self.lockFile(under: directory) else {
            throw SessionWorkerFleet.Failure(description: "no session.lock under \(directory)")
        }
        descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            throw SessionWorkerFleet.Failure(description: "the lock at \(path) could not be taken")
        }
        _ = ftruncate(descriptor, 0)
        if lease == .namingARunningProcess {
            let line = Array("pid \(getpid()) since \(Date().timeIntervalSince1970) refreshing\n".utf8)
            _ = line.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
    }

    deinit { letGo() }

    func letGo() {
        guard descriptor >= 0 else { return }
        _ = ftruncate(descriptor, 0)
        close(descriptor)
        descriptor = -1
    }

    private static func lockFile(under directory: String) -> String? {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return nil }
        for case let name as String in walker where name.hasSuffix("session.lock") {
            return directory + "/" + name
        }
        return nil
    }
}
