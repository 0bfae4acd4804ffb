import SimulatedBackend
import StandInKit
import PortContracts
import Ports
import VirtualTime
import Testing
import WireContract

/// The server side of a remote contract test: the adapters of one technology
/// (all speaking to the same server) and the control operations the suites
/// need, in the suites' words (`RemoteOperation`), never a dialect's route
/// strings: each fixture maps them onto its own wire. The in-memory fixture
/// drives an `InMemoryBackend` and a `ManualClock` directly; an HTTP fixture
/// drives a `ReferenceServer` through its control API (`/_control/*`,
/// started with `--virtual-clock`).
///
/// A control need added here gets a default in an extension of this
/// protocol that throws `UnmetControlNeed(_:of:)`: every fixture compiles at
/// once, a fixture whose stand-in serves the need overrides the default, and
/// a test of the need on a fixture that does not fails naming both.
protocol RemoteContractFixture: Sendable {
    var auth: any AuthRemoteAPI { get }
    var users: any UserRemoteAPI { get }
    var statements: any StatementRemoteAPI { get }
    var health: any HealthProbe { get }

    /// The server's `--token-ttl`.
    var tokenLifetime: Duration { get }
    /// The server's `--refresh-window`.
    var refreshWindow: Duration { get }

    /// `POST /_control/health`
    func setHealthy(_ healthy: Bool) async throws
    /// `POST /_control/users/:cpf`
    func setAccountState(cpf: String, _ state: RemoteAccountState) async throws
    /// `POST /_control/revoke`
    func revokeAllTokens() async throws
    /// Fails the next call of `operation` only (`POST /_control/faults` on
    /// the wire contract, for the operation's route).
    func injectFault(_ fault: RemoteFault, on operation: RemoteOperation) async throws
    /// `POST /_control/clock`
    func advanceServerClock(by duration: Duration) async throws
    /// What the server saw (`GET /_control/metrics` on the wire contract).
    func metrics() async throws -> RemoteServerMetrics
    /// `POST /_control/reset`
    func reset() async throws

    /// Whether the server answers the current user's route for the tokens
    /// `auth` issues, so a check can ask whose a token is.
    var servesTheCurrentUser: Bool { get }

    /// Confirms the account `identifier` names, as the person's click on
    /// the link of a sign-up to confirm does.
    func confirmAccount(_ identifier: LoginIdentifier) async throws
}

extension RemoteContractFixture {
    /// Every stand-in but a reference server playing Cora serves it.
    var servesTheCurrentUser: Bool { true }

    /// Confirms the account `identifier` names, as the person's click on
    /// the link of a sign-up to confirm does.
    func confirmAccount(_ identifier: LoginIdentifier) async throws {
        throw UnmetControlNeed("confirming an account a sign-up made", of: self)
    }
}

/// An account state, as the control API sets it.
enum RemoteAccountState: String, Sendable {
    case active, inactive, deleted
}

/// A fault the suites inject to see an adapter's network-failure mapping.
enum RemoteFault: Sendable, Hashable, CustomTestStringConvertible {
    /// The server answers this status with `body`: its dialect's error
    /// envelope without a code about the person, nothing, or an HTML page.
    case status(Int, body: InMemoryBackend.ErrorBody = .empty)
    /// The connection breaks without an answer.
    case drop
    /// The server answers 200 with a body that breaks the contract.
    case malformed
    /// The server refuses for this reason as its dialect does.
    case refusal(InMemoryBackend.Refusal)
    /// The server serves the request and delivers its answer so.
    case delivery(InMemoryBackend.Delivery)

    /// The faults every remote call must map to `.transport`, `.timeout`,
    /// `.malformedResponse` or a 5xx rejection.
    static let networkFailures: [RemoteFault] = [.drop, .malformed, .status(500)]

    /// The fault a `PortContracts` check asks for, on this backend.
    init(_ failure: RemoteCallFailure) throws {
        switch failure {
        case .status(let status, let body):
            self = .status(
                status, body: try #require(InMemoryBackend.ErrorBody(rawValue: body.rawValue), "no \(body) bodies"))
        case .drop: self = .drop
        case .malformed: self = .malformed
        case .refusal(let refusal): self = .refusal(refusal.backendRefusal)
        case .transport(let fault): self = .delivery(fault.backendDelivery)
        }
    }

    var testDescription: String {
        switch self {
        case .status(let status, let body): "status \(status), \(body.rawValue) body"
        case .drop: "dropped connection"
        case .malformed: "malformed body"
        case .refusal(let refusal): "the dialect's \(refusal.rawValue) answer"
        case .delivery(let delivery): "the answer delivered \(delivery.rawValue)"
        }
    }
}

/// The wire contract's route strings, as faults and metrics name them: the
/// route table's keys (`WireRoute.key`), so a suite names a route exactly as
/// the adapters send it and the servers count it.
enum RemoteRoute {
    static let auth = WireRoute.auth.key
    static let signOut = WireRoute.signOut.key
    static let statementList = WireRoute.statementList.key
    static let statementDetails = WireRoute.statementDetails.key
    static let health = WireRoute.health.key
    static let currentUser = WireRoute.currentUser.key
    static let updateCurrentUser = WireRoute.updateCurrentUser.key
    static let deleteCurrentUser = WireRoute.deleteCurrentUser.key
    static let relatedUsers = WireRoute.relatedUsers.key
    static let saveSharedWith = WireRoute.saveSharedWith.key
    static let register = WireRoute.register.key

    /// Every route but the control API's, in the table's order.
    static let all = WireRoute.all.map(\.key)
}

/// A control need a fixture's stand-in cannot serve: what the default of
/// every need added to `RemoteContractFixture` throws until the fixture
/// serves it, so a test that needs it fails, naming the need and the
/// fixture, rather than skip or pass unchecked.
struct UnmetControlNeed: Error, CustomStringConvertible {
    let need: String
    let fixture: String

    init(_ need: String, of fixture: any RemoteContractFixture) {
        self.need = need
        self.fixture = String(describing: type(of: fixture))
    }

    var description: String {
        "\(fixture) cannot serve the control need \"\(need)\": serve it in \(fixture), or say there why its stand-in cannot"
    }
}
