public import Ports

/// How the domain reports what happens to the session: each `SessionEvent`
/// stamped with the clock's time and this process's id, and given to the
/// sink the composition root wired (`SessionEventSink`). Each use case
/// reports in one place: `AuthSession`'s transitions (ends, expiries, store
/// problems), the launch's decision, the opening of a session, the health
/// monitor's changes, a refused sign-in, a sign-in outside the app that ended.
public struct SessionEvents: Sendable {
    private let sink: (any SessionEventSink)?
    private let clock: (any Clock)?
    private let process: Int32

    /// Events given to `sink`, stamped by `clock`, as process `process`.
    ///
    /// - Parameters:
    ///   - sink: where they go.
    ///   - clock: the app's clock, whose time each entry carries.
    ///   - process: this process's id.
    public init(sink: any SessionEventSink, clock: any Clock, process: Int32) {
        self.sink = sink
        self.clock = clock
        self.process = process
    }

    private init() {
        sink = nil
        clock = nil
        process = 0
    }

    /// Events reported to no one: for a graph a test builds without a sink.
    public static let discarded = SessionEvents()

    /// The name of every kind of event, as records and scripts write them.
    public static var kindNames: [String] { SessionEvent.Kind.allCases.map(\.rawValue) }

    /// Gives `event` to the sink, stamped now.
    public func report(_ event: SessionEvent) {
        guard let sink, let clock else { return }
        sink.record(SessionEventEntry(time: clock.now(), process: process, event: event))
    }
}

extension SessionEvent.Launch {
    /// What a launch that ended in `state` opened on; nil while it has not
    /// decided (`loading`).
    init?(_ state: AuthState) {
        switch state {
        case .loading: return nil
        case .authenticated: self = .sessionRestored
        case .pinLocked: self = .sessionRestoredLocked
        case .unauthenticated(nil): self = .noSession
        case .unauthenticated(let reason?): self = .sessionEnded(reason)
        case .sessionExpired(let reason): self = .sessionExpired(reason)
        }
    }
}

extension SignInFailureKind {
    /// What kind of failure `failure` is, as a record names it.
    init(_ failure: LoginFailure) {
        switch failure {
        case .invalidCredentials: self = .invalidCredentials
        case .accountInactive: self = .accountInactive
        case .identityNotProved: self = .identityNotProved
        case .systemUnavailable, .network, .server: self = .unreachable
        case .timedOut: self = .timedOut
        case .misconfigured, .identifierKindNotAccepted, .emailNotConfirmed, .methodNotOffered, .deniedByPerson,
            .answerForAnotherAttempt, .notCompletedInTime, .cancelled:
            self = .refused
        }
    }
}

extension ExternalSignInEnd {
    /// How a sign-in outside the app that failed with `failure` ended.
    init(_ failure: LoginFailure) {
        switch failure {
        case .cancelled: self = .cancelled
        case .deniedByPerson: self = .denied
        case .notCompletedInTime: self = .timedOut
        case .invalidCredentials, .accountInactive, .systemUnavailable, .network, .timedOut, .server,
            .misconfigured, .identifierKindNotAccepted, .emailNotConfirmed, .methodNotOffered,
            .answerForAnotherAttempt, .identityNotProved:
            self = .failed
        }
    }
}

extension SignInRoute {
    /// A password sign-in with this identifier.
    init(passwordWith identifier: LoginIdentifier) {
        switch identifier {
        case .cpf: self = .passwordByCPF
        case .email: self = .passwordByEmail
        }
    }
}

extension RefreshFailure {
    /// Why a refresh that failed with `error` gave no token.
    init(_ error: RemoteError) {
        switch (error.code, error) {
        case (.tokenExpired, _): self = .tokenExpired
        case (.userInactive, _): self = .userInactive
        case (.userDeleted, _): self = .userDeleted
        case (.tokenInvalid, _): self = .tokenInvalid
        case (_, _) where error.isTokenRefused: self = .tokenInvalid
        case (_, .transport): self = .network
        case (_, .timeout): self = .timedOut
        case (_, .malformedResponse): self = .server
        case (_, .rejected(let status, _, _)): self = status >= 500 ? .server : .refused
        case (_, .misconfigured), (_, .signInRefused): self = .refused
        }
    }
}
