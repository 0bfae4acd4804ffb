import AdapterFileKeychain
import Foundation
import Ports

/// A good session's read from the file keychain, as a launch or another
/// window meets it — a store made afresh for each read, so nothing of an
/// earlier decode is in memory — beside what the machine can do: the same
/// file read and decoded with no store at all (`Data(contentsOf:)`, the same
/// JSON coding). Alternating blocks, so the machine's noise hits both
/// alike. Then, informing only, the first read of bytes no process has
/// decoded before (just saved): the one read that leaves its crash marker.
struct StoreReadBench {
    let plan: BenchPlan

    /// A good session's read may cost at most this many plain reads + decodes.
    static let goalRatio = 2.0

    func run() async -> BenchScenarioReport {
        let reads = plan.quick ? 40 : 400
        let setup =
            "a session of the demo account in the file keychain (JSON), \(reads) reads each way in alternating "
            + "blocks, a store made afresh for each read; \(PINBench.buildName) build, real time"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-store-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let coding = JSONSessionCoding()
        let session = Self.session
        do {
            try await FileSessionDataStore(directory: directory, coding: coding).save(session)
        } catch {
            return BenchScenarioReport(
                scenario: "store", setup: setup, rows: [], failure: "the session could not be saved: \(error)")
        }
        let path = directory + "/session"
        var storeReads: [Double] = []
        var plainReads: [Double] = []
        // The first read after the save decodes under its marker and records the bytes: not timed here.
        guard await FileSessionDataStore(directory: directory, coding: coding).read() == .found(session) else {
            return BenchScenarioReport(
                scenario: "store", setup: setup, rows: [], failure: "the saved session was not read")
        }
        for _ in 0..<(reads / 10) {
            for _ in 0..<10 {
                let started = ContinuousClock.now
                let read = await FileSessionDataStore(directory: directory, coding: coding).read()
                storeReads.append((ContinuousClock.now - started).benchSeconds)
                guard read == .found(session) else {
                    return BenchScenarioReport(
                        scenario: "store", setup: setup, rows: [], failure: "a read answered \(read)")
                }
            }
            for _ in 0..<10 {
                let started = ContinuousClock.now
                let decoded = try? coding.decode(Data(contentsOf: URL(fileURLWithPath: path)))
                plainReads.append((ContinuousClock.now - started).benchSeconds)
                guard decoded == session else {
                    return BenchScenarioReport(
                        scenario: "store", setup: setup, rows: [], failure: "the plain read did not decode the session")
                }
            }
        }
        let store = BenchDistribution(storeReads)
        let plain = BenchDistribution(plainReads)
        let ratio = store.median / plain.median
        var rows = [
            BenchRow(
                label: "a good session's read", figures: BenchFormat.spread(store) + " · " + BenchFormat.ratio(ratio),
                goal: "≤ \(BenchFormat.ratio(Self.goalRatio)) a plain read + decode", met: ratio <= Self.goalRatio,
                numbers: ["medianSeconds": store.median, "ratioToPlain": ratio]),
            BenchRow(
                label: "a plain read + decode of the file, beside it", figures: BenchFormat.spread(plain),
                numbers: ["medianSeconds": plain.median]),
        ]
        rows.append(await firstReadsOfNewBytes(directory: directory, coding: coding, count: max(5, reads / 20)))
        return BenchScenarioReport(scenario: "store", setup: setup, rows: rows)
    }

    /// A save, then a read by a fresh store: bytes no process decoded, read
    /// under their marker. Only the read is timed.
    private func firstReadsOfNewBytes(directory: String, coding: JSONSessionCoding, count: Int) async -> BenchRow {
        var seconds: [Double] = []
        for index in 0..<count {
            var session = Self.session
            session.token?.expiresAt = Date(timeIntervalSinceReferenceDate: 1_000_000 + Double(index))
            try? await FileSessionDataStore(directory: directory, coding: coding).save(session)
            let started = ContinuousClock.now
            _ = await FileSessionDataStore(directory: directory, coding: coding).read()
            seconds.append((ContinuousClock.now - started).benchSeconds)
        }
        return BenchRow(
            label: "the first read of bytes just saved (its crash marker)",
            figures: BenchFormat.spread(BenchDistribution(seconds)),
            numbers: ["medianSeconds": BenchDistribution(seconds).median])
    }

    /// The demo account signed in, its profile kept: a session as the app stores one.
    static let session = UserSession(
        token: SessionToken(
            token: AccessToken("bench-access-token-0123456789"), issuedAt: Date(timeIntervalSinceReferenceDate: 0),
            expiresAt: Date(timeIntervalSinceReferenceDate: 3_600),
            refreshToken: RefreshToken("bench-refresh-token-0123456789")),
        cachedUser: CachedUser(
            profile: UserProfile(
                id: "1", name: "Maria Silva", email: "maria@example.com", cpf: "12345678909", active: true,
                isDeleted: false),
            syncedAt: Date(timeIntervalSinceReferenceDate: 0)))
}
