public import Foundation
public import Ports

extension InMemoryBackend {
    /// The token timing of the backend (the reference server's `--token-ttl`,
    /// `--refresh-window` and `--rotation-grace`) and its reuse detection
    /// (`--reuse-detection`).
    public struct Configuration: Sendable, Hashable {
        /// How long a token serves requests after it is issued.
        public var tokenLifetime: Duration
        /// How long after issue a token can still be exchanged for a new one.
        public var refreshWindow: Duration
        /// How long a token keeps serving requests after it was exchanged.
        /// It can never be exchanged twice.
        public var rotationGrace: Duration
        /// Refresh-token reuse detection (RFC 9700 §4.14.2): a token already
        /// exchanged and presented for refresh again revokes every token of
        /// its family — the sign-in it descends from — so the session ends
        /// everywhere, and counts in `BackendMetrics.refreshTokensReused`.
        /// Off by default: an exchanged token is then just `TOKEN_INVALID`.
        public var reuseDetection: Bool
        /// The most accounts the backend holds, seeded ones included; a
        /// registration past it is refused (503), so that sign-ups cannot grow
        /// the server's memory without bound.
        public var mostAccounts: Int
        /// The most token records the backend keeps. Issuing one more forgets
        /// the oldest issued, which then answers `TOKEN_INVALID`.
        public var mostTokens: Int
        /// The most issued tokens remembered for leak checks (`issuedTokens`):
        /// the latest ones; older ones are forgotten.
        public var mostRememberedTokens: Int
        /// What a sign-up's password must be (`PasswordRule`): the wire
        /// contract's six digits unless the backend plays another (an
        /// Identity Toolkit or Supabase stand-in: at least six characters). The
        /// seeded accounts' six-digit passwords meet both.
        public var passwordRule: PasswordRule

        public init(
            tokenLifetime: Duration = .seconds(60),
            refreshWindow: Duration = .seconds(300),
            rotationGrace: Duration = .zero,
            reuseDetection: Bool = false,
            mostAccounts: Int = 10_000,
            mostTokens: Int = 10_000,
            mostRememberedTokens: Int = 10_000,
            passwordRule: PasswordRule = .digits(6)
        ) {
            self.tokenLifetime = tokenLifetime
            self.refreshWindow = refreshWindow
            self.rotationGrace = rotationGrace
            self.reuseDetection = reuseDetection
            self.mostAccounts = mostAccounts
            self.mostTokens = mostTokens
            self.mostRememberedTokens = mostRememberedTokens
            self.passwordRule = passwordRule
        }
    }

    /// An account's state, as the control API sets it.
    public enum AccountState: String, Sendable, Hashable, CaseIterable {
        case active
        /// Signing in, refreshing and every token route answer 403 `USER_INACTIVE`.
        case inactive
        /// Soft-deleted: token routes and refresh answer 410 `USER_DELETED`;
        /// signing in is refused like wrong credentials.
        case deleted
    }

    /// How a faulted request misbehaves.
    /// What an injected error status carries: the suites run every status
    /// with each, because a dialect's error mapping must hold for all three.
    public enum ErrorBody: String, Sendable, Hashable, CaseIterable {
        /// The dialect's own error envelope, with no code that says anything
        /// about the person (the wire contract's `{"message": …}`, GoTrue's
        /// `unexpected_failure`, OAuth 2.0's `server_error`).
        case dialect
        /// No body at all (a proxy's bare status).
        case empty
        /// Bytes that are not the dialect's (a proxy's HTML page).
        case unreadable
    }

    /// A refusal a real backend answers in words of its own (a throttle a
    /// dialect sends as a 400 with its code, an outage as its own
    /// envelope): each stand-in answers it as its dialect does, status and
    /// body, so the contract sees what the adapter makes of the dialect's
    /// real answer and not of a neutral status.
    public enum Refusal: String, Sendable, Hashable, CaseIterable {
        /// Too many requests: try later.
        case throttled
        /// The service is down or in maintenance.
        case unavailable
        /// The server failed at what it was doing.
        case serverFailure
    }

    /// How an answer travels, for a check of the client's transport: the
    /// request is served as usual, and its answer is delivered so.
    public enum Delivery: String, Sendable, Hashable, CaseIterable {
        /// The answer, led by whitespace to `Delivery.pastTheBoundBytes`
        /// bytes in all, its `Content-Length` saying so: a client with no
        /// bound on an answer takes it.
        case pastTheBound
        /// The same bytes with no length said, the end of the body told by
        /// the connection closing: the bound must hold as bytes arrive.
        case pastTheBoundWithoutLength
        /// A 307 to the same path and query on another origin (another
        /// port of 127.0.0.1) that serves the same routes: a client that
        /// follows it sends its request, password or token included, there.
        case redirectToAnotherOrigin

        /// How many bytes an answer past the bound holds: 16 MiB, far past
        /// what any auth, profile or statement answer needs.
        public static let pastTheBoundBytes = 16 * 1024 * 1024

        /// `body` led by whitespace (JSON allows it before a value) to
        /// `pastTheBoundBytes` bytes in all.
        public static func paddedPastTheBound(_ body: Data) -> Data {
            Data(repeating: UInt8(ascii: " "), count: max(0, pastTheBoundBytes - body.count)) + body
        }
    }

    public enum FaultMode: Sendable, Hashable {
        /// Answer this status with `body`.
        case status(Int, body: ErrorBody = .dialect)
        /// Refuse as the stand-in's dialect refuses for this reason.
        case refusal(Refusal)
        /// Serve the request as usual and deliver its answer so.
        case delivery(Delivery)
        /// Wait this long on the backend's clock, then proceed normally.
        case delay(Duration)
        /// Break the connection without answering.
        case drop
        /// Answer 200 with a body that is not what the contract says.
        case malformed
        /// Never answer: wait until the caller gives up (its task is cancelled)
        /// or `releaseHangingRequests()` lets the request proceed normally.
        case hang
    }

    /// A fault for the next `count` requests of `route` (a `BackendRoute`
    /// string). Faults of one route apply in the order they were added.
    public struct Fault: Sendable, Hashable {
        public var route: String
        public var mode: FaultMode
        public var count: Int
        /// A wait on the backend's clock before `mode` acts (the control API's
        /// `delayMs` combined with a `mode`); zero for none.
        public var delayFirst: Duration

        public init(route: String, mode: FaultMode, count: Int = 1, delayFirst: Duration = .zero) {
            self.route = route
            self.mode = mode
            self.count = count
            self.delayFirst = delayFirst
        }
    }

    /// What to do with an admitted request, after any delay or hang.
    public enum FaultAction: Sendable, Hashable {
        /// Serve it normally.
        case proceed
        /// Break the connection without answering (also: the caller went away
        /// while the request was delayed or hanging).
        case drop
        /// Answer 200 with a body that breaks the contract.
        case malformed
        /// Answer this status with `body`.
        case status(Int, body: ErrorBody = .dialect)
        /// Refuse as the dialect refuses for this reason.
        case refusal(Refusal)
        /// Serve it normally, and deliver the answer so.
        case deliver(Delivery)
    }
}
