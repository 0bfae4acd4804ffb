import AdapterFileKeychain
import Foundation
import Ports
import Testing

import OperatingSystem

/// What the file store does when it opens (its first read, save or delete —
/// at each launch), at a save and at logout: leftovers of a killed save
/// removed, a directory open to others tightened even when no save comes,
/// each repair told once; and a store directory that is a symbolic link.
@Suite("File store opening, leftovers and a linked directory", .serialized)
struct StoreOpeningTests {
    private let session = UserSession(
        token: SessionToken(
            token: AccessToken("0123456789abcdef0123456789abcdef"), issuedAt: Date(timeIntervalSinceReferenceDate: 1),
            expiresAt: Date(timeIntervalSinceReferenceDate: 61)),
        cachedUser: nil)

    private var secret: Data { Data(session.token!.token.reveal().utf8) }

    /// What a save killed between writing its temporary file and renaming it
    /// leaves: `.session.tmp-<pid>-<random>` holding the whole new session.
    private func plantLeftover(in store: FileSessionDataStore, named name: String = ".session.tmp-4242-17") throws
        -> String
    {
        let path = store.directory + "/" + name
        try FileSystemFixtures.plantFile(path, try JSONSessionCoding().encode(session))
        return path
    }

    // MARK: - Leftovers of a killed save

    @Test("A temporary file a killed save left, holding the token, is left by a read and removed by the next save")
    func aLeftoverIsRemovedByTheNextSave() async throws {
        let directory = FileSystemFixtures.temporaryPath("leftover")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        try await before.save(session)
        #expect(await before.read() == .found(session))
        let leftover = try plantLeftover(in: before)

        // The next launch: a new store on the same directory. Its read takes
        // no lock and writes nothing, so the leftover stays…
        let next = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        #expect(await next.read() == .found(session))
        #expect(FileManager.default.fileExists(atPath: leftover))

        // …until the next save (a refresh, a sign-in), which takes the lock.
        try await next.save(session)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        // Beside the session and its lock, only the record of its decode (`DecodedSafelyRecord`).
        #expect(try FileSystemFixtures.entries(directory) == ["session", "session.decoded", "session.lock"])
        #expect(next.takeNotices().isEmpty, "removing a leftover is housekeeping, not a problem")
    }

    @Test("Logout removes a temporary file a killed save left, so no copy of the token stays")
    func logoutRemovesALeftover() async throws {
        let directory = FileSystemFixtures.temporaryPath("leftover-logout")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        try await store.save(session)
        // Left after the store opened (by another process of the app, killed mid-save).
        let leftover = try plantLeftover(in: store)

        try await store.delete()

        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try FileSystemFixtures.entries(directory) == ["session.lock"])
    }

    @Test("Logout in a directory that forbids removing files empties a leftover of its own: no token is left")
    func logoutInAReadOnlyDirectoryEmptiesALeftover() async throws {
        let directory = FileSystemFixtures.temporaryPath("leftover-immutable")
        defer {
            _ = FileSystemFixtures.setImmutable(directory, false)
            try? FileManager.default.removeItem(atPath: directory)
        }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        try await store.save(session)
        let leftover = try plantLeftover(in: store)
        try #require(
            FileSystemFixtures.setImmutable(directory, true),
            "the test needs a file system with the immutable flag (ext4)")

        try await store.delete()

        #expect(try Data(contentsOf: URL(fileURLWithPath: leftover)).isEmpty)
        for name in try FileSystemFixtures.entries(directory) {
            let contents = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
            #expect(contents.range(of: secret) == nil, "\(name) still holds the token")
        }
    }

    @Test("A temporary file a killed PIN write left is removed at the vault's first operation and by remove")
    func aPINLeftoverIsRemoved() async throws {
        let directory = FileSystemFixtures.temporaryPath("pin-leftover")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileSystemFixtures.makeDirectory(directory)
        let first = directory + "/.session.pin.tmp-4242-1"
        try FileSystemFixtures.plantFile(first, Data("{}".utf8))

        let vault = FilePINVault(directory: directory, hasher: StandInHasher(), iterations: 1)
        #expect(try await !vault.isSet())
        #expect(!FileManager.default.fileExists(atPath: first), "removed when the vault opened")

        let second = directory + "/.session.pin.tmp-4242-2"
        try FileSystemFixtures.plantFile(second, Data("{}".utf8))
        try await vault.remove()
        #expect(!FileManager.default.fileExists(atPath: second), "removed at logout")
    }

    // MARK: - Permissions, tightened at opening and told once

    @Test("A store directory open to all is made 0700 at the first read, with no save, and said once")
    func anOpenDirectoryIsTightenedAtTheFirstRead() async throws {
        let directory = FileSystemFixtures.temporaryPath("open-directory")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await FileSessionDataStore(directory: directory, coding: JSONSessionCoding()).save(session)
        try #require(chmod(directory, 0o777) == 0)

        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        #expect(await store.read() == .found(session))

        #expect(try FileSystemFixtures.mode(directory) == 0o700)
        let notices = store.takeNotices()
        #expect(notices.count == 1)
        #expect(notices.first?.kind == .tightened)
        #expect(notices.first?.detail.contains("mode 777") == true, "\(notices)")
        #expect(notices.first?.detail.contains("0700") == true, "\(notices)")
        _ = await store.read()
        #expect(store.takeNotices().isEmpty, "told once")
    }

    @Test("A session file open to others is made 0600 when read, and said once as a notice")
    func anOpenFileIsTightenedAndTold() async throws {
        let directory = FileSystemFixtures.temporaryPath("open-file")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        try await store.save(session)
        try #require(chmod(store.sessionPath, 0o644) == 0)

        #expect(await store.read() == .found(session))

        #expect(try FileSystemFixtures.mode(store.sessionPath) == 0o600)
        let notices = store.takeNotices()
        #expect(notices.map(\.kind) == [.tightened])
        #expect(notices.first?.detail.contains("mode 644") == true, "\(notices)")
        _ = await store.read()
        #expect(store.takeNotices().isEmpty)
    }

    @Test("A PIN file open to others is made 0600 when read, and said as a notice")
    func anOpenPINFileIsTold() async throws {
        let directory = FileSystemFixtures.temporaryPath("open-pin")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let vault = FilePINVault(directory: directory, hasher: StandInHasher(), iterations: 1)
        try await vault.set(PIN("2580"))
        try #require(chmod(vault.pinPath, 0o640) == 0)

        #expect(try await vault.isSet())

        #expect(vault.takeNotices().map(\.kind) == [.tightened])
    }

    // MARK: - A store directory that is a symbolic link

    @Test("A store directory that is a symbolic link to the user's own directory works, checked and tightened")
    func aLinkToAnOwnDirectoryWorks() async throws {
        let root = FileSystemFixtures.temporaryPath("linked-directory")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystemFixtures.makeDirectory(root + "/dotfiles/gatehouse", mode: 0o777)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/gatehouse", withDestinationPath: root + "/dotfiles/gatehouse")

        let store = FileSessionDataStore(directory: root + "/gatehouse", coding: JSONSessionCoding())
        try await store.save(session)

        #expect(store.directory == root + "/dotfiles/gatehouse", "resolved once, when the store was made")
        #expect(await store.read() == .found(session))
        #expect(try FileSystemFixtures.mode(root + "/dotfiles/gatehouse") == 0o700)
        #expect(store.takeNotices().map(\.kind) == [.tightened])
        let attributes = try FileManager.default.attributesOfItem(atPath: root + "/gatehouse")
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link itself is left alone")
        // The PIN and the sign-out mark live beside it, through the same link.
        let vault = FilePINVault(directory: root + "/gatehouse", hasher: StandInHasher(), iterations: 1)
        try await vault.set(PIN("2580"))
        #expect(try await vault.isSet())
        let ledger = FileSignOutLedger(directory: root + "/gatehouse")
        try await ledger.markPending()
        #expect(await ledger.isPending())
        #expect(
            try FileSystemFixtures.entries(root + "/dotfiles/gatehouse").contains("session.sign-out-pending"))
    }

    @Test("A store directory that links to another user's directory is refused, saying why, and told once")
    func aLinkToAnotherUsersDirectoryIsRefused() async throws {
        let root = FileSystemFixtures.temporaryPath("foreign-directory")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystemFixtures.makeDirectory(root + "/theirs", mode: 0o777)
        try FileSystemFixtures.giveToAnotherUser(root + "/theirs")
        try FileManager.default.createSymbolicLink(atPath: root + "/gatehouse", withDestinationPath: root + "/theirs")
        let store = FileSessionDataStore(directory: root + "/gatehouse", coding: JSONSessionCoding())

        let read = await store.read()
        let error = await #expect(throws: SessionStoreError.self) { try await store.save(session) }

        guard case .unavailable(.permissions(let reason)) = read else {
            Issue.record("another user's directory was read as \(read)")
            return
        }
        #expect(reason.contains("belongs to another user"), "\(reason)")
        #expect(error == .permissions(reason), "a save says the same reason")
        #expect(try FileSystemFixtures.mode(root + "/theirs") == 0o777, "never tightened: it is not ours")
        #expect(try FileSystemFixtures.entries(root + "/theirs").isEmpty, "nothing written in it")
        let notices = store.takeNotices()
        #expect(notices == [StorageNotice(.refused, reason)], "said once, however many operations meet it")
    }

    @Test("A store directory that links to nothing is refused, saying why")
    func aLinkToNothingIsRefused() async throws {
        let root = FileSystemFixtures.temporaryPath("dangling-directory")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystemFixtures.makeDirectory(root)
        try FileManager.default.createSymbolicLink(atPath: root + "/gatehouse", withDestinationPath: root + "/missing")
        let store = FileSessionDataStore(directory: root + "/gatehouse", coding: JSONSessionCoding())

        let error = await #expect(throws: SessionStoreError.self) { try await store.save(session) }

        #expect(error?.description.contains("symbolic link") == true, "\(String(describing: error))")
        #expect(store.takeNotices().map(\.kind) == [.refused])
    }

    @Test(
        "A store directory given as one relative name, not made yet, is read as empty (Foundation's NSString traps on it)"
    )
    func aRelativeNameNotMadeYetIsAbsent() async {
        let name = "gatehouse-store-\(UUID())"
        let store = FileSessionDataStore(directory: name, coding: JSONSessionCoding())
        #expect(store.directory == name)
        #expect(await store.read() == .absent)
        #expect(!FileManager.default.fileExists(atPath: name), "a read makes nothing")
    }
}

extension StoreOpeningTests {
    @Test("A backend's folder not made yet under a store directory that is a link is reached through the real one")
    func aFolderUnderALinkedRootIsResolved() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-root-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/real")
        let store = FileSessionDataStore(directory: root + "/link/http-0123456789abcdef", coding: JSONSessionCoding())

        // Re-pointed after the store was made: the write still goes where the link pointed then.
        try FileManager.default.removeItem(atPath: root + "/link")
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/elsewhere")
        try await store.save(
            UserSession(
                token: nil,
                cachedUser: CachedUser(
                    profile: .init(
                        id: "u", name: "Ana", email: "ana@example.com", cpf: "11144477735", active: true,
                        isDeleted: false),
                    syncedAt: Date(timeIntervalSinceReferenceDate: 0))))

        #expect(FileManager.default.fileExists(atPath: root + "/real/http-0123456789abcdef/session"))
        #expect(!FileManager.default.fileExists(atPath: root + "/elsewhere/http-0123456789abcdef"))
    }
}
