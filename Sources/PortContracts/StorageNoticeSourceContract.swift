public import Ports
public import Testing

/// A `StorageNoticeSource` handed to `StorageNoticeSourceContract`, and the
/// ways the checks reach its notices: only through the storage and the
/// adapter's own operations, as the app does.
public struct StorageNoticeSourceUnderTest: Sendable {
    /// The adapter under test.
    public let source: any StorageNoticeSource
    /// The test's own directory: the adapter's directory and whatever the
    /// steps plant beside it. The checks remove it when they end.
    public let root: String
    /// The adapter's directory, as the adapter names it in its notices.
    public let directory: String
    /// How many notices the adapter keeps until they are taken.
    public let bound: Int
    /// What no notice may say: the token stored beside the adapter, the PIN.
    public let secrets: [String]
    /// Makes the adapter find one thing wrong with its storage and deal with
    /// it in one of its own operations: one notice. Steps are taken in order
    /// from 0 (at most 60 in a run); the notice of step `n` contains the text
    /// returned, which no other step's notice of the run contains.
    public let provoke: @Sendable (_ step: Int) async throws -> String
    /// Opens the storage to others behind the adapter's back, with no
    /// operation of the adapter: what its next operation would repair.
    public let loosen: @Sendable () throws -> Void
    /// A new adapter of the same kind on `directory` (the next launch's, on
    /// the same directory), before any operation.
    public let makeOn: @Sendable (_ directory: String) -> any StorageNoticeSource

    /// - Parameters: as the properties say.
    public init(
        source: any StorageNoticeSource, root: String, directory: String, bound: Int, secrets: [String],
        provoke: @escaping @Sendable (_ step: Int) async throws -> String,
        loosen: @escaping @Sendable () throws -> Void,
        makeOn: @escaping @Sendable (_ directory: String) -> any StorageNoticeSource
    ) {
        self.source = source
        self.root = root
        self.directory = directory
        self.bound = bound
        self.secrets = secrets
        self.provoke = provoke
        self.loosen = loosen
        self.makeOn = makeOn
    }
}

/// The `StorageNoticeSource` port's contract (its doc comment), one promise
/// per case of `Promise`, checked on adapters a test target makes. Notices
/// come only from what the adapter really finds on disk and deals with in
/// its own operations (a directory or a file open to others, a file it sets
/// aside), provoked through `StorageNoticeSourceUnderTest.provoke`.
public enum StorageNoticeSourceContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Each notice is handed out once, oldest first.
        case eachNoticeOnceOldestFirst
        /// Past its bound a store keeps the oldest notices and drops the rest for good.
        case theOldestAreKeptUpToTheBound
        /// Taking notices touches no stored file or directory.
        case takingTouchesNothingStored
        /// No notice says a secret.
        case noNoticeSaysASecret

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .eachNoticeOnceOldestFirst: "each notice is handed out once, oldest first"
            case .theOldestAreKeptUpToTheBound:
                "past its bound a store keeps the oldest notices and drops the rest, for good; taking them makes room again"
            case .takingTouchesNothingStored:
                "taking notices touches no stored file or directory: nothing made, written, tightened, linked or removed"
            case .noNoticeSaysASecret: "no notice says a secret: not the token stored beside the adapter, not the PIN"
            }
        }
    }

    /// Checks `promise` on an adapter from `makeSource`, and removes its
    /// root afterwards. A broken promise is recorded as a test issue.
    public static func check(
        _ promise: Promise, on makeSource: @Sendable () async throws -> StorageNoticeSourceUnderTest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let sut = try await makeSource()
        defer { StorageSnapshot.remove(sut.root) }
        let checks = StorageNoticeChecks(sut: sut, sourceLocation: sourceLocation)
        switch promise {
        case .eachNoticeOnceOldestFirst: try await checks.eachNoticeOnceOldestFirst()
        case .theOldestAreKeptUpToTheBound: try await checks.theOldestAreKeptUpToTheBound()
        case .takingTouchesNothingStored: try await checks.takingTouchesNothingStored()
        case .noNoticeSaysASecret: try await checks.noNoticeSaysASecret()
        }
    }
}

/// The checks behind `StorageNoticeSourceContract`'s promises, on one adapter.
struct StorageNoticeChecks {
    let sut: StorageNoticeSourceUnderTest
    let sourceLocation: SourceLocation

    func eachNoticeOnceOldestFirst() async throws {
        try #require(sut.bound >= 4, "the check provokes four notices at once", sourceLocation: sourceLocation)
        var markers: [String] = []
        for step in 0..<4 { markers.append(try await sut.provoke(step)) }
        expect(sut.source.takeNotices(), toBe: markers)
        #expect(sut.source.takeNotices().isEmpty, "nothing is handed out twice", sourceLocation: sourceLocation)
        let later = try await sut.provoke(4)
        expect(sut.source.takeNotices(), toBe: [later])
        #expect(sut.source.takeNotices().isEmpty, sourceLocation: sourceLocation)
    }

    func theOldestAreKeptUpToTheBound() async throws {
        try #require(sut.bound >= 1, "a bound of at least one notice", sourceLocation: sourceLocation)
        let provoked = sut.bound + 4
        var markers: [String] = []
        for step in 0..<provoked { markers.append(try await sut.provoke(step)) }
        expect(sut.source.takeNotices(), toBe: Array(markers.prefix(sut.bound)))
        #expect(
            sut.source.takeNotices().isEmpty, "what was dropped is never handed out", sourceLocation: sourceLocation)
        let later = try await sut.provoke(provoked)
        expect(sut.source.takeNotices(), toBe: [later])
    }

    func takingTouchesNothingStored() async throws {
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
        #expect(taken.count == 3, sourceLocation: sourceLocation)
        #expect(changes.isEmpty, "taking notices changed the storage:\n\(changes)", sourceLocation: sourceLocation)
    }

    func noNoticeSaysASecret() async throws {
        try #require(
            !sut.secrets.isEmpty && !sut.secrets.contains(""), "the secrets stored beside the adapter",
            sourceLocation: sourceLocation)
        for step in 0..<sut.bound { _ = try await sut.provoke(step) }
        let notices = sut.source.takeNotices()
        #expect(notices.count == sut.bound, sourceLocation: sourceLocation)
        for notice in notices {
            // The paths are the test's own (a random name could hold four digits of a PIN by chance).
            let said = notice.description
                .replacingOccurrences(of: sut.directory, with: "<directory>")
                .replacingOccurrences(of: sut.root, with: "<root>")
            for secret in sut.secrets where said.contains(secret) {
                Issue.record(
                    "a notice says a secret: \(said.replacingOccurrences(of: secret, with: "<secret>"))",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// `notices` are one per marker, in their order, each saying its marker.
    private func expect(_ notices: [StorageNotice], toBe markers: [String]) {
        #expect(notices.count == markers.count, "\(notices)", sourceLocation: sourceLocation)
        for (index, (notice, marker)) in zip(notices, markers).enumerated() {
            #expect(
                notice.detail.contains(marker), "notice \(index) is \(notice), expected one saying \(marker)",
                sourceLocation: sourceLocation)
        }
    }
}
