import AdapterFileKeychain
import AdapterInMemory
import Foundation
import PortContracts
import Ports
import Testing

/// Makes one adapter of `SignOutLedger`, and a second on the same place (the
/// next launch's). Its description names the adapter in the test output.
struct LedgerFactory: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// A fresh ledger, and how to make another on the same place.
    let make: @Sendable () -> (ledger: any SignOutLedger, reopen: @Sendable () -> any SignOutLedger)

    static let all = [
        LedgerFactory(testDescription: "InMemorySignOutLedger") {
            // The in-memory world keeps its one ledger across relaunches.
            let ledger = InMemorySignOutLedger()
            return (ledger, { ledger })
        },
        LedgerFactory(testDescription: "FileSignOutLedger") {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("gatehouse-ledger-\(UUID().uuidString)/store").path
            return (FileSignOutLedger(directory: directory), { FileSignOutLedger(directory: directory) })
        },
    ]
}

/// `SignOutLedger`'s contract (its doc comment), as `PortContracts` checks
/// it, for every adapter: each promise of `SignOutLedgerContract.Promise`.
@Suite("SignOutLedger contract")
struct SignOutLedgerContractTests {
    @Test(
        "Every ledger keeps each promise of the port", arguments: LedgerFactory.all,
        SignOutLedgerContract.Promise.allCases)
    func everyLedgerKeepsThePromise(_ factory: LedgerFactory, _ promise: SignOutLedgerContract.Promise) async throws {
        try await SignOutLedgerContract.check(promise) {
            let (ledger, reopen) = factory.make()
            return SignOutLedgerUnderTest(ledger: ledger, relaunch: reopen)
        }
    }
}

@Suite("FileSignOutLedger")
struct FileSignOutLedgerTests {
    private static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-ledger-\(UUID().uuidString)").path
    }

    @Test("the mark is an empty file beside the session, private, in a private directory it makes")
    func theMarkIsAPrivateEmptyFile() async throws {
        let directory = Self.directory() + "/store"
        let ledger = FileSignOutLedger(directory: directory)

        try await ledger.markPending()

        #expect(ledger.markerPath == directory + "/session.sign-out-pending")
        let attributes = try FileManager.default.attributesOfItem(atPath: ledger.markerPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((attributes[.size] as? Int) == 0)
        let folder = try FileManager.default.attributesOfItem(atPath: directory)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
    }

    @Test("anything at the marker path counts as a mark; a mark that cannot be removed stays pending")
    func anythingAtTheMarkerPathIsAMark() async throws {
        let directory = Self.directory()
        let ledger = FileSignOutLedger(directory: directory)
        try FileManager.default.createDirectory(atPath: ledger.markerPath, withIntermediateDirectories: true)

        #expect(await ledger.isPending())
        await #expect(throws: SessionStoreError.self) { try await ledger.clear() }
        #expect(await ledger.isPending())
    }

    @Test("a mark that cannot be written is said, naming no secret")
    func aMarkThatCannotBeWrittenIsSaid() async throws {
        let parent = Self.directory()
        // A file where the store directory should be: nothing can go in it.
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: parent + "/store"))
        let ledger = FileSignOutLedger(directory: parent + "/store")

        let error = await #expect(throws: SessionStoreError.self) { try await ledger.markPending() }

        #expect(error?.description.contains("sign-out mark could not be written") == true)
    }
}
