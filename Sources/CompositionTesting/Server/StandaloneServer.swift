public import SimulatedBackend
import Composition
import AdapterSystem
import Foundation
import Ports
public import ReferenceServer
import TaskRuntime
import VirtualTime

/// `app serve`'s server: the seeded in-memory backend over the wire contract
/// on loopback, on real time or on a virtual clock that only its control API
/// moves. Composition builds it so that the app names no adapter.
public struct StandaloneServer: Sendable {
    /// What `app serve`'s flags choose.
    public struct Options: Sendable, Equatable {
        public var host = "127.0.0.1"
        public var port: UInt16 = 8080
        public var apiKey = "gatehouse-dev-key"
        public var tokenLifetime: Duration = .seconds(60)
        public var refreshWindow: Duration = .seconds(300)
        public var rotationGrace: Duration = .zero
        /// Refresh-token reuse detection (`--reuse-detection`): a spent token
        /// presented again revokes its whole family.
        public var reuseDetection = false
        public var virtualClock = false
        /// Which backend the server plays (`--profile`).
        public var profile = ServerProfile.full

        public init() {}
    }

    private let server: ReferenceServer
    private let manualClock: ManualClock?

    /// The server's address, `http://127.0.0.1:PORT`.
    public var baseURL: String { server.baseURL }

    /// One answered request, as the request log sees it.
    public typealias RequestLogLine = RequestLogEntry
    /// A seeded account, password included.
    public typealias SeededAccount = DemoAccount

    /// The seeded accounts, passwords included: public demo data for the banner.
    public static var demoAccounts: [SeededAccount] { DemoAccount.seeded }

    /// Binds the port; nothing is served until `start()`.
    /// - Parameters:
    ///   - options: what `app serve`'s flags chose (port, key, clock, profile).
    ///   - requestLog: told of every answered request (method, path, status,
    ///     duration; never a header or a body), on the connection's thread.
    public init(
        _ options: Options, requestLog: (@Sendable (RequestLogEntry) -> Void)? = nil
    ) throws(ReferenceServerError) {
        let manualClock = options.virtualClock ? ManualClock(start: Date()) : nil
        self.manualClock = manualClock
        let clock: any Clock = manualClock ?? SystemClock()
        let backend = InMemoryBackend(
            clock: clock,
            configuration: InMemoryBackend.Configuration(
                tokenLifetime: options.tokenLifetime, refreshWindow: options.refreshWindow,
                rotationGrace: options.rotationGrace, reuseDetection: options.reuseDetection))
        server = try ReferenceServer(
            configuration: ReferenceServer.Configuration(
                host: options.host, port: options.port, apiKey: options.apiKey, profile: options.profile,
                requestLog: requestLog),
            backend: backend, virtualClock: manualClock)
    }

    /// How many requests a fault's delay holds on the virtual clock right
    /// now (0 on real time): a held request whose client hung up leaves at
    /// once, abandoned before it takes effect.
    public var heldRequestCount: Int { manualClock?.sleeperCount ?? 0 }

    /// Returns true once a fault's delay holds at least `count` requests (at
    /// most `count` with `atMost`), false if `limit` passes first (or the
    /// server runs on real time, where nothing is held): a test waits for the
    /// server without asking it again and again.
    public func untilHeldRequests(atLeast count: Int, within limit: Duration) async -> Bool {
        guard let manualClock else { return false }
        return await Self.first(within: limit) { await manualClock.waitForSleepers(atLeast: count) }
    }

    /// See `untilHeldRequests(atLeast:within:)`.
    public func untilHeldRequests(atMost count: Int, within limit: Duration) async -> Bool {
        guard let manualClock else { return count >= 0 }
        return await Self.first(within: limit) { await manualClock.waitForSleepers(atMost: count) }
    }

    /// Whether `wait` returns before `limit` passes on the system's clock;
    /// the wait is cancelled when it does not (the clock's waits end on
    /// cancellation).
    private static func first(within limit: Duration, _ wait: @escaping @Sendable () async -> Void) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await wait()
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Starts accepting connections on a thread of its own.
    public func start() { server.start() }

    /// Stops accepting, closes every connection and waits for them to end.
    public func stop() { server.stop() }
}
