import Composition
import CompositionTesting
import Foundation
import Ports
import Synchronization
import Testing

/// The events port as docs/events.md shows it: a team's sink added to its
/// registry and named by an environment file reaches the world, failures
/// and `app events`' reading included; `none` keeps nothing; a name the
/// registry lacks is refused naming the ones it has.
@MainActor
@Suite("The events port: a team's sink as a plugin")
struct EventsPluginTests {
    /// docs/events.md's `PrintedEvents`, kept where a test reads it.
    final class KeptEvents: SessionEventSink {
        let lines = Mutex<[String]>([])

        func record(_ entry: SessionEventEntry) {
            lines.withLock { $0.append(entry.jsonLine) }
        }
    }

    /// The registry docs/events.md writes, with a sink this test reads and
    /// the failure callback it was given, kept.
    private static func registry(sink: KeptEvents, failure: GivenCallback) -> PluginRegistry {
        var registry = PluginRegistry.standard
        registry.events.append(
            PluginRegistry.Plugin(name: "our-telemetry", summary: "each event to our exporter") { _ in
                .own { onFailure in
                    failure.keep(onFailure)
                    return PluginRegistry.EventLog(sink: sink) { count in
                        sink.lines.withLock { Array($0.suffix(count)) }
                    }
                }
            })
        return registry
    }

    @Test(
        "An environment file naming a team's events plugin sends the world's events to its sink, and app events reads them back"
    )
    func aTeamsPluginHearsTheWorld() async throws {
        let sink = KeptEvents()
        let failure = GivenCallback()
        let registry = Self.registry(sink: sink, failure: failure)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).json")
        try Data(#"{"base": "in-memory", "plugins": {"events": "our-telemetry"}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let environment = try EnvironmentFile.load(path: file.path, registry: registry)
        #expect(environment.plugins.events == "our-telemetry")

        let said = Mutex<[String]>([])
        let world = try AppWorld(
            testing: environment, registry: registry,
            eventLogFailure: { message in said.withLock { $0.append(message) } })
        let container = AppContainer(world: world)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        _ = await container.signIn.login(Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        await container.shutDown()

        let lines = sink.lines.withLock { $0 }
        #expect(lines == world.eventRecord.entries.map(\.jsonLine))
        #expect(lines.last?.hasSuffix(#""event":"signed-in","route":"password-cpf"}"#) == true)
        #expect(try world.eventLog?.lastLines(1) == [lines.last].compactMap { $0 })
        // A failure the sink says reaches the person once, and the world keeps it.
        let onFailure = try #require(failure.kept)
        onFailure("cannot reach the exporter")
        #expect(said.withLock { $0 } == ["cannot reach the exporter"])
        #expect(world.eventLogFailure == "cannot reach the exporter")
    }

    @Test("An environment naming events none keeps no record beyond the world's own")
    func noneKeepsNothing() async throws {
        var environment = AppEnvironment.inMemory
        environment.plugins.events = "none"
        let world = try AppWorld(testing: environment)
        #expect(world.eventLog == nil)
        let container = AppContainer(world: world)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        await container.shutDown()
        #expect(!world.eventRecord.entries.isEmpty)
    }

    @Test("An events plugin the registry does not have is refused, naming the ones it has")
    func anUnknownPluginIsRefused() {
        var environment = AppEnvironment.inMemory
        environment.plugins.events = "our-telemetry"
        #expect {
            _ = try AppWorld(testing: environment)
        } throws: { error in
            String(describing: error).contains("our-telemetry") && String(describing: error).contains("store, none")
        }
    }
}

/// The failure callback a plugin was given, kept for the test to call.
private final class GivenCallback: Sendable {
    private let callback = Mutex<(@Sendable (String) -> Void)?>(nil)

    func keep(_ given: @escaping @Sendable (String) -> Void) { callback.withLock { $0 = given } }

    var kept: (@Sendable (String) -> Void)? { callback.withLock { $0 } }
}
