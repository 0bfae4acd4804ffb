import Composition
import DomainCore
import Foundation
import Ports
import Synchronization
import Testing
import CompositionTesting

/// An environment that keeps the session in the file keychain: it survives a
/// new world on the same directory, as it survives a relaunch of the process.
@MainActor
@Suite("File keychain environment")
struct FileKeychainEnvironmentTests {
    @Test(arguments: ["json", "plist"])
    func aSessionSavedInOneWorldIsFoundByTheNext(coding: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-env-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let json =
            #"{"name": "file", "plugins": {"store": "file-keychain", "coding": "\#(coding)"}, "settings": {"storeDirectory": "\#(directory)"}}"#
        let environment = try EnvironmentFile.parse(Data(json.utf8), path: "file.json", registry: .standard)

        let first = try AppWorld(testing: environment)
        let container = AppContainer(world: first)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        _ = await container.signIn.login(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        await container.shutDown()

        let second = try AppWorld(testing: environment)
        guard case .found(let session) = await second.store.read() else {
            Issue.record("the session did not survive")
            return
        }
        #expect(session.cachedUser?.profile.name == "Maria Silva")
        #expect(session.token != nil)
        #expect(FileManager.default.fileExists(atPath: directory + "/" + first.sessionBackend.folderName + "/session"))
    }

    @Test("The session's events go to events.jsonl beside the session, where a later world reads them")
    func eventsAreKeptBesideTheSession() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-env-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let json =
            #"{"name": "file", "plugins": {"store": "file-keychain"}, "settings": {"storeDirectory": "\#(directory)"}}"#
        let environment = try EnvironmentFile.parse(Data(json.utf8), path: "file.json", registry: .standard)

        let first = try AppWorld(testing: environment)
        let container = AppContainer(world: first)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        _ = await container.signIn.login(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        await container.sessionEnd.logout()
        await container.shutDown()

        let kept = try #require(try AppWorld(testing: environment).eventLog).lastLines(100)
        #expect(kept == first.eventRecord.entries.map(\.jsonLine))
        #expect(kept.last?.hasSuffix(#""event":"session-ended","reason":"logged-out"}"#) == true)
        #expect(!kept.joined().contains(#""123456""#), "no password in the file")
    }

    @Test("A file of events that cannot be written is told once, and the sign-in goes on")
    func unwritableEventsAreSaidOnce() async throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-env-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: parent) }
        // A regular file where a directory should be: no store and no events can be kept under it.
        try Data("a file".utf8).write(to: URL(fileURLWithPath: parent))
        let json =
            #"{"name": "file", "plugins": {"store": "file-keychain"}, "settings": {"storeDirectory": "\#(parent)/data"}}"#
        let environment = try EnvironmentFile.parse(Data(json.utf8), path: "file.json", registry: .standard)
        let told = Told()

        let world = try AppWorld(testing: environment, eventLogFailure: { told.add($0) })
        let container = AppContainer(world: world)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        _ = await container.signIn.login(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        await container.shutDown()

        #expect(told.messages.count == 1)
        #expect(world.eventLogFailure == told.messages.first)
        #expect(told.messages.first?.contains("session events cannot be written") == true)
        #expect(world.eventRecord.events.contains(.signedIn(.passwordByCPF)), "the record in memory goes on")
    }
}

/// What a world told, from any thread.
private final class Told: Sendable {
    private let told = Mutex<[String]>([])
    var messages: [String] { told.withLock { $0 } }
    func add(_ message: String) { told.withLock { $0.append(message) } }
}
