import Foundation
public import Ports
public import Testing

/// A `SessionEventSink` under test, and how a test reads back what it kept.
public struct SessionEventSinkUnderTest: Sendable {
    /// The sink.
    public var sink: any SessionEventSink
    /// What the sink kept, as JSON lines (`SessionEventEntry.jsonLine`),
    /// oldest first, at most the last `count`.
    public var keptLines: @Sendable (_ count: Int) async throws -> [String]
    /// How many entries the sink keeps at most, when the test made it with
    /// a bound small enough to pass in a test; nil skips the bound's promise.
    public var bound: Int?
    /// Sinks of this adapter on storage that refuses every write (a
    /// directory that cannot be made or written, a full disk), each named:
    /// the capability of a sink that can fail. Empty for one that cannot (it
    /// keeps its entries in memory), which the failure's promise then says.
    public var failingStorages: [FailingStorage]

    /// - Parameters:
    ///   - sink: the sink.
    ///   - keptLines: what it kept, as JSON lines, oldest first.
    ///   - bound: its bound in entries, when small enough to test.
    ///   - failingStorages: the same adapter on storage that refuses
    ///     every write; empty for a sink that cannot fail.
    public init(
        sink: any SessionEventSink, keptLines: @escaping @Sendable (_ count: Int) async throws -> [String],
        bound: Int?, failingStorages: [FailingStorage] = []
    ) {
        self.sink = sink
        self.keptLines = keptLines
        self.bound = bound
        self.failingStorages = failingStorages
    }

    /// The sink made on storage that refuses every write, and what it said.
    public struct FailingStorage: Sendable {
        /// What the storage is ("a directory under a regular file").
        public var name: String
        /// Makes the sink on that storage: the sink, and the failures it
        /// said so far (what its `onFailure` was told).
        public var make: @Sendable () async throws -> FailingSink

        /// - Parameters:
        ///   - name: what the storage is.
        ///   - make: makes the sink on it.
        public init(name: String, make: @escaping @Sendable () async throws -> FailingSink) {
            self.name = name
            self.make = make
        }
    }

    /// A sink whose storage refuses every write, and the failures it said.
    public struct FailingSink: Sendable {
        /// The sink.
        public var sink: any SessionEventSink
        /// Every failure the sink said, in order.
        public var failuresSaid: @Sendable () -> [String]

        /// - Parameters:
        ///   - sink: the sink.
        ///   - failuresSaid: every failure it said, in order.
        public init(sink: any SessionEventSink, failuresSaid: @escaping @Sendable () -> [String]) {
            self.sink = sink
            self.failuresSaid = failuresSaid
        }
    }
}

/// The `SessionEventSink` port's contract (its doc comment, and
/// `SessionEvent`'s), one promise per case of `Promise`.
public enum SessionEventSinkContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// No event can hold a secret: a sample of every kind holds only enums and durations.
        case noEventCanHoldASecret
        /// An event of every kind is kept as the entry says, and nothing else.
        case everyKindIsKeptAsItIs
        /// Entries recorded one after another are kept in that order.
        case entriesAreKeptInOrder
        /// Past its bound, the sink drops the oldest entries and keeps the newest.
        case pastItsBoundTheOldestGo
        /// Storage that refuses every write is said once, with no event in
        /// it, and recording goes on returning: the app never stops for it.
        case aStorageFailureIsSaidOnce

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .noEventCanHoldASecret:
                "no event can hold a secret: a sample of every kind holds only enums and durations"
            case .everyKindIsKeptAsItIs: "an event of every kind is kept as the entry says, and nothing else"
            case .entriesAreKeptInOrder: "entries recorded one after another are kept in that order"
            case .pastItsBoundTheOldestGo: "past its bound, the sink drops the oldest entries and keeps the newest"
            case .aStorageFailureIsSaidOnce:
                "storage that refuses every write is said once, with no event in it, and recording goes on returning"
            }
        }
    }

    /// Checks `promise` on a sink from `makeSink`. A broken promise is
    /// recorded as a test issue.
    public static func check(
        _ promise: Promise, on makeSink: @Sendable () async throws -> SessionEventSinkUnderTest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let sut = try await makeSink()
        switch promise {
        case .noEventCanHoldASecret:
            for kind in SessionEvent.Kind.allCases {
                let sample = SessionEventSamples.sample(of: kind)
                #expect(sample.kind == kind, "the sample of \(kind.rawValue)", sourceLocation: sourceLocation)
                for (path, value) in SessionEventSamples.leaves(of: sample) {
                    #expect(
                        !(value is any RedactedSecret), "\(kind.rawValue): \(path) is a secret",
                        sourceLocation: sourceLocation)
                    #expect(
                        SessionEventSamples.isPlainValue(value),
                        "\(kind.rawValue): \(path) is a \(type(of: value)), not an enum of names or a duration",
                        sourceLocation: sourceLocation)
                }
            }
        case .everyKindIsKeptAsItIs:
            let entries = SessionEvent.Kind.allCases.enumerated().map { index, kind in
                SessionEventSamples.entry(SessionEventSamples.sample(of: kind), at: index)
            }
            for entry in entries { sut.sink.record(entry) }
            let kept = try await sut.keptLines(entries.count)
            #expect(kept == entries.map(\.jsonLine), sourceLocation: sourceLocation)
        case .entriesAreKeptInOrder:
            let entries = (0..<40).map { index in
                SessionEventSamples.entry(
                    .healthChanged(from: .healthy, to: index % 2 == 0 ? .offline : .healthy), at: index)
            }
            for entry in entries { sut.sink.record(entry) }
            #expect(try await sut.keptLines(entries.count) == entries.map(\.jsonLine), sourceLocation: sourceLocation)
        case .aStorageFailureIsSaidOnce:
            guard !sut.failingStorages.isEmpty else {
                Issue.record(
                    "does not apply: the sink under test states it cannot fail (no failing storage)",
                    severity: .warning, sourceLocation: sourceLocation)
                return
            }
            for storage in sut.failingStorages {
                let failing = try await storage.make()
                let entries = (0..<3).flatMap { round in
                    SessionEvent.Kind.allCases.enumerated().map { index, kind in
                        SessionEventSamples.entry(SessionEventSamples.sample(of: kind), at: round * 100 + index)
                    }
                }
                // Each call returning is the promise that the app never stops for it.
                for entry in entries { failing.sink.record(entry) }
                let said = failing.failuresSaid()
                #expect(said.count == 1, "\(storage.name): said \(said.count) times", sourceLocation: sourceLocation)
                for sentence in said {
                    #expect(!sentence.isEmpty, "\(storage.name): an empty sentence", sourceLocation: sourceLocation)
                    #expect(
                        !entries.contains { sentence.contains($0.jsonLine) }
                            && !sentence.contains(SessionEvent.Kind.externalSignInEnded.rawValue),
                        "\(storage.name): the failure quotes an event: \(sentence)", sourceLocation: sourceLocation)
                }
            }
        case .pastItsBoundTheOldestGo:
            guard let bound = sut.bound else {
                Issue.record(
                    "does not apply: the sink under test states no bound small enough to test",
                    severity: .warning, sourceLocation: sourceLocation)
                return
            }
            let entries = (0..<(bound * 2 + 3)).map { index in
                SessionEventSamples.entry(.sessionEnded(.loggedOut), at: index)
            }
            for entry in entries { sut.sink.record(entry) }
            let kept = try await sut.keptLines(entries.count)
            #expect(
                !kept.isEmpty && kept.count <= bound, "\(kept.count) kept of a bound of \(bound)",
                sourceLocation: sourceLocation)
            #expect(
                kept == entries.suffix(kept.count).map(\.jsonLine), "the newest are kept, in order",
                sourceLocation: sourceLocation)
        }
    }
}

/// A sample event of every kind, and what its fields are made of.
enum SessionEventSamples {
    /// An event of `kind`, with payloads a real one could have.
    static func sample(of kind: SessionEvent.Kind) -> SessionEvent {
        switch kind {
        case .launched: .launched(.sessionEnded(.storedSignInUnproved), row: .keptSignInUnproved)
        case .signedIn: .signedIn(.passwordByCPF)
        case .tokenRefreshed: .tokenRefreshed(.reactive, lockWaited: .milliseconds(1500), took: .milliseconds(42))
        case .refreshFailed: .refreshFailed(.proactive, .timedOut)
        case .sessionEnded: .sessionEnded(.endedElsewhere)
        case .sessionExpired: .sessionExpired(.pinAttemptsExhausted)
        case .storeProblem: .storeProblem(.notDeleted)
        case .healthChanged: .healthChanged(from: .healthy, to: .serverDown)
        case .signInRefused: .signInRefused(.identityNotProved)
        case .externalSignInEnded: .externalSignInEnded(.browser, .denied)
        }
    }

    /// An entry of `event`, its time a second apart for each `index`.
    static func entry(_ event: SessionEvent, at index: Int) -> SessionEventEntry {
        SessionEventEntry(
            time: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)), process: 4242, event: event)
    }

    /// Every leaf of `value`'s payload (what has no children of its own), by path.
    static func leaves(of value: Any, path: String = "event") -> [(String, Any)] {
        let mirror = Mirror(reflecting: value)
        if value is Duration || mirror.children.isEmpty { return [(path, value)] }
        return mirror.children.enumerated().flatMap { index, child in
            leaves(of: child.value, path: path + "." + (child.label ?? String(index)))
        }
    }

    /// Whether `value` is one of what events are made of: a name from an
    /// enum (a `String`-valued `RawRepresentable`) or a duration.
    static func isPlainValue(_ value: Any) -> Bool {
        if value is Duration { return true }
        guard let named = value as? any RawRepresentable else { return false }
        return named.rawValue is String
    }
}
