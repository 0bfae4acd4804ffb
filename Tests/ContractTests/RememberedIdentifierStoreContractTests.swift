import AdapterFileKeychain
import AdapterInMemory
import Foundation
import PortContracts
import Ports
import Testing

/// Makes one `RememberedIdentifierStore` adapter: the in-memory one, or the
/// file keychain's in a fresh temporary directory (the same directory for
/// the store's "next launch").
struct RememberedIdentifierStoreFactory: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// A store, and a maker of the same store as the next launch finds it.
    let make:
        @Sendable () -> (store: any RememberedIdentifierStore, relaunch: @Sendable () -> any RememberedIdentifierStore)

    static let all = [
        RememberedIdentifierStoreFactory(testDescription: "InMemoryRememberedIdentifierStore") {
            // The in-memory keychain lasts as long as the world: the next launch is the same object.
            let store = InMemoryRememberedIdentifierStore()
            return (store, { store })
        },
        RememberedIdentifierStoreFactory(testDescription: "FileRememberedIdentifierStore") {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("gatehouse-identifier-\(UUID().uuidString)").path
            return (
                FileRememberedIdentifierStore(directory: directory),
                { FileRememberedIdentifierStore(directory: directory) }
            )
        },
    ]
}

/// `RememberedIdentifierStore`'s contract (its doc comment), as
/// `PortContracts` checks it, for every adapter: each promise of
/// `RememberedIdentifierStoreContract.Promise`.
@Suite("RememberedIdentifierStore contract")
struct RememberedIdentifierStoreContractTests {
    @Test(
        "Every store keeps each promise of the port",
        arguments: RememberedIdentifierStoreFactory.all, RememberedIdentifierStoreContract.Promise.allCases)
    func everyStoreKeepsThePromise(
        _ factory: RememberedIdentifierStoreFactory, _ promise: RememberedIdentifierStoreContract.Promise
    ) async throws {
        try await RememberedIdentifierStoreContract.check(promise) {
            let (store, relaunch) = factory.make()
            return RememberedIdentifierStoreUnderTest(store: store, relaunch: relaunch)
        }
    }
}

/// The file keychain's remembered identifier, on disk: private, and never
/// read from a file that is not its own.
@Suite("FileRememberedIdentifierStore's file")
struct FileRememberedIdentifierStoreFileTests {
    private func freshDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-identifier-\(UUID().uuidString)").path
    }

    @Test("The identifier is kept in a 0600 file beside the session, in a 0700 directory, and forgetting removes it")
    func privateFile() async throws {
        let directory = freshDirectory()
        let store = FileRememberedIdentifierStore(directory: directory)

        try await store.remember("123.456.789-09")

        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directoryAttributes = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((directoryAttributes[.posixPermissions] as? Int) == 0o700)
        #expect(store.path.hasSuffix("/session.identifier"))
        #expect(try String(contentsOfFile: store.path, encoding: .utf8) == "123.456.789-09")

        try await store.forget()
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test("A symbolic link, a hard-linked file or content that is no identifier reads as nothing remembered")
    func hostileFilesReadAsNothing() async throws {
        let directory = freshDirectory()
        let store = FileRememberedIdentifierStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let elsewhere = directory + "/elsewhere"
        try "123.456.789-09".write(toFile: elsewhere, atomically: false, encoding: .utf8)

        try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: elsewhere)
        #expect(await store.read() == nil)
        try FileManager.default.removeItem(atPath: store.path)

        try FileManager.default.linkItem(atPath: elsewhere, toPath: store.path)
        #expect(await store.read() == nil)
        try FileManager.default.removeItem(atPath: store.path)

        try "a\u{1B}[2Jb".write(toFile: store.path, atomically: false, encoding: .utf8)
        #expect(await store.read() == nil)
        try FileManager.default.removeItem(atPath: store.path)

        try String(repeating: "1", count: FileRememberedIdentifierStore.maximumFileSize + 1)
            .write(toFile: store.path, atomically: false, encoding: .utf8)
        #expect(await store.read() == nil)
    }
}
