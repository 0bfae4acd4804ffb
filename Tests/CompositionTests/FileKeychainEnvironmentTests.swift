import Composition
import DomainCore
import Foundation
import Ports
import Testing

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
        let environment = try EnvironmentFile.parse(Data(json.utf8), path: "file.json")

        let first = try AppWorld(environment: environment)
        let container = AppContainer(world: first)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        _ = await container.signIn.login(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        await container.shutDown()

        let second = try AppWorld(environment: environment)
        guard case .found(let session) = await second.store.read() else {
            Issue.record("the session did not survive")
            return
        }
        #expect(session.cachedUser?.profile.name == "Maria Silva")
        #expect(session.token != nil)
        #expect(FileManager.default.fileExists(atPath: directory + "/session"))
    }
}
