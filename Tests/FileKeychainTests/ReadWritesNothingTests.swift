import AdapterFileKeychain
import Foundation
import Ports
import Synchronization
import Testing

/// Issue 56, item 4, in part: a read of a session this process decoded
/// already runs no decoder and so leaves no decoding marker — what a call's
/// read and the ended-elsewhere watch's read every second meet. Bytes not
/// decoded before are decoded (with their marker) as ever.
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
