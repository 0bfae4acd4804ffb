public import Ports

/// The calls of `AuthRemoteAPI` whose answers a check asks the server to fail.
public enum AuthCall: String, Sendable, Hashable, CaseIterable {
    /// `signIn(_:)`.
    case signIn
    /// `refresh(_:)`.
    case refresh
    /// `register(_:)`.
    case register
}

/// How a backend's seed signs an account in: the identifiers it knows the
/// account by (a backend that signs in by e-mail only gives no CPF, and the
/// other way round), and its password.
public struct SeededSignIn: Sendable {
    /// The account's CPF, eleven digits, if the seed signs it in by CPF.
    public let cpf: String?
    /// The account's e-mail, if the seed signs it in by e-mail.
    public let email: String?
    /// The account's password.
    public let password: Password

    /// - Parameters:
    ///   - cpf: the account's CPF, if the seed knows it by one.
    ///   - email: the account's e-mail, if the seed knows it by one.
    ///   - password: the account's password.
    public init(cpf: String?, email: String?, password: Password) {
        self.cpf = cpf
        self.email = email
        self.password = password
    }

    /// The identifier of `kind`, if the seed knows the account by it.
    func identifier(_ kind: IdentifierKind) -> LoginIdentifier? {
        switch kind {
        case .cpf: cpf.map(LoginIdentifier.cpf)
        case .email: email.map(LoginIdentifier.email)
        }
    }

    /// Credentials `auth` takes: by CPF where it signs in by CPF and the
    /// seed gives one, else by e-mail; nil when the seed gives no identifier
    /// the adapter signs in by.
    func credentials(for auth: any AuthRemoteAPI, password: Password? = nil) -> Credentials? {
        IdentifierKind.allCases.lazy.filter { $0.isDeclared(by: auth) }.compactMap { identifier($0) }.first.map {
            Credentials(identifier: $0, password: password ?? self.password)
        }
    }

    /// A password that is not the account's.
    var wrongPassword: Password {
        Password(password.reveal() == "000000" ? "999999" : "000000")
    }
}

/// The two kinds of identifier `AuthRemoteAPI` signs in by, each declared by
/// its own property.
enum IdentifierKind: String, CaseIterable {
    case cpf
    case email

    /// Whether `auth` declares it signs in by this kind.
    func isDeclared(by auth: any AuthRemoteAPI) -> Bool {
        switch self {
        case .cpf: auth.signsInByCPF
        case .email: auth.signsInByEmail
        }
    }

    /// The declaration's name, for a message.
    var declaration: String {
        switch self {
        case .cpf: "signsInByCPF"
        case .email: "signsInByEmail"
        }
    }

    /// A well-formed identifier of this kind no backend's seed holds: a CPF
    /// whose check digits are right, an e-mail at example.com.
    var unknown: LoginIdentifier {
        switch self {
        case .cpf: .cpf("91827364564")
        case .email: .email("no-such-person.port-contracts@example.com")
        }
    }
}

/// The server side of an `AuthRemoteAPI` under test: how the seeded accounts
/// sign in, a registration no account conflicts with, what the server says
/// of a token's account, and the switches the checks that need them throw,
/// in the contract's words. A backend with no switches (a real one, seeded
/// only) throws from them: only the promises that need none
/// (`AuthRemoteAPIContract.Promise.needsTheServersSwitches`) run there.
///
/// `expireIssuedTokens()` (of `SeededBackendControl`) must leave the tokens
/// inside their refresh window: the contract refreshes them after it.
public protocol AuthBackendControl: SeededBackendControl {
    /// How the seed signs `person` in.
    func credentials(of person: SeededPerson) -> SeededSignIn
    /// How the seed signs its inactive account in; nil when the seed has
    /// none (the promise about it then does not apply).
    var inactiveAccount: SeededSignIn? { get }
    /// A registration of every field that no account conflicts with: a
    /// backend that keeps its accounts needs a new one at each call.
    func newRegistration() -> Registration
    /// The profile of the account `token` was issued to, as the backend's
    /// user route answers it; nil where the backend has no such route (the
    /// checks then trust the sign-in's answer alone).
    func profile(behind token: AccessToken) async throws -> UserProfile?
    /// Moves the server's clock past the refresh window of every token
    /// issued so far.
    func passRefreshWindow() async throws
    /// Fails the next call of `call` only, as `failure` says.
    func failNextCall(_ call: AuthCall, _ failure: RemoteCallFailure) async throws
    /// How many requests the server has answered on the routes the app
    /// calls (the switches' own requests are not counted).
    func requestCount() async throws -> Int
    /// How many tokens the server would take now.
    func liveTokenCount() async throws -> Int
    /// Confirms the account `registration` made, as the person does with
    /// the link or code the backend sent, where the adapter's offer is
    /// `.createsAnAccountToConfirm` (the promises about such a sign-up need
    /// it). By default it throws `ConfirmationNotServed`.
    func confirmRegistration(of registration: Registration) async throws
}

extension AuthBackendControl {
    public func confirmRegistration(of registration: Registration) async throws {
        throw ConfirmationNotServed()
    }
}

/// A control asked to confirm an account it has no way to: give the
/// control a `confirmRegistration(of:)` that does what the person does.
public struct ConfirmationNotServed: Error, CustomStringConvertible {
    /// The error a control without a way to confirm throws.
    public init() {}

    /// What is missing, and where to add it.
    public var description: String {
        "the server's control cannot confirm a sign-up's account: implement confirmRegistration(of:) in it"
    }
}

/// An `AuthRemoteAPI` handed to `AuthRemoteAPIContract`, with its server.
public struct AuthAPIUnderTest: Sendable {
    /// The adapter under test.
    public let api: any AuthRemoteAPI
    /// The server it calls.
    public let server: any AuthBackendControl

    /// Makes an auth API under test of `api` against `server`.
    public init(api: any AuthRemoteAPI, server: any AuthBackendControl) {
        self.api = api
        self.server = server
    }
}
