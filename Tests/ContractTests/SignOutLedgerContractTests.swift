import AdapterFileKeychain
import AdapterInMemory
import Foundation
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

@Suite("SignOutLedger contract")
struct SignOutLedgerContractTests {
    @Test("a new ledger has no sign-out pending", arguments: LedgerFactory.all)
    func aNewLedgerHasNothingPending(_ factory: LedgerFactory) async {
        #expect(await !factory.make().ledger.isPending())
    }

    @Test("a mark is pending in this launch and the next, until cleared", arguments: LedgerFactory.all)
    func aMarkLastsUntilCleared(_ factory: LedgerFactory) async throws {
        let (ledger, reopen) = factory.make()

        try await ledger.markPending()
        try await ledger.markPending()

        #expect(await ledger.isPending())
        #expect(await reopen().isPending())
        try await reopen().clear()
        #expect(await !ledger.isPending())
        #expect(await !reopen().isPending())
    }

    @Test("clearing an empty ledger succeeds", arguments: LedgerFactory.all)
    func clearingAnEmptyLedgerSucceeds(_ factory: LedgerFactory) async throws {
        let ledger = factory.make().ledger
        try await ledger.clear()
        #expect(await !ledger.isPending())
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
