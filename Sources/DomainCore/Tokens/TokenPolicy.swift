public import Foundation
public import Ports

/// How the token manager treats tokens, and the one place their time
/// arithmetic lives: when a new token expires, when a refresh is due. Comes
/// from the environment.
public struct TokenPolicy: Sendable, Hashable {
    /// How long a new token serves requests (the Cora backend: one minute).
    public var lifetime: Duration
    /// A token this close to expiry is refreshed before it is used, and the
    /// proactive refresh fires this long before expiry.
    public var refreshMargin: Duration {
        didSet { refreshMarginSeconds = refreshMargin.timeInterval }
    }
    /// `refreshMargin` in seconds, worked out once: every authorised call
    /// asks whether its token is due, and taking a `Duration` apart costs
    /// more than the rest of the token manager's own work for that call.
    private var refreshMarginSeconds: TimeInterval
    /// At most this many refreshes within `refreshCapWindow`: a server that
    /// keeps refusing fresh tokens cannot drive the app into a refresh loop.
    public var maxRefreshesPerWindow: Int
    /// The window `maxRefreshesPerWindow` is counted over.
    public var refreshCapWindow: Duration
    /// After a proactive refresh fails for network reasons, wait this long
    /// before trying again (the token may still be good meanwhile).
    public var proactiveRetryDelay: Duration
    /// At most this many authorised calls on the wire at once (nil: no
    /// limit): the transport's connections per host. The calls beyond it
    /// wait in the token manager — behind its refresh barrier, reading their
    /// token only when admitted — rather than in the transport's own queue
    /// with a token that a refresh may be about to replace.
    public var maxAuthorizedCallsInFlight: Int?

    /// How long a new token serves when nothing says otherwise: the Cora
    /// backend's one minute. Environments start from this value too, so the
    /// default is written once.
    public static let defaultLifetime: Duration = .seconds(60)

    /// How long before expiry a refresh is due when nothing says otherwise.
    /// Environments start from this value too, so the default is written once.
    public static let defaultRefreshMargin: Duration = .seconds(10)

    /// A policy; the defaults are the Cora backend's.
    ///
    /// - Parameters:
    ///   - lifetime: how long a new token serves; 60 s by default.
    ///   - refreshMargin: how long before expiry a refresh is due; 10 s by default.
    ///   - maxRefreshesPerWindow: the refresh cap; 6 by default.
    ///   - refreshCapWindow: the window the cap is counted over; 60 s by default.
    ///   - proactiveRetryDelay: the wait after a failed proactive refresh; 5 s
    ///     by default.
    ///   - maxAuthorizedCallsInFlight: how many authorised calls may be on the
    ///     wire at once; nil (the default) for no limit, at least 1 otherwise.
    public init(
        lifetime: Duration = TokenPolicy.defaultLifetime,
        refreshMargin: Duration = TokenPolicy.defaultRefreshMargin,
        maxRefreshesPerWindow: Int = 6,
        refreshCapWindow: Duration = .seconds(60),
        proactiveRetryDelay: Duration = .seconds(5),
        maxAuthorizedCallsInFlight: Int? = nil
    ) {
        self.lifetime = lifetime
        self.refreshMargin = refreshMargin
        refreshMarginSeconds = refreshMargin.timeInterval
        self.maxRefreshesPerWindow = maxRefreshesPerWindow
        self.refreshCapWindow = refreshCapWindow
        self.proactiveRetryDelay = proactiveRetryDelay
        self.maxAuthorizedCallsInFlight = maxAuthorizedCallsInFlight.map { max(1, $0) }
    }

    /// A token just received (signed in or refreshed) at `now`, with the
    /// expiry this policy gives it.
    public func issue(_ token: AccessToken, at now: Date) -> SessionToken {
        issue(IssuedTokens(accessToken: token), at: now)
    }

    /// The longest access-token lifetime believed, whoever states it: a
    /// backend's `expires_in` of 10⁸ s (three years) is taken as a day, so
    /// the app asks again within a day rather than trust a token for years.
    public static let longestBelievedLifetime: Duration = .seconds(24 * 60 * 60)

    /// Tokens just received (signed in or refreshed) at `now`. The lifetime
    /// the backend stated takes precedence over this policy's `lifetime`, up
    /// to `longestBelievedLifetime`; a
    /// refresh that brought no refresh token keeps the one it was made with
    /// (the backend did not rotate it). A refresh carries the session's
    /// lineage on; a sign-in begins a new one. The ID token is kept the same
    /// way: a refresh that brought none keeps the sign-in's.
    ///
    /// - Parameters:
    ///   - tokens: what the backend issued.
    ///   - now: the moment they were received, by the app's clock.
    ///   - previous: the session's token before a refresh, nil at sign-in.
    public func issue(_ tokens: IssuedTokens, at now: Date, replacing previous: SessionToken? = nil) -> SessionToken {
        let served = min(tokens.statedLifetime ?? lifetime, Self.longestBelievedLifetime)
        return SessionToken(
            token: tokens.accessToken, issuedAt: now, expiresAt: now.addingTimeInterval(served.timeInterval),
            refreshToken: tokens.refreshToken ?? previous?.refreshToken,
            lineage: previous.map { $0.lineage } ?? SessionLineage.random(),
            idToken: tokens.idToken ?? previous?.idToken)
    }

    /// When `token` should be refreshed: the refresh margin before it expires
    /// (the proactive refresh fires then; a call made later refreshes first).
    public func refreshDue(for token: SessionToken) -> Date {
        token.expiresAt.addingTimeInterval(-refreshMarginSeconds)
    }

    /// Whether `token` is within the refresh margin at `now`.
    public func needsRefresh(_ token: SessionToken, at now: Date) -> Bool {
        refreshDue(for: token) <= now
    }

    /// How long after a token's issue the backend still refreshes it, as the
    /// app counts on: 5 minutes, the reference server's (`--refresh-window`)
    /// and the simulated backend's. The Cora API publishes none.
    public static let backendRefreshWindow: Duration = .seconds(300)

    /// How long a session surely survives in the background
    /// (docs/spec/pin-lock.md): there nothing refreshes, so the session ends
    /// when the backend's refresh window closes on the last token; in the
    /// foreground that token was refreshed at the margin, so it was at most
    /// `lifetime - refreshMargin` old on leaving. With the defaults, 300 s −
    /// 50 s = 250 s. Never below zero.
    public var sessionSurvivesInBackground: Duration {
        max(.zero, Self.backendRefreshWindow - (lifetime - refreshMargin))
    }
}
