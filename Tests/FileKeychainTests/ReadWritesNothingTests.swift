import AdapterFileKeychain
import Foundation
import OffThePool
import OperatingSystem
import Ports
import Synchronization
import Testing

/// Issue 56, item 4: a read of a session this process decoded already runs
/// no decoder and so leaves no decoding marker — what a call's read and the
/// ended-elsewhere watch's read every second meet; and a read of a good
/// session another process (or an earlier launch) decoded already writes
/// nothing and takes no lock either (`DecodedSafelyRecord`). Bytes no
/// process decoded before are decoded with their marker, as ever.
@Suite("A read of an unchanged session")
struct ReadWritesNothingTests {
    @Test("The same bytes are decoded once; new bytes — saved here or planted from outside — are decoded again")
    func unchangedBytesAreNotDecodedAgain() async throws {
        let directory = FileSystemFixtures.temporaryPath("read-once")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let coding = CountingCoding()
        let store = FileSessionDataStore(directory: directory, coding: coding)
        try await store.save(CodingSamples.other)

        for _ in 1...5 { #expect(await store.read() == .found(CodingSamples.other)) }
        #expect(coding.decodes == 1, "five reads of one file, one decode")

        var changed = CodingSamples.other
        changed.token?.expiresAt = Date(timeIntervalSinceReferenceDate: 999)
        try await store.save(changed)
        #expect(await store.read() == .found(changed))
        #expect(await store.read() == .found(changed))
        #expect(coding.decodes == 2, "a save's new bytes are decoded once")

        // Another process writes the first session back: other bytes than the last decoded.
        try FileSystemFixtures.plantFile(store.sessionPath, try JSONSessionCoding().encode(CodingSamples.other))
        #expect(await store.read() == .found(CodingSamples.other))
        #expect(coding.decodes == 3)

        try await store.delete()
        #expect(await store.read() == .absent, "a removed file is not read from memory")
    }
}

extension ReadWritesNothingTests {
    /// What a read could change in the store's directory: its entries, each
    /// one's identity, and the directory's own times (a file made, renamed
    /// or removed, even for a moment — a decoding marker — moves them).
    static func footprint(of directory: String) throws -> [String] {
        let names = try FileSystemFixtures.entries(directory).sorted()
        return try ([directory] + names.map { directory + "/" + $0 }).map { path in
            var info = stat()
            guard lstat(path, &info) == 0 else { throw CocoaError(.fileReadUnknown) }
            let modified = Platform.modificationTime(of: info)
            let changed = Platform.statusChangeTime(of: info)
            return "\(path) \(info.st_ino) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) "
                + "\(changed.tv_sec).\(changed.tv_nsec)"
        }
    }

    @Test(
        "A good session another process decoded already is read with nothing written: no marker, no record, no lock, no sweep"
    )
    func aGoodSessionDecodedElsewhereIsReadWritingNothing() async throws {
        let directory = FileSystemFixtures.temporaryPath("read-writes-nothing")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await FileSessionDataStore(directory: directory, coding: JSONSessionCoding()).save(CodingSamples.other)
        // The first reader of the saved bytes decodes them under a marker and records them.
        #expect(
            await FileSessionDataStore(directory: directory, coding: JSONSessionCoding()).read()
                == .found(CodingSamples.other))
        #expect(FileManager.default.fileExists(atPath: directory + "/session.decoded"))
        // And what a save killed mid-way leaves: removing it would take the
        // lock, so a read leaves it to the next save.
        try FileSystemFixtures.plantFile(
            directory + "/.session.tmp-4242-17", try JSONSessionCoding().encode(CodingSamples.other))

        let before = try Self.footprint(of: directory)
        // Each store is another process's (or a later launch's) view: nothing decoded in it yet.
        for _ in 1...3 {
            let coding = CountingCoding()
            #expect(
                await FileSessionDataStore(directory: directory, coding: coding).read() == .found(CodingSamples.other))
            #expect(coding.decodes == 1, "it did decode the file")
        }
        #expect(try Self.footprint(of: directory) == before, "a read made, moved or removed a file")
    }

    @Test("A record that names another file, another coding or nothing whole spares no marker")
    func aRecordSparesOnlyItsOwnFile() async throws {
        let directory = FileSystemFixtures.temporaryPath("record-names")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = FileSessionDataStore(directory: directory, coding: JSONSessionCoding())
        try await store.save(CodingSamples.other)
        #expect(
            await FileSessionDataStore(directory: directory, coding: JSONSessionCoding()).read()
                == .found(CodingSamples.other))
        let recorded = try String(contentsOfFile: directory + "/session.decoded", encoding: .utf8)

        let otherFormat = recorded.replacingOccurrences(of: " \(JSONSessionCoding().formatName) ", with: " plist ")
        let otherFile = "1 " + recorded
        for planted in [otherFormat, otherFile, String(recorded.dropLast(3)), ""] {
            try FileSystemFixtures.plantFile(directory + "/session.decoded", Data(planted.utf8))
            let before = try Self.footprint(of: directory)
            #expect(
                await FileSessionDataStore(directory: directory, coding: JSONSessionCoding()).read()
                    == .found(CodingSamples.other))
            #expect(
                try Self.footprint(of: directory) != before,
                "a record naming \(planted.debugDescription) spared the marker")
        }
        // A save makes new bytes: the record names the old file, and the next reader marks its decode again.
        var changed = CodingSamples.other
        changed.token?.expiresAt = Date(timeIntervalSinceReferenceDate: 999)
        try await store.save(changed)
        let afterSave = try Self.footprint(of: directory)
        #expect(await FileSessionDataStore(directory: directory, coding: JSONSessionCoding()).read() == .found(changed))
        #expect(try Self.footprint(of: directory) != afterSave)

        try await store.delete()
        #expect(!FileManager.default.fileExists(atPath: directory + "/session.decoded"), "logout leaves the record")
    }
}

/// The JSON coding, counting its decodes.
private final class CountingCoding: SessionCoding {
    private let json = JSONSessionCoding()
    private let count = Mutex(0)

    var formatName: String { json.formatName }
    var formatVersion: Int { json.formatVersion }
    var decodes: Int { count.withLock { $0 } }

    func encode(_ session: UserSession) throws(SessionCodingError) -> Data { try json.encode(session) }

    func decode(_ data: Data) throws(SessionCodingError) -> UserSession {
        count.withLock { $0 += 1 }
        return try json.decode(data)
    }
}

/// Issue 56, item 4, seen from the kernel's side: a good session's read in
/// a process of its own, traced by `strace`, makes no fsync, takes no lock
/// and creates, renames or removes nothing in the store's directory. Under
/// `CI=true` `strace` must be there (`.ci/run` installs it); elsewhere, a
/// machine without it skips the test, saying so.
@Suite("A good session's read, traced")
struct TracedReadTests {
    static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The calls that would write, sync, lock or move something.
    static let traced =
        "fsync,fdatasync,sync_file_range,flock,fcntl,rename,renameat,renameat2,unlink,unlinkat,openat,creat,mkdir,mkdirat"

    @Test(
        "A read in another process makes no fsync, takes no lock and writes nothing in the store",
        .enabled(if: strace != nil || required, "strace is not installed (apt-get install strace)"))
    func aTracedReadWritesNothing() async throws {
        let strace = try #require(Self.strace, "CI=true, and strace is not installed: .ci/run installs it")
        let directory = FileSystemFixtures.temporaryPath("traced-read")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await FileSessionDataStore(directory: directory, coding: JSONSessionCoding()).save(CodingSamples.other)
        // The first reader decodes the saved bytes under a marker and records them.
        #expect(
            await FileSessionDataStore(directory: directory, coding: JSONSessionCoding()).read()
                == .found(CodingSamples.other))
        // A killed save's leftover beside it is the next save's to remove, under the lock: not the read's.
        try FileSystemFixtures.plantFile(
            directory + "/.session.tmp-4242-17", try JSONSessionCoding().encode(CodingSamples.other))
        let trace = directory + ".trace"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let output = directory + ".out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        // LeakSanitizer cannot run under ptrace: a child built with
        // AddressSanitizer (.ci/sanitizers) runs without it here; its
        // leaks are the other tests' to find.
        var variables = ProcessInfo.processInfo.environment
        variables["ASAN_OPTIONS"] = (variables["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        let started = Platform.spawn(
            strace,
            arguments: [
                "-f", "-qq", "-e", "trace=\(Self.traced)", "-o", trace, StressChild.executable, "--read", directory,
            ],
            environment: variables.map { "\($0.key)=\($0.value)" }, output: .createdFile(output))
        let pid: pid_t
        switch started {
        case .success(let started): pid = started
        case .failure(let failure): throw failure
        }
        let status = try await offThePool { () -> Int32 in
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            return status
        }
        #expect(status == 0, "strace or the read failed: \(status)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "found\n")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(calls.contains { $0.contains(directory + "/session") }, "the trace shows the read: \(calls)")
        for call in calls {
            let syscall = call.drop { $0.isNumber || $0 == " " }.prefix { $0 != "(" }
            switch syscall {
            case "fsync", "fdatasync", "sync_file_range", "flock":
                Issue.record("the read called \(call)")
            case "fcntl" where call.contains("F_SETLK") || call.contains("F_OFD_SETLK"):
                Issue.record("the read took a lock: \(call)")
            case "rename", "renameat", "renameat2", "unlink", "unlinkat", "mkdir", "mkdirat", "creat":
                // One that failed changed nothing.
                #expect(!call.contains(directory) || call.contains("= -1 "), "the read changed the store: \(call)")
            case "openat" where call.contains(directory):
                #expect(
                    !call.contains("O_WRONLY") && !call.contains("O_RDWR") && !call.contains("O_CREAT"),
                    "the read opened a store file to write: \(call)")
            default:
                break
            }
        }
    }
}
