public import AdapterInMemory
public import Foundation
public import Ports

/// Everything that outlives one launch of the app: the backend (or the
/// adapters that reach it), the session store, time, and the count of running
/// work. `relaunch` builds a new `AppContainer` on the same world.
public final class AppWorld: Sendable {
    public let environment: AppEnvironment
    public let remote: RemoteAdapters
    public let connectivity: any ConnectivityProbe
    public let store: any SessionDataStore
    public let clock: any Clock
    public let scheduler: any TaskScheduler
    /// Where the app's work is counted, for `settle()`.
    private let activity: VirtualActivity
    /// Set when time is virtual: it moves only through `pass(_:)`.
    private let manualClock: ManualClock?

    /// - Parameter sharedTime: the count of work and the virtual clock to use
    ///   instead of new ones: the time of a server in this process (the
    ///   `local` scripts' in-process `ReferenceServer`), so the app and the
    ///   server wait and move on together. Its clock is used when the
    ///   environment's clock is `virtual`.
    /// - Parameter control: the control switches of a backend the remote
    ///   plugins reach but do not own (that server's), instead of the plugins' own.
    public init(
        environment: AppEnvironment, registry: PluginRegistry = .standard, sharedTime: SharedVirtualTime? = nil,
        control: (any BackendControl)? = nil
    ) throws(CompositionError) {
        try registry.validate(environment)
        self.environment = environment
        let activity = sharedTime?.activity ?? VirtualActivity()
        self.activity = activity
        let manualClock =
            environment.plugins.clock == "virtual" ? (sharedTime?.clock ?? ManualClock(activity: activity)) : nil
        self.manualClock = manualClock
        clock = manualClock ?? SystemClock(activity: activity)
        scheduler = VirtualTaskScheduler(activity: activity)
        let context = PluginContext(environment: environment, clock: clock, activity: activity)

        // One instance per remote plugin, shared by every port it serves.
        var made: [String: RemoteAdapters] = [:]
        func adapters(_ name: String, port: String) throws(CompositionError) -> RemoteAdapters {
            if let existing = made[name] { return existing }
            let adapters = try registry.plugin(name, in: registry.remote, port: port).make(context)
            made[name] = adapters
            return adapters
        }
        let plugins = environment.plugins
        let authSide = try adapters(plugins.auth, port: "AuthRemoteAPI")
        self.remote = RemoteAdapters(
            auth: authSide.auth,
            user: try adapters(plugins.user, port: "UserRemoteAPI").user,
            statement: try adapters(plugins.statement, port: "StatementRemoteAPI").statement,
            health: try adapters(plugins.health, port: "HealthProbe").health,
            control: control ?? authSide.control)
        connectivity = try registry.plugin(plugins.connectivity, in: registry.connectivity, port: "ConnectivityProbe")
            .make(context)
        let coding = try registry.plugin(plugins.coding, in: registry.codings, port: "SessionCoding").make(context)
        store = try registry.store(plugins.store).make(context, coding)
    }

    /// The backend's control switches, when the backend is a test one.
    public var control: (any BackendControl)? { remote.control }

    /// Whether time moves only when told (`wait` in a script).
    public var hasVirtualTime: Bool { manualClock != nil }

    /// Waits until every piece of work the app started has finished or is
    /// waiting — on the clock, on a hanging request, or on such work.
    public func settle() async {
        await activity.waitUntilIdle()
    }

    /// Lets `duration` pass. On virtual time the clock steps from deadline to
    /// deadline, settling after each, so every poll and refresh due in the
    /// span runs in order; on real time it sleeps. Settles before returning.
    public func pass(_ duration: Duration) async {
        await settle()
        guard let manualClock else {
            try? await Task.sleep(for: duration)
            await settle()
            return
        }
        let target = manualClock.now().addingTimeInterval(duration.timeInterval)
        while let next = manualClock.nextDeadline, next <= target {
            manualClock.advance(to: next)
            await settle()
        }
        manualClock.advance(to: target)
        await settle()
    }

    /// How many tasks the app started are still alive (running or waiting):
    /// what tests count to prove a relaunch or logout leaves nothing behind.
    public var liveTaskCount: Int { activity.liveTaskCount }

    /// Now, on this world's clock.
    public func now() -> Date { clock.now() }
}

/// Virtual time that an app and a server in the same process share: one
/// count of runnable work and one clock that counts its sleepers in it.
public struct SharedVirtualTime: Sendable {
    public let activity: VirtualActivity
    public let clock: ManualClock

    public init(start: Date = ManualClock.defaultStart) {
        activity = VirtualActivity()
        clock = ManualClock(start: start, activity: activity)
    }
}
