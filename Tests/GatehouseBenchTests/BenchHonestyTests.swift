import Testing

@testable import GatehouseBench

/// Issue 56, item 5: a figure the run cannot resolve — a difference that
/// comes out negative, or one within its noise — is printed as it is and
/// meets no goal; the bench used to clamp the lock's own cost to "0.00 ms"
/// and pass it.
@Suite("A bench figure that cannot flatter itself")
struct BenchHonestyTests {
    /// `count` samples around `center` seconds, spread ±`spread`.
    static func samples(around center: Double, spread: Double, count: Int = 40) -> BenchDistribution {
        BenchDistribution((0..<count).map { center - spread + 2 * spread * Double($0) / Double(count - 1) })
    }

    /// One run of K processes whose refreshing and plain calls took these medians.
    static func outcome(refreshing: Double, plain: Double, spread: Double) -> SharedStoreBench.Outcome {
        var outcome = SharedStoreBench.Outcome()
        outcome.refreshes = 2
        outcome.refreshingCalls = samples(around: refreshing, spread: spread)
        outcome.plainCalls = samples(around: plain, spread: spread)
        return outcome
    }

    static func lockRow(run: SharedStoreBench.Outcome, alone: SharedStoreBench.Outcome) throws -> BenchRow {
        let rows = SharedStoreBench.rows(run, processes: 4, lifetimes: 2, alone: alone)
        return try #require(rows.first { $0.label.hasSuffix("refreshing call") })
    }

    @Test("A lock cost that comes out negative is printed negative and falls short")
    func aNegativeCostFallsShort() throws {
        // Refreshing calls faster than plain ones at K = 4: the lock's "cost" is −2 ms.
        let row = try Self.lockRow(
            run: Self.outcome(refreshing: 0.010, plain: 0.012, spread: 0.0001),
            alone: Self.outcome(refreshing: 0.005, plain: 0.005, spread: 0.0001))
        #expect(row.figures.contains("the lock's own −2.00 ms (negative"), "\(row.figures)")
        #expect(row.verdict == .short)
        #expect(row.numbers["addedP50Seconds"].map { $0 < 0 } == true)
    }

    @Test("A lock cost within its noise is printed as such and falls short; one resolved under the goal passes")
    func aCostWithinTheNoiseFallsShort() throws {
        // 1 ms of cost measured with calls spread ±20 ms: not resolved.
        let noisy = try Self.lockRow(
            run: Self.outcome(refreshing: 0.031, plain: 0.030, spread: 0.020),
            alone: Self.outcome(refreshing: 0.005, plain: 0.005, spread: 0.020))
        #expect(noisy.figures.contains("(within the noise"), "\(noisy.figures)")
        #expect(noisy.verdict == .short)

        // The same 1 ms measured with calls spread ±0.1 ms: resolved, under the 5 ms goal.
        let clear = try Self.lockRow(
            run: Self.outcome(refreshing: 0.031, plain: 0.030, spread: 0.0001),
            alone: Self.outcome(refreshing: 0.005, plain: 0.005, spread: 0.0001))
        #expect(clear.figures.contains("the lock's own 1.00 ms (noise ±"), "\(clear.figures)")
        #expect(clear.verdict == .pass)
    }

    @Test("One sample tells nothing: its noise is unknown and the figure unresolved")
    func oneSampleIsUnresolved() {
        let one = BenchDistribution([0.004])
        #expect(one.medianNoise == .infinity)
        let figure = BenchFormat.difference(0.004, noise: BenchFormat.combinedNoise([one]))
        #expect(!figure.resolved)
        #expect(figure.text.contains("noise unknown"), "\(figure.text)")
    }
}
