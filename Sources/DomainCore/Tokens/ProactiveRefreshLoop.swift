public import Ports

/// Keeps the token fresh while the app is signed in and in the foreground:
/// sleeps on the clock until the refresh margin before expiry, refreshes
/// (through the token manager's single flight), and repeats. Ends when the
/// task is cancelled or the session is gone.
public struct ProactiveRefreshLoop: Sendable {
    let tokenManager: TokenManager
    let clock: any Clock
    let retryDelay: Duration

    /// A loop for `tokenManager`'s session; nothing runs until `run()`.
    ///
    /// - Parameters:
    ///   - tokenManager: says when the next refresh is due, and refreshes.
    ///   - clock: the loop sleeps on it until a refresh is due.
    ///   - retryDelay: how long to wait after a refresh failed for a reason
    ///     that keeps the session (network, server, the refresh cap).
    public init(tokenManager: TokenManager, clock: any Clock, retryDelay: Duration) {
        self.tokenManager = tokenManager
        self.clock = clock
        self.retryDelay = retryDelay
    }

    /// Runs until the task is cancelled, there is no session, or the backend
    /// ends it: sleeps until the refresh is due, refreshes if still due, and
    /// after a failure that keeps the session waits `retryDelay` and goes on.
    public func run() async {
        while !Task.isCancelled {
            guard let due = await tokenManager.nextProactiveRefresh() else { return }
            do {
                try await clock.sleep(until: due)
            } catch {
                return
            }
            do {
                try await tokenManager.refreshIfDue()
            } catch .notSignedIn, .sessionEnded {
                return
            } catch {
                // Network trouble or the cap: the session stays; try again later.
                do { try await clock.sleep(for: retryDelay) } catch { return }
            }
        }
    }
}
