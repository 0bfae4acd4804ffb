import AdapterDerived
import SimulatedBackend
import Composition
import DomainCore
import Foundation
import Ports
import Testing
import CompositionTesting

/// How Composition plugs in health from the calls: the chosen remote
/// adapters wrapped in recording decorators sharing the probe's recorder,
/// whatever technology they are, and only when the health plugin asks.
@Suite("Health from the calls, wired")
struct CallOutcomeWiringTests {
    @Test("With from-calls health the auth, user and statement adapters record into the probe's recorder")
    func fromCallsWrapsTheRemoteAdapters() async throws {
        let world = try AppWorld(testing: .coraInMemory)

        #expect(world.remote.auth is OutcomeRecordingAuthRemoteAPI)
        #expect(world.remote.user is OutcomeRecordingUserRemoteAPI)
        #expect(world.remote.statement is OutcomeRecordingStatementRemoteAPI)
        let probe = try #require(world.remote.health as? CallOutcomeHealthProbe)
        #expect(!world.remote.user.offersCurrentUser)

        try await world.control?.addFault(route: "POST /challenge/auth", mode: .status(503), count: 1)
        _ = try? await world.remote.auth.signIn(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        #expect(probe.recorder.view == .unreachable)
    }

    @Test("Any other health plugin leaves the adapters as their plugins made them")
    func otherHealthPluginsLeaveThemAlone() throws {
        let world = try AppWorld(testing: .inMemory)

        // Only the request deadline stands in front of them.
        #expect((world.remote.auth as? DeadlineAuthRemoteAPI)?.adapter is InMemoryAuthRemoteAPI)
        #expect((world.remote.statement as? DeadlineStatementRemoteAPI)?.adapter is InMemoryStatementRemoteAPI)
        #expect((world.remote.health as? DeadlineHealthProbe)?.adapter is InMemoryHealthProbe)
    }

    @Test("from-calls works over the HTTP adapters too (cora-local's plugins build)")
    func fromCallsOverHTTP() throws {
        var environment = AppEnvironment.coraLocal
        environment.plugins.store = "in-memory"
        let world = try AppWorld(testing: environment)

        #expect(world.remote.statement is OutcomeRecordingStatementRemoteAPI)
        #expect(world.remote.health is CallOutcomeHealthProbe)
    }

    @Test("An environment file chooses the light probe; an unknown one is refused naming the field")
    func lightProbeSetting() throws {
        let none = try EnvironmentFile.parse(
            Data(#"{"base": "cora-in-memory", "settings": {"healthLightProbe": "none"}}"#.utf8), path: "c.json",
            registry: .standard)
        #expect(none.pluginSettings["healthLightProbe"] == .choice("none"))
        #expect(none.plugins.health == "from-calls")
        #expect(
            PluginRegistry.standard.settings(for: .health, in: .coraInMemory).values["healthLightProbe"]
                == .choice("statement-list"))

        #expect {
            try EnvironmentFile.parse(
                Data(#"{"base": "cora-in-memory", "settings": {"healthLightProbe": "ping"}}"#.utf8), path: "c.json",
                registry: .standard)
        } throws: { error in
            guard case CompositionError.environmentFileInvalid(_, let field, let reason) = error else { return false }
            return field == "settings.healthLightProbe" && reason.contains("statement-list")
        }
    }
}
