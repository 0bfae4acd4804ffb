public import PortContracts
public import Ports
public import SimulatedBackend
import Synchronization
public import VirtualTime

/// The auth contract's switches (`AuthBackendControl`) over a stand-in that
/// keeps its accounts, tokens, clock and faults in an `InMemoryBackend`: a
/// team that writes a stand-in of its dialect on `LoopbackStandIn` and the
/// backend gets the switches ready, and runs every promise of
/// `AuthRemoteAPIContract` on its adapter, those that need a switch too.
///
/// What it asks of the stand-in:
/// - each request asks the backend to `admit` its route, under the key
///   `routes` gives for the call (a fault injected on that key is answered
///   there; `failNextCall` injects it), and is counted under it;
/// - a status fault with a `.dialect` body is answered in the dialect's own
///   error shape, an `.empty` one with no body, an `.unreadable` one with an
///   HTML page; `.drop` breaks the connection, `.malformed` answers 200
///   with a body that is not the route's; a `.refusal` is answered as the
///   dialect refuses for that reason (its own status and body); a
///   `.deliver` is served as usual and its answer delivered as
///   `LoopbackStandIn.Answer.delivery` says;
/// - the access tokens it hands out are the backend's, or `backendToken`
///   finds the backend's token behind one (nil: not a token the backend
///   issued).
///
/// The seeded people are `StandInSeed`'s. `signIn(_:)` signs them in through
/// the adapter under test, by CPF where it declares it signs in by CPF, by
/// e-mail otherwise.
public struct StandInAuthControl: AuthBackendControl {
    /// The backend behind the stand-in.
    public let backend: InMemoryBackend
    /// The backend's clock.
    public let clock: ManualClock
    /// The adapter under test, through which the seeded people sign in.
    public let auth: any AuthRemoteAPI
    private let routes: [AuthCall: String]
    private let backendToken: @Sendable (AccessToken) -> AccessToken?
    private let registrations = RegistrationCounter()

    /// - Parameters:
    ///   - backend: the backend the stand-in keeps its accounts, tokens and faults in.
    ///   - clock: the backend's clock (the one it was made with).
    ///   - auth: the adapter under test, speaking to the stand-in.
    ///   - routes: for each call the dialect serves, the key its route is
    ///     admitted and counted under (a call it does not serve, such as a
    ///     registration, is left out, and failing it throws).
    ///   - backendToken: the backend's token behind an access token the
    ///     stand-in handed out; by default they are the same.
    public init(
        backend: InMemoryBackend, clock: ManualClock, auth: any AuthRemoteAPI, routes: [AuthCall: String],
        backendToken: @escaping @Sendable (AccessToken) -> AccessToken? = { $0 }
    ) {
        self.backend = backend
        self.clock = clock
        self.auth = auth
        self.routes = routes
        self.backendToken = backendToken
    }

    /// A call the dialect has no route for was asked to fail.
    public struct NoRoute: Error, CustomStringConvertible {
        /// The call.
        public let call: AuthCall
        /// Which call, and where to name its route.
        public var description: String {
            "the stand-in names no route for \(call.rawValue): give one in StandInAuthControl's routes"
        }
    }

    /// A seeded person the adapter has no way to sign in: it declares
    /// neither a CPF nor an e-mail sign-in.
    public struct NoIdentifier: Error, CustomStringConvertible {
        /// What the adapter lacks, in a sentence.
        public var description: String { "the adapter declares no sign-in by CPF or by e-mail" }
    }

    public func signIn(_ person: SeededPerson) async throws -> AccessToken {
        let account = StandInSeed.account(person)
        let identifier: LoginIdentifier
        if auth.signsInByCPF {
            identifier = .cpf(account.cpf)
        } else if auth.signsInByEmail {
            identifier = .email(account.email)
        } else {
            throw NoIdentifier()
        }
        return try await auth.signIn(Credentials(identifier: identifier, password: Password(account.password)))
            .accessToken
    }

    public func revokeAllTokens() async throws { await backend.revokeAllTokens() }

    public func expireIssuedTokens() async throws {
        clock.advance(by: backend.configuration.tokenLifetime + .seconds(1))
    }

    public func setAccount(_ person: SeededPerson, to state: RemoteAccountSwitch) async throws {
        let backendState: InMemoryBackend.AccountState =
            switch state {
            case .active: .active
            case .inactive: .inactive
            case .deleted: .deleted
            }
        try await backend.setAccountState(cpf: StandInSeed.account(person).cpf, backendState)
    }

    public func credentials(of person: SeededPerson) -> SeededSignIn {
        StandInSeed.signIn(StandInSeed.account(person))
    }

    public var inactiveAccount: SeededSignIn? { StandInSeed.inactiveAccount.map(StandInSeed.signIn) }

    public func newRegistration() -> Registration { StandInSeed.registration(number: registrations.next()) }

    public func profile(behind token: AccessToken) async throws -> UserProfile? {
        guard let token = backendToken(token) else { return nil }
        return try await backend.currentUser(token: token)
    }

    public func passRefreshWindow() async throws {
        clock.advance(by: backend.configuration.refreshWindow + .seconds(1))
    }

    public func failNextCall(_ call: AuthCall, _ failure: RemoteCallFailure) async throws {
        guard let route = routes[call] else { throw NoRoute(call: call) }
        let mode: InMemoryBackend.FaultMode
        switch failure {
        case .status(let status, let body):
            let backendBody: InMemoryBackend.ErrorBody =
                switch body {
                case .dialect: .dialect
                case .empty: .empty
                case .unreadable: .unreadable
                }
            mode = .status(status, body: backendBody)
        case .drop: mode = .drop
        case .malformed: mode = .malformed
        case .refusal(let refusal): mode = .refusal(refusal.backendRefusal)
        case .transport(let fault): mode = .delivery(fault.backendDelivery)
        }
        await backend.addFault(InMemoryBackend.Fault(route: route, mode: mode))
    }

    public func requestCount() async throws -> Int { await backend.metrics().requests.values.reduce(0, +) }

    public func liveTokenCount() async throws -> Int { await backend.metrics().tokensLive }

    /// Confirms the account in the backend (a stand-in whose sign-up makes
    /// accounts to confirm registers them with `awaitingConfirmation`), by
    /// its e-mail where the registration gave one, else its CPF.
    public func confirmRegistration(of registration: Registration) async throws {
        let identifier: LoginIdentifier =
            registration.email.isEmpty ? .cpf(registration.cpf) : .email(registration.email)
        try await backend.confirmAccount(identifier)
    }
}

/// How many registrations a control has handed out, so that each is new.
private final class RegistrationCounter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

extension DialectRefusal {
    /// The backend's fault of the same refusal.
    public var backendRefusal: InMemoryBackend.Refusal {
        switch self {
        case .throttled: .throttled
        case .unavailable: .unavailable
        case .serverFailure: .serverFailure
        }
    }
}

extension TransportFault {
    /// The backend's delivery of the same fault.
    public var backendDelivery: InMemoryBackend.Delivery {
        switch self {
        case .answerPastTheBound: .pastTheBound
        case .answerWithoutLengthPastTheBound: .pastTheBoundWithoutLength
        case .redirectToAnotherOrigin: .redirectToAnotherOrigin
        }
    }
}
