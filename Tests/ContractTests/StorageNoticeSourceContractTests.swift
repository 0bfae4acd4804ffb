import Foundation
import Ports
import Testing

/// The `StorageNoticeSource` contract (see the port's doc comment), run
/// against every adapter in `NoticeSourceFactory.all`. Notices come only from
/// what each adapter really finds on disk and deals with in its own
/// operations (a directory or a file open to others, a file it sets aside).
@Suite("StorageNoticeSource contract")
struct StorageNoticeSourceContractTests {
    @Test("each notice is handed out once, oldest first", arguments: NoticeSourceFactory.all)
    func eachNoticeOnceOldestFirst(_ factory: NoticeSourceFactory) async throws {
        let sut = try await factory.make()
        defer { sut.tearDown() }
        try #require(sut.bound >= 4, "the test provokes four notices at once")
        var markers: [String] = []
        for step in 0..<4 { markers.append(try await sut.provoke(step)) }

        expect(sut.source.takeNotices(), toBe: markers)
        #expect(sut.source.takeNotices().isEmpty, "nothing is handed out twice")

        let later = try await sut.provoke(4)
        expect(sut.source.takeNotices(), toBe: [later])
        #expect(sut.source.takeNotices().isEmpty)
    }

    @Test(
        "past its bound a store keeps the oldest notices and drops the rest, for good; taking them makes room again",
        arguments: NoticeSourceFactory.all)
    func theOldestAreKeptUpToTheBound(_ factory: NoticeSourceFactory) async throws {
        let sut = try await factory.make()
        defer { sut.tearDown() }
        try #require(sut.bound >= 1)
        let provoked = sut.bound + 4
        var markers: [String] = []
        for step in 0..<provoked { markers.append(try await sut.provoke(step)) }

        expect(sut.source.takeNotices(), toBe: Array(markers.prefix(sut.bound)))
        #expect(sut.source.takeNotices().isEmpty, "what was dropped is never handed out")

        let later = try await sut.provoke(provoked)
        expect(sut.source.takeNotices(), toBe: [later])
    }

    @Test(
        "taking notices touches no stored file or directory: nothing made, written, tightened, linked or removed",
        arguments: NoticeSourceFactory.all)
    func takingTouchesNothingStored(_ factory: NoticeSourceFactory) async throws {
        let sut = try await factory.make()
        defer { sut.tearDown() }
        for step in 0..<3 { _ = try await sut.provoke(step) }
        // Open to others again: an adapter that repaired while its notices
        // were taken would show here.
        try sut.loosen()
        // The next launch's adapter, before its first operation, and one whose directory is not made yet.
        let next = sut.makeOn(sut.directory)
        let unmade = sut.makeOn(sut.root + "/not-made-yet/store")
        try StorageSnapshot.age(sut.root)
        let before = try StorageSnapshot.of(sut.root)

        let taken = sut.source.takeNotices()
        _ = sut.source.takeNotices()
        _ = next.takeNotices()
        _ = unmade.takeNotices()

        let changes = before.changes(to: try StorageSnapshot.of(sut.root))
        #expect(taken.count == 3)
        #expect(changes.isEmpty, "taking notices changed the storage:\n\(changes)")
    }

    @Test(
        "no notice says a secret: not the token stored beside the adapter, not the PIN",
        arguments: NoticeSourceFactory.all)
    func noNoticeSaysASecret(_ factory: NoticeSourceFactory) async throws {
        let sut = try await factory.make()
        defer { sut.tearDown() }
        try #require(!sut.secrets.isEmpty && !sut.secrets.contains(""))
        for step in 0..<sut.bound { _ = try await sut.provoke(step) }

        let notices = sut.source.takeNotices()

        #expect(notices.count == sut.bound)
        for notice in notices {
            // The paths are the test's own (a random name could hold four digits of a PIN by chance).
            let said = notice.description
                .replacingOccurrences(of: sut.directory, with: "<directory>")
                .replacingOccurrences(of: sut.root, with: "<root>")
            for secret in sut.secrets where said.contains(secret) {
                Issue.record("a notice says a secret: \(said.replacingOccurrences(of: secret, with: "<secret>"))")
            }
        }
    }

    /// `notices` are one per marker, in their order, each saying its marker.
    private func expect(
        _ notices: [StorageNotice], toBe markers: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(notices.count == markers.count, "\(notices)", sourceLocation: sourceLocation)
        for (index, (notice, marker)) in zip(notices, markers).enumerated() {
            #expect(
                notice.detail.contains(marker), "notice \(index) is \(notice), expected one saying \(marker)",
                sourceLocation: sourceLocation)
        }
    }
}
