import AdapterFileKeychain
import Foundation
import Ports
import Testing

import OperatingSystem

/// The file store against a file that is not its own under its name: a hard
/// link to another file (the user's `~/.bashrc`, say) or a file of another
/// user. Such a file is set aside unread — never read, never `fchmod`ed,
/// never emptied — and the person is told why.
@Suite("File store against files that are not its own", .serialized)
struct LinkedAndForeignFileTests {
    private let session = UserSession(
        token: SessionToken(
            token: AccessToken("5e55104700c0ffee5e55104700c0ffee"), issuedAt: Date(timeIntervalSinceReferenceDate: 1),
            expiresAt: Date(timeIntervalSinceReferenceDate: 61)),
        cachedUser: nil)

    /// A store in a fresh private directory, and a file outside it holding
    /// `contents` with `mode` — the file a planted link points at.
    private func storeAndOtherFile(contents: Data, mode: Int = 0o644) throws -> (
        store: FileSessionDataStore, other: String, root: String
    ) {
        let root = FileSystemFixtures.temporaryPath("linked")
        try FileSystemFixtures.makeDirectory(root + "/store")
        try FileSystemFixtures.makeDirectory(root + "/elsewhere", mode: 0o755)
        let other = root + "/elsewhere/bashrc"
        try FileSystemFixtures.plantFile(other, contents, mode: mode)
        return (FileSessionDataStore(directory: root + "/store", coding: JSONSessionCoding()), other, root)
    }

    @Test("A hard link at the session path is set aside unread: the linked file keeps its mode and its bytes")
    func aHardLinkIsSetAsideUnreadAndUntouched() async throws {
        // The linked file holds a valid session: had the store read it, the read would find it.
        let bytes = try JSONSessionCoding().encode(session)
        let (store, other, root) = try storeAndOtherFile(contents: bytes, mode: 0o644)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try #require(link(other, store.sessionPath) == 0)

        let read = await store.read()

        guard case .setAside(let reason) = read else {
            Issue.record("a hard-linked file was read as \(read)")
            return
        }
        #expect(reason.contains("hard-linked"), "\(reason)")
        #expect(try FileSystemFixtures.mode(other) == 0o644, "the linked file was not made 0600")
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == bytes)
        #expect(try FileSystemFixtures.entries(store.directory).contains("session.corrupt-1"))
        #expect(!FileManager.default.fileExists(atPath: store.sessionPath))
        let notices = store.takeNotices()
        #expect(notices.map(\.kind) == [.setAside])
        #expect(notices.first?.detail.contains("hard-linked") == true, "the person is told why")
        #expect(store.takeNotices().isEmpty, "told once")
        #expect(await store.read() == .absent)
    }

    @Test("Logout never empties a hard-linked file, not even in a directory that forbids removing it")
    func logoutInAReadOnlyDirectoryLeavesALinkedFileWhole() async throws {
        let bytes = Data("export PATH=/usr/bin\n".utf8)
        let (store, other, root) = try storeAndOtherFile(contents: bytes)
        defer {
            _ = FileSystemFixtures.setImmutable(store.directory, false)
            try? FileManager.default.removeItem(atPath: root)
        }
        // One link already set aside by a read, and another at the session path.
        try #require(link(other, store.sessionPath) == 0)
        _ = await store.read()
        try #require(link(other, store.sessionPath) == 0)
        #expect(try FileSystemFixtures.linkCount(other) == 3)
        try #require(
            FileSystemFixtures.setImmutable(store.directory, true),
            "the test needs a file system with the immutable flag (ext4)")

        let error = await #expect(throws: SessionStoreError.self) { try await store.delete() }

        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == bytes, "the linked file was not emptied")
        #expect(try FileSystemFixtures.mode(other) == 0o644)
        guard case .permissions(let reason) = error else {
            Issue.record("expected a permissions error, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("was not emptied"), "\(reason)")
        #expect(reason.contains("hard-linked"), "\(reason)")
        #expect(store.takeNotices().contains { $0.kind == .refused && $0.detail == reason }, "the person is told why")
    }

    @Test("Logout in a writable directory unlinks a hard-linked file's name and leaves the other file whole")
    func logoutUnlinksOnlyTheName() async throws {
        let bytes = Data("export PATH=/usr/bin\n".utf8)
        let (store, other, root) = try storeAndOtherFile(contents: bytes)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try #require(link(other, store.sessionPath) == 0)

        try await store.delete()

        #expect(!FileManager.default.fileExists(atPath: store.sessionPath))
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == bytes)
        #expect(try FileSystemFixtures.linkCount(other) == 1)
    }

    @Test("A session file of another user is set aside unread and its mode left alone")
    func anotherUsersFileIsSetAsideUnread() async throws {
        let root = FileSystemFixtures.temporaryPath("foreign")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystemFixtures.makeDirectory(root)
        let store = FileSessionDataStore(directory: root, coding: JSONSessionCoding())
        try FileSystemFixtures.plantFile(store.sessionPath, try JSONSessionCoding().encode(session), mode: 0o644)
        try FileSystemFixtures.giveToAnotherUser(store.sessionPath)

        let read = await store.read()

        guard case .setAside(let reason) = read else {
            Issue.record("another user's file was read as \(read)")
            return
        }
        #expect(reason.contains("another user"), "\(reason)")
        #expect(try FileSystemFixtures.mode(root + "/session.corrupt-1") == 0o644, "never fchmod'ed")
    }

    @Test("A PIN file hard-linked to another file fails closed, unread and never made 0600")
    func aHardLinkedPINFileFailsClosed() async throws {
        let root = FileSystemFixtures.temporaryPath("linked-pin")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystemFixtures.makeDirectory(root + "/store")
        let other = root + "/other"
        try FileSystemFixtures.plantFile(other, Data("not yours".utf8), mode: 0o644)
        let vault = FilePINVault(directory: root + "/store", hasher: StandInHasher(), iterations: 1)
        try #require(link(other, vault.pinPath) == 0)

        let error = await #expect(throws: PINVaultError.self) { try await vault.isSet() }

        #expect(error?.description.contains("hard-linked") == true, "\(String(describing: error))")
        #expect(try FileSystemFixtures.mode(other) == 0o644)
        // Removing the PIN removes only the name.
        try await vault.remove()
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == Data("not yours".utf8))
    }

    @Test("A hard link at the sign-out marker counts as a mark and is never written: clear removes only the name")
    func aHardLinkedMarkerIsNeverWritten() async throws {
        let root = FileSystemFixtures.temporaryPath("linked-ledger")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystemFixtures.makeDirectory(root + "/store")
        let other = root + "/other"
        let bytes = Data("keep me".utf8)
        try FileSystemFixtures.plantFile(other, bytes, mode: 0o644)
        let ledger = FileSignOutLedger(directory: root + "/store")
        try #require(link(other, ledger.markerPath) == 0)

        #expect(await ledger.isPending())
        try await ledger.markPending()
        try await ledger.clear()

        #expect(await !ledger.isPending())
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == bytes)
        #expect(try FileSystemFixtures.mode(other) == 0o644)
    }
}

/// Not a hash: these tests never verify a PIN, they only need a vault.
struct StandInHasher: SecretHasher {
    func randomSalt(byteCount: Int) throws(SecretHasherError) -> [UInt8] { Array(repeating: 7, count: byteCount) }
    func derive(secret: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8] {
        let laid = secret + salt
        return (0..<byteCount).map { laid[$0 % laid.count] }
    }
    func isEqualInConstantTime(_ left: [UInt8], _ right: [UInt8]) -> Bool { left == right }
}
