import AdapterFileKeychain
import Foundation
import OffThePool
import Ports
import Testing

import OperatingSystem

/// The file store against files that must not take the app down: a file
/// whose decoding kills the process, a FIFO, a huge file; and what happens
/// to the files it sets aside.
@Suite("File store against hostile files", .serialized)
struct HostileFileTests {
    private let session = UserSession(
        token: SessionToken(
            token: AccessToken("c0ffee7d5e2a4b6c8d0e1f2a3b4c5d6e"), issuedAt: Date(timeIntervalSinceReferenceDate: 1),
            expiresAt: Date(timeIntervalSinceReferenceDate: 61)),
        cachedUser: CachedUser(
            profile: UserProfile(
                id: "7", name: "Ana Lima", email: "ana@example.com", cpf: "12345678909", active: true,
                isDeleted: false),
            syncedAt: Date(timeIntervalSinceReferenceDate: 1)))

    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-hostile-\(UUID().uuidString)").path
    }

    private func entries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    private func setAsideNames(_ directory: String) throws -> [String] {
        try entries(directory).filter { $0.hasPrefix("session.corrupt-") }
    }

    /// Puts `data` at the session path as the store would have written it (0600 in 0700).
    private func plant(_ data: Data, in store: FileSessionDataStore) throws {
        try FileManager.default.createDirectory(
            atPath: store.directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try? FileManager.default.removeItem(atPath: store.sessionPath)
        let planted = FileManager.default.createFile(
            atPath: store.sessionPath, contents: data, attributes: [.posixPermissions: 0o600])
        try #require(planted)
    }

    // MARK: - A decoder that kills the process

    @Test("A process killed inside decode: the next read sets that file aside undecoded, once")
    func aFileWhoseDecodingKilledTheProcessIsSetAsideUnread() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        // A perfectly good session: only the child's decoder is deadly, so a
        // read that decodes it again would find it — the breaker must not.
        try await store.save(session)

        let child = try await offThePool { try StressChild.readKilledInsideDecode(directory: directory) }

        #expect(child == .killed(by: SIGKILL))
        #expect((await store.read()).isSetAside)
        #expect(try setAsideNames(directory) == ["session.corrupt-1"])
        #expect(store.problems.count == 1)
        #expect(store.problems.first?.contains("stopped") == true, "\(store.problems)")
        #expect(try entries(directory).allSatisfy { !$0.contains("decoding") }, "the marker is gone")
        // Once is enough: a second read has nothing left to do.
        #expect(await store.read() == .absent)
        #expect(store.problems.count == 1)
    }

    @Test("A marker left by a killed decode does not set aside a file saved since")
    func aMarkerForAnOlderFileIsDroppedWithoutHarm() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        try await store.save(session)
        _ = try await offThePool { try StressChild.readKilledInsideDecode(directory: directory) }

        try await store.save(CodingSamples.other)

        #expect(await store.read() == .found(CodingSamples.other))
        #expect(try setAsideNames(directory) == [])
        #expect(store.problems.isEmpty)
        #expect(try entries(directory).allSatisfy { !$0.contains("decoding") })
    }

    @Test("Many reads at once in one process never take each other for a crashed decode")
    func concurrentReadsSetNothingAside() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: PropertyListSessionCoding())
        try await store.save(session)

        let reads = await withTaskGroup(of: SessionRead.self) { group in
            for _ in 0..<64 { group.addTask { await store.read() } }
            return await group.reduce(into: [SessionRead]()) { $0.append($1) }
        }

        #expect(reads.count == 64)
        #expect(reads.allSatisfy { $0 == .found(session) })
        #expect(store.problems.isEmpty)
        // No marker left behind; the record of the decode (`DecodedSafelyRecord`) stays.
        #expect(try entries(directory) == ["session", "session.decoded", "session.lock"])
    }

    @Test("The 45-byte property list that crashes Foundation is refused before Foundation sees it")
    func thePropertyListThatCrashesFoundationIsSetAside() async throws {
        let deadly = try #require(
            Data(base64Encoded: "YnBsaXN0MDDBAdAICgAAAAAAAAEBAAAAAAAAAAIAAAAAAAAAAAAAAAAAAAAL"))
        #expect(deadly.count == 45)
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: PropertyListSessionCoding())
        try plant(deadly, in: store)

        #expect((await store.read()).isSetAside)
        #expect(try setAsideNames(directory) == ["session.corrupt-1"])
    }

    // MARK: - Not a regular file

    @Test("A FIFO at the session path: read returns at once, sets it aside, does not hang", .timeLimit(.minutes(1)))
    func aFIFOIsSetAsideWithoutHanging() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try #require(mkfifo(store.sessionPath, 0o600) == 0)

        // Should the read block in `open` after all, the time limit cancels
        // this test; opening the FIFO's other end then lets the read return,
        // so a hang ends as a failure instead of stalling the whole run.
        let read = await withTaskCancellationHandler {
            await store.read()
        } onCancel: {
            let writer = open(store.sessionPath, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }

        #expect(read.isSetAside)
        #expect(try setAsideNames(directory) == ["session.corrupt-1"])
        #expect(store.problems.first?.contains("not a regular file") == true, "\(store.problems)")
        try await store.save(session)
        #expect(await store.read() == .found(session))
    }

    @Test("A directory at the session path is not moved: it reads as unavailable")
    func aDirectoryStaysWhereItIs() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        try FileManager.default.createDirectory(atPath: store.sessionPath, withIntermediateDirectories: true)

        guard case .unavailable = await store.read() else {
            Issue.record("a directory at the session path should read as unavailable")
            return
        }
        #expect(try setAsideNames(directory) == [])
    }

    // MARK: - Size

    @Test("A 1 GiB sparse file is set aside unread, and a session padded past the limit is not read either")
    func aFileLargerThanTheLimitIsSetAsideUnread() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        try plant(Data(), in: store)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.sessionPath))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()

        #expect((await store.read()).isSetAside)
        #expect(try setAsideNames(directory) == ["session.corrupt-1"])
        #expect(store.problems.first?.contains("larger than") == true, "\(store.problems)")

        // A real session followed by whitespace JSON would accept: found
        // only if the file were read, so `.absent` proves it was not.
        var padded = try JSONSessionCoding().encode(session)
        padded.append(Data(repeating: UInt8(ascii: " "), count: FileSessionDataStore.maximumFileSize))
        #expect(try JSONSessionCoding().decode(padded) == session)
        try plant(padded, in: store)

        #expect((await store.read()).isSetAside)
        #expect(try setAsideNames(directory) == ["session.corrupt-1", "session.corrupt-2"])
    }

    @Test("A session of exactly the limit is still read")
    func aFileOfExactlyTheLimitIsRead() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        var padded = try JSONSessionCoding().encode(session)
        padded.append(Data(repeating: UInt8(ascii: " "), count: FileSessionDataStore.maximumFileSize - padded.count))
        try plant(padded, in: store)

        #expect(await store.read() == .found(session))
    }

    // MARK: - What was set aside

    @Test("Logout removes every set-aside file, which may hold an old token")
    func deleteRemovesEverySetAsideFile() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        let secret = Data(try #require(session.token).token.reveal().utf8)
        // A truncated session still holds the token in clear.
        let truncated = try JSONSessionCoding().encode(session).dropLast()
        try plant(Data(truncated), in: store)
        #expect((await store.read()).isSetAside)
        try plant(Data("garbage".utf8), in: store)
        #expect((await store.read()).isSetAside)
        try await store.save(session)
        #expect(try setAsideNames(directory).count == 2)

        try await store.delete()

        #expect(try setAsideNames(directory) == [])
        #expect(await store.read() == .absent)
        for name in try entries(directory) {
            let contents = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
            #expect(contents.range(of: secret) == nil, "\(name) still holds the token")
        }
    }

    @Test("Logout in a directory that forbids removing files empties the session in place: no token is left")
    func deleteInADirectoryThatForbidsUnlinkEmptiesTheFile() async throws {
        let directory = temporaryDirectory()
        defer {
            _ = FileSystemFixtures.setImmutable(directory, false)
            try? FileManager.default.removeItem(atPath: directory)
        }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        let secret = Data(try #require(session.token).token.reveal().utf8)
        try await store.save(session)
        // The immutable flag forbids unlink and rename in the directory even
        // for root, while the files in it stay writable: the case of a store
        // directory made read-only behind the app's back.
        try #require(
            FileSystemFixtures.setImmutable(directory, true),
            "the test needs a file system with the immutable flag (ext4)")

        try await store.delete()

        #expect(await store.read() == .absent)
        #expect(try entries(directory).contains("session"), "the file could not be removed…")
        for name in try entries(directory) {
            let contents = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
            #expect(contents.range(of: secret) == nil, "…but \(name) no longer holds the token")
        }
    }

    @Test("Logout with no session file still removes the set-aside files")
    func deleteWithoutASessionRemovesSetAsideFiles() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        try plant(Data("garbage".utf8), in: store)
        #expect((await store.read()).isSetAside)

        try await store.delete()

        #expect(try setAsideNames(directory) == [])
    }

    @Test("Only the newest three set-aside files are kept")
    func onlyTheNewestThreeSetAsideFilesAreKept() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())

        for index in 1...5 {
            try plant(Data("garbage \(index)".utf8), in: store)
            #expect((await store.read()).isSetAside)
        }

        let kept = try setAsideNames(directory)
        #expect(kept == ["session.corrupt-3", "session.corrupt-4", "session.corrupt-5"])
        let contents = try kept.map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
        #expect(contents == ["garbage 3", "garbage 4", "garbage 5"])
        #expect(store.problems.count == 5)
    }
}

/// Sessions other than the suite's own.
enum CodingSamples {
    static let other = UserSession(
        token: SessionToken(
            token: AccessToken("another-token-0123456789"), issuedAt: Date(timeIntervalSinceReferenceDate: 100),
            expiresAt: Date(timeIntervalSinceReferenceDate: 160)),
        cachedUser: nil)
}

extension SessionRead {
    /// Whether this read set a stored value aside.
    fileprivate var isSetAside: Bool {
        if case .setAside = self { return true }
        return false
    }
}
