public import Ports

/// While signed in and in the foreground, asks every `interval` whether
/// another process of the app ended the session (a logout, or a sign-in as
/// someone else, in another window), and lets it go at once if so: the
/// screen then says the session ended elsewhere instead of going on
/// showing signed-in data. A read of the store each time, never its lock.
/// Ends when the task is cancelled, the session is gone, or it let it go.
public struct EndedElsewhereWatch: Sendable {
    let tokenManager: TokenManager
    let clock: any Clock
    let interval: Duration

    /// A watch of `tokenManager`'s session; nothing runs until `run()`.
    ///
    /// - Parameters:
    ///   - tokenManager: holds the session, and lets it go when it ended elsewhere.
    ///   - clock: the watch sleeps on it between two asks.
    ///   - interval: how long between two asks.
    public init(tokenManager: TokenManager, clock: any Clock, interval: Duration) {
        self.tokenManager = tokenManager
        self.clock = clock
        self.interval = interval
    }

    /// Asks every `interval` until the task is cancelled, there is no
    /// session, or the session was let go.
    public func run() async {
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: interval)
            } catch {
                return
            }
            guard await tokenManager.nextProactiveRefresh() != nil else { return }
            if await tokenManager.letGoIfEndedElsewhere() { return }
        }
    }
}
