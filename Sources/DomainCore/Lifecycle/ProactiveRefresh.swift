public import Ports

/// The proactive refresh loop's one handle: started while signed in and in
/// the foreground, stopped otherwise (docs/spec/tokens.md). Beside it, with
/// the same life, where the store is shared with other processes of the
/// app, the watch: every `watchInterval` it asks whether another process
/// ended the session (a logout in another window), and lets it go at once
/// if so — the person never goes on looking at a session that is over
/// (docs/concurrency.md).
@MainActor
public final class ProactiveRefresh {
    private let tokenManager: TokenManager
    private let clock: any Clock
    private let scheduler: any TaskScheduler
    private let retryDelay: Duration
    private let watchInterval: Duration?
    private var loop: (any TaskHandle<Void>)?
    private var watch: (any TaskHandle<Void>)?
    /// False while the app is in the background: then nothing starts the loop.
    var isInForeground = true

    /// A refresh that runs nothing until started.
    ///
    /// - Parameters:
    ///   - tokenManager: holds the token the loop keeps fresh.
    ///   - clock: the loop sleeps on it until a refresh is due.
    ///   - scheduler: runs the loop.
    ///   - policy: its `proactiveRetryDelay` spaces refreshes that failed.
    ///   - watchInterval: how often to ask whether another process ended
    ///     the session; nil (a store no other process shares) never asks.
    public init(
        tokenManager: TokenManager, clock: any Clock, scheduler: any TaskScheduler, policy: TokenPolicy,
        watchInterval: Duration? = nil
    ) {
        self.tokenManager = tokenManager
        self.clock = clock
        self.scheduler = scheduler
        self.retryDelay = policy.proactiveRetryDelay
        self.watchInterval = watchInterval
    }

    /// Dropped while signed in, the loop is cancelled: asleep, it holds the
    /// token manager and the clock, and the clock its continuation, so
    /// without a cancel that graph would never be freed.
    deinit {
        loop?.cancel()
        watch?.cancel()
    }

    /// Whether the loop is alive.
    var isRunning: Bool { loop != nil }

    /// Starts the loop unless it runs already.
    func start() {
        guard loop == nil else { return }
        let refreshLoop = ProactiveRefreshLoop(tokenManager: tokenManager, clock: clock, retryDelay: retryDelay)
        loop = scheduler.spawn { await refreshLoop.run() }
        if let watchInterval {
            let watchLoop = EndedElsewhereWatch(tokenManager: tokenManager, clock: clock, interval: watchInterval)
            watch = scheduler.spawn { await watchLoop.run() }
        }
    }

    /// Starts the loop when the app is in the foreground.
    func startIfInForeground() {
        if isInForeground { start() }
    }

    /// Stops the loop.
    func stop() {
        loop?.cancel()
        loop = nil
        watch?.cancel()
        watch = nil
    }
}
