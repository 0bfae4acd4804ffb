import AdapterFileKeychain
import Foundation
import Ports
import Testing

/// Privacy of the file store: modes, repairs, and where the token ends up.
@Suite("File store permissions and secrets")
struct PermissionAndSecretTests {
    private let session = UserSession(
        token: SessionToken(
            token: AccessToken("f3a9c1d7e5b20468a1c3e5f7091b3d5f"), issuedAt: Date(timeIntervalSinceReferenceDate: 1),
            expiresAt: Date(timeIntervalSinceReferenceDate: 61)),
        cachedUser: CachedUser(
            profile: UserProfile(
                id: "1", name: "Maria Silva", email: "maria@example.com", cpf: "12345678909", active: true,
                isDeleted: false),
            syncedAt: Date(timeIntervalSinceReferenceDate: 1)))

    private func makeStore() -> FileSessionDataStore {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-perm-\(UUID().uuidString)/nested/gatehouse").path
        return FileSessionDataStore(directory: directory, coding: PropertyListSessionCoding())
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    @Test func theDirectoryIsCreated0700AndTheFile0600() async throws {
        let store = makeStore()
        try await store.save(session)
        #expect(try mode(store.directory) == 0o700)
        #expect(try mode(store.sessionPath) == 0o600)
        #expect(try mode(store.lockPath) == 0o600)
        #expect(store.problems.isEmpty)
    }

    @Test func aWorldReadableFileIsRepairedAndSaidSo() async throws {
        let store = makeStore()
        try await store.save(session)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.sessionPath)

        #expect(await store.read() == .found(session))

        #expect(try mode(store.sessionPath) == 0o600)
        #expect(store.problems.count == 1)
        #expect(store.problems.first?.contains("0600") == true)
    }

    @Test func anOpenDirectoryIsRepairedOnTheNextSaveAndSaidSo() async throws {
        let store = makeStore()
        try await store.save(session)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: store.directory)

        try await store.save(session)

        #expect(try mode(store.directory) == 0o700)
        #expect(store.problems.contains { $0.contains("0700") })
    }

    @Test func aSymbolicLinkInPlaceOfTheFileIsNotFollowed() async throws {
        let store = makeStore()
        try await store.save(session)
        let elsewhere = store.directory + "/elsewhere"
        try FileManager.default.moveItem(atPath: store.sessionPath, toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: store.sessionPath, withDestinationPath: elsewhere)

        guard case .unavailable = await store.read() else {
            Issue.record("a symbolic link was followed")
            return
        }
        #expect(FileManager.default.fileExists(atPath: elsewhere), "and nothing was deleted")
    }

    @Test func theTokenIsWrittenNowhereButTheSessionFile() async throws {
        let store = makeStore()
        for _ in 0..<5 { try await store.save(session) }
        try await store.delete()
        try await store.save(session)

        let raw = Data(session.token!.token.reveal().utf8)
        let files = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        #expect(files.sorted() == ["session", "session.lock"])
        for file in files {
            let contents = try Data(contentsOf: URL(fileURLWithPath: store.directory + "/" + file))
            #expect((contents.range(of: raw) != nil) == (file == "session"), "\(file)")
        }
    }

    @Test func descriptionsAndErrorsNeverShowTheToken() async throws {
        let store = makeStore()
        try await store.save(session)
        let secret = session.token!.token.reveal()
        try FileManager.default.removeItem(atPath: store.sessionPath)
        try FileManager.default.createDirectory(atPath: store.sessionPath, withIntermediateDirectories: false)

        let read = await store.read()
        #expect(!String(describing: read).contains(secret))
        do {
            try await store.save(session)
            Issue.record("a save over a directory should fail")
        } catch {
            #expect(!String(describing: error).contains(secret))
        }
        #expect(!String(describing: session).contains(secret))
        #expect(!store.problems.joined().contains(secret))
    }
}
