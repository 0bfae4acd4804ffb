import Composition
import Ports
import Synchronization
import Testing
import CompositionTesting

/// A team's own sink wired the way docs/events.md shows it, in the same few
/// lines: it hears what the world's record hears.
@MainActor
@Suite("AppWorld: a team's event sink")
struct AppWorldEventSinkTests {
    /// docs/events.md's `PrintedEvents`, its `print` replaced by a list a test can read.
    final class PrintedEvents: SessionEventSink {
        let printed = Mutex<[String]>([])

        func record(_ entry: SessionEventEntry) {
            printed.withLock { $0.append(entry.jsonLine) }
        }
    }

    @Test("A team's sink, given to AppWorld, sees the launch and the sign-in as JSON lines, as the record does")
    func teamSinkHearsEveryEvent() async throws {
        let sink = PrintedEvents()
        let world = try AppWorld(testing: .inMemory, eventSink: sink)
        let container = AppContainer(world: world)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        _ = await container.signIn.login(Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        await container.shutDown()

        let lines = sink.printed.withLock { $0 }
        #expect(lines == world.eventRecord.entries.map(\.jsonLine))
        #expect(lines.contains { $0.contains(#""event":"launched","opened":"no-session""#) })
        #expect(lines.last?.hasSuffix(#""event":"signed-in","route":"password-cpf"}"#) == true)
    }
}
