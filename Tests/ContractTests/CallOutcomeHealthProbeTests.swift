import AdapterDerived
import Ports
import Synchronization
import Testing

/// The `from-calls` health probe over the recording decorators, against the
/// in-memory backend and a reference server: health from what the calls met.
@Suite("Health from the calls")
struct CallOutcomeHealthProbeTests {
    /// A fixture's adapters wrapped as Composition wraps them, and what the probe reported.
    struct Wired: Sendable {
        let fixture: any RemoteContractFixture
        let recorder = CallOutcomeRecorder()
        let auth: any AuthRemoteAPI
        let statements: any StatementRemoteAPI
        let probe: CallOutcomeHealthProbe
        let reports = Reports()

        init(_ fixture: any RemoteContractFixture, lightProbe: CallOutcomeHealthProbe.LightProbe = .statementList) {
            self.fixture = fixture
            auth = OutcomeRecordingAuthRemoteAPI(fixture.auth, recorder: recorder)
            let statements = OutcomeRecordingStatementRemoteAPI(fixture.statements, recorder: recorder)
            self.statements = statements
            probe = CallOutcomeHealthProbe(
                recorder: recorder, lightProbe: CallOutcomeHealthProbe.lightProbe(lightProbe, over: statements))
            probe.onReport { [reports] health in reports.append(health) }
        }

        func calls(_ operation: RemoteOperation) async throws -> Int {
            try await fixture.metrics().count(operation)
        }
    }

    final class Reports: Sendable {
        private let all = Mutex<[ServerHealth]>([])
        func append(_ health: ServerHealth) { all.withLock { $0.append(health) } }
        var list: [ServerHealth] { all.withLock { $0 } }
    }

    static let fixtures: [RemoteAdapterFactory<any RemoteContractFixture>] = [
        .inMemory("in memory") { $0 },
        .http("over HTTP") { $0 },
    ]

    @Test("Before any call the server counts as healthy and a check sends nothing", arguments: fixtures)
    func healthyBeforeAnyCall(_ factory: RemoteAdapterFactory<any RemoteContractFixture>) async throws {
        let (fixture, _) = try await factory.make()
        let wired = Wired(fixture)

        #expect(try await wired.probe.check() == .healthy)
        #expect(try await fixture.metrics().allRequests == 0)
        #expect(wired.reports.list.isEmpty)
    }

    @Test(
        "A 5xx or a dropped connection marks the server down, reported before the call returns",
        arguments: fixtures, [RemoteFault.status(503), .status(500), .drop])
    func failingCallMarksDown(_ factory: RemoteAdapterFactory<any RemoteContractFixture>, _ fault: RemoteFault)
        async throws
    {
        let (fixture, _) = try await factory.make()
        let wired = Wired(fixture)
        try await fixture.injectFault(fault, on: .signIn)

        await #expect(throws: RemoteError.self) { try await wired.auth.signIn(RemoteSeed.maria.byCPF) }

        #expect(wired.reports.list == [.unhealthy])
        #expect(wired.recorder.view == .unreachable)
    }

    @Test("Any answer — a success, a 401 — marks the server up again", arguments: fixtures)
    func answerMarksUp(_ factory: RemoteAdapterFactory<any RemoteContractFixture>) async throws {
        let (fixture, _) = try await factory.make()
        let wired = Wired(fixture)
        try await fixture.injectFault(.status(503), on: .statement)
        _ = try? await wired.statements.statement(token: AccessToken("x"))

        _ = try? await wired.statements.statement(token: AccessToken("not-a-token"))

        #expect(wired.reports.list == [.unhealthy, .healthy])
        #expect(try await wired.probe.check() == .healthy)
    }

    @Test("While down a check sends the light probe: a 401 answer is healthy, a 5xx still down", arguments: fixtures)
    func lightProbeWhileDown(_ factory: RemoteAdapterFactory<any RemoteContractFixture>) async throws {
        let (fixture, _) = try await factory.make()
        let wired = Wired(fixture)
        try await fixture.injectFault(.drop, on: .signIn)
        _ = try? await wired.auth.signIn(RemoteSeed.maria.byCPF)
        try await fixture.injectFault(.status(503), on: .statement)

        #expect(try await wired.probe.check() == .unhealthy)
        #expect(try await wired.calls(.statement) == 1)
        #expect(try await wired.probe.check() == .healthy)
        #expect(try await wired.calls(.statement) == 2)
        #expect(try await wired.probe.check() == .healthy)
        #expect(try await wired.calls(.statement) == 2, "healthy: no more probes")
    }

    @Test("With no light probe a check while down sends nothing and lets the app try again", arguments: fixtures)
    func noLightProbe(_ factory: RemoteAdapterFactory<any RemoteContractFixture>) async throws {
        let (fixture, _) = try await factory.make()
        let wired = Wired(fixture, lightProbe: .none)
        try await fixture.injectFault(.drop, on: .signIn)
        _ = try? await wired.auth.signIn(RemoteSeed.maria.byCPF)

        #expect(try await wired.probe.check() == .healthy)
        #expect(try await wired.calls(.statement) == 0)
        #expect(wired.recorder.view == .unreachable)
    }
}

/// A call the app gave up on proves nothing about the server.
@Suite("Health from the calls: cancelled calls")
struct CallOutcomeCancellationTests {
    struct DroppingStatements: StatementRemoteAPI {
        func statement(token: AccessToken) async throws(RemoteError) -> Statement {
            throw .transport("request cancelled")
        }

        func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
            throw .transport("request cancelled")
        }
    }

    @Test("A call whose task was cancelled is not recorded")
    func cancelledCallNotRecorded() async {
        let recorder = CallOutcomeRecorder()
        let statements = OutcomeRecordingStatementRemoteAPI(DroppingStatements(), recorder: recorder)
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            _ = try? await statements.statement(token: AccessToken("t"))
        }
        await call.value

        #expect(recorder.view == .unknown)

        _ = try? await statements.statement(token: AccessToken("t"))
        #expect(recorder.view == .unreachable)
    }
}
