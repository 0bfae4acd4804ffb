import Foundation
public import Ports

/// The app's lifecycle: in the background nothing refreshes; back in the
/// foreground the PIN is asked after a long enough absence, else the
/// proactive refresh starts again (docs/spec/pin-lock.md, docs/spec/tokens.md).
@MainActor
public final class AppLifecycle {
    private let session: AuthSession
    private let refresh: ProactiveRefresh
    private let pins: SessionPIN
    private let clock: any Clock
    /// When the app last went to the background, until it comes back.
    private var backgroundedAt: Date?

    /// - Parameters:
    ///   - session: the state a return may lock.
    ///   - refresh: stopped in the background, started in the foreground.
    ///   - pins: whether a PIN is set, and the lock timeout.
    ///   - clock: measures the absence.
    public init(session: AuthSession, refresh: ProactiveRefresh, pins: SessionPIN, clock: any Clock) {
        self.session = session
        self.refresh = refresh
        self.pins = pins
        self.clock = clock
    }

    /// In the background nothing polls and nothing refreshes; the time it
    /// left is noted for the PIN lock.
    public func enterBackground() {
        refresh.isInForeground = false
        if backgroundedAt == nil { backgroundedAt = clock.now() }
        refresh.stop()
    }

    /// Back in the foreground: signed in with a PIN set and away for at least
    /// the lock timeout, the PIN screen is shown first (and nothing is
    /// refreshed until the right PIN); otherwise, signed in, the proactive
    /// refresh starts again (a token that came due meanwhile is refreshed at
    /// once).
    public func enterForeground() {
        refresh.isInForeground = true
        let awaySince = backgroundedAt
        backgroundedAt = nil
        switch session.state {
        case .authenticated(let user):
            if pins.isSet, let awaySince,
                clock.now().timeIntervalSince(awaySince) >= pins.timeout.timeInterval
            {
                session.transition(to: .pinLocked(user))
            } else {
                refresh.start()
            }
        case .loading, .unauthenticated, .sessionExpired, .pinLocked:
            break
        }
    }

    /// Whether the proactive refresh loop is alive (tests check nothing is left behind).
    public var isRefreshingProactively: Bool { refresh.isRunning }
}
