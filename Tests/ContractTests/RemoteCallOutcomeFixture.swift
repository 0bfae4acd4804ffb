import AdapterDerived
import SimulatedBackend
import Ports
import Synchronization

/// The health suites' server for the `from-calls` health probe
/// (`CallOutcomeHealthProbe`), whose dialect is not a health route but the
/// outcomes of the app's other calls: an in-memory backend whose auth, user
/// and statement adapters are wrapped in the recording decorators as
/// Composition wraps them, all recording into the probe's one
/// `CallOutcomeRecorder`, with the light probe (the statement list without a
/// token) as the health call.
///
/// The suites' switches act through the calls the probe watches:
/// - health down: the server answers every statement request 503 until it is
///   up again, and the app has met that (one statement call, recorded); up:
///   the 503s stop (every pending fault of the backend is cleared);
/// - a fault on `.health`: the app's latest call met the fault, and so does
///   the next light probe;
/// - `.health` calls are the light probes sent, counted apart from the
///   statement calls.
///
/// What its probe promises instead of a health route's promises is the
/// probe's own declaration (`HealthSource.theAppsCalls`), which the suites
/// read from the adapter: this fixture lists nothing it cannot meet.
final class CallOutcomeRemoteFixture: RemoteContractFixture {
    private let session = InMemoryRemoteFixture()
    private let recorder = CallOutcomeRecorder()
    private let lightProbes = LightProbeCount()
    let auth: any AuthRemoteAPI
    let users: any UserRemoteAPI
    let statements: any StatementRemoteAPI
    let health: any HealthProbe

    init() {
        auth = OutcomeRecordingAuthRemoteAPI(session.auth, recorder: recorder)
        users = OutcomeRecordingUserRemoteAPI(session.users, recorder: recorder)
        let statements = OutcomeRecordingStatementRemoteAPI(session.statements, recorder: recorder)
        self.statements = statements
        let lightProbe = CallOutcomeHealthProbe.lightProbe(.statementList, over: statements)
        health = CallOutcomeHealthProbe(recorder: recorder) { [lightProbes] in
            lightProbes.increment()
            await lightProbe?()
        }
    }

    var tokenLifetime: Duration { session.tokenLifetime }
    var refreshWindow: Duration { session.refreshWindow }

    func setHealthy(_ healthy: Bool) async throws {
        guard !healthy else { return await session.backend.clearFaults() }
        await session.backend.addFault(
            InMemoryBackend.Fault(route: RemoteOperation.statement.wireRoute, mode: .status(503), count: .max))
        await appCallsTheStatement()
    }

    func setAccountState(cpf: String, _ state: RemoteAccountState) async throws {
        try await session.setAccountState(cpf: cpf, state)
    }

    func revokeAllTokens() async throws { await session.revokeAllTokens() }

    func injectFault(_ fault: RemoteFault, on operation: RemoteOperation) async throws {
        guard operation == .health else { return try await session.injectFault(fault, on: operation) }
        // One for the app's call, one for the light probe after it.
        try await session.injectFault(fault, on: .statement)
        try await session.injectFault(fault, on: .statement)
        await appCallsTheStatement()
    }

    func advanceServerClock(by duration: Duration) async throws { session.advanceServerClock(by: duration) }

    func metrics() async throws -> RemoteServerMetrics {
        var metrics = await session.metrics()
        let probes = lightProbes.count
        metrics.calls[.statement] = metrics.count(.statement) - probes
        metrics.calls[.health] = probes
        metrics.calls = metrics.calls.filter { $0.value > 0 }
        return metrics
    }

    func reset() async throws {
        await session.reset()
        lightProbes.reset()
        await recorder.record(.unknown)
    }

    /// A call of the app, through the recording adapter: what the probe learns from.
    private func appCallsTheStatement() async {
        _ = try? await statements.statement(token: AccessToken("an app call the fixture makes"))
    }

}

/// The light probes a `CallOutcomeRemoteFixture`'s probe sent: its health calls.
private final class LightProbeCount: Sendable {
    private let value = Mutex(0)

    func increment() { value.withLock { $0 += 1 } }
    func reset() { value.withLock { $0 = 0 } }
    var count: Int { value.withLock { $0 } }
}
