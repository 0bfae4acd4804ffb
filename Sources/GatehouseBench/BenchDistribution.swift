/// The spread of one measured quantity (seconds, requests per second, …):
/// the median, the 90th and the 99th percentile of its samples, by the
/// nearest-rank method (no interpolation: every figure is a sample that happened).
public struct BenchDistribution: Sendable, Codable, Hashable {
    public let median: Double
    public let p90: Double
    public let p99: Double
    /// The quartiles, for the median's noise (`medianNoise`).
    public let p25: Double
    public let p75: Double
    public let count: Int

    public init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        median = Self.rank(0.50, of: sorted)
        p90 = Self.rank(0.90, of: sorted)
        p99 = Self.rank(0.99, of: sorted)
        p25 = Self.rank(0.25, of: sorted)
        p75 = Self.rank(0.75, of: sorted)
    }

    /// How far the median could move by chance: its standard error,
    /// estimated from the spread of the samples (for samples roughly normal,
    /// σ ≈ IQR / 1.349, and the median's standard error ≈ 1.2533 σ / √n).
    /// Infinite with fewer than two samples: nothing can be told from one.
    public var medianNoise: Double {
        guard count >= 2 else { return .infinity }
        return 1.2533 * ((p75 - p25) / 1.349) / Double(count).squareRoot()
    }

    /// The nearest-rank percentile; 0 for no samples.
    private static func rank(_ fraction: Double, of sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let index = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(index, 0), sorted.count - 1)]
    }
}

extension Duration {
    /// The duration in seconds, as a plain number for statistics.
    var benchSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// Formats figures for the table: milliseconds with three significant
/// places, ratios with two decimals.
enum BenchFormat {
    static func milliseconds(_ seconds: Double) -> String {
        let ms = seconds * 1000
        if ms >= 100 { return "\(Int(ms.rounded())) ms" }
        if ms >= 10 { return fixed(ms, 1) + " ms" }
        return fixed(ms, 2) + " ms"
    }

    static func ratio(_ value: Double) -> String { fixed(value, 2) + "×" }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "—" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        // String(Double) writes 2.5 as "2.5" and 2.0 as "2.0": pad or trim to `decimals`.
        if decimals == 0 { return String(Int(rounded)) }
        if let dot = text.firstIndex(of: ".") {
            let have = text.distance(from: dot, to: text.endIndex) - 1
            if have < decimals { text += String(repeating: "0", count: decimals - have) }
        }
        return text
    }

    /// p50, p90 and p99 of durations in seconds.
    /// A difference of medians as measured, with its noise (`noise`, the
    /// combined standard error): printed negative when it is — never as
    /// zero — and saying so when it is within twice its noise, where the
    /// measurement cannot tell it from nothing. `resolved` is false for
    /// both: such a figure can meet no goal.
    static func difference(_ seconds: Double, noise: Double) -> (text: String, resolved: Bool) {
        let magnitude = milliseconds(abs(seconds))
        let noiseText = noise.isFinite ? "±" + milliseconds(2 * noise) : "unknown"
        if seconds < 0 {
            return ("−" + magnitude + " (negative: not a cost the run can show; noise \(noiseText))", false)
        }
        guard noise.isFinite else { return (magnitude + " (noise unknown: not resolved)", false) }
        guard seconds > 2 * noise else {
            return (magnitude + " (within the noise, \(noiseText): not resolved)", false)
        }
        return (magnitude + " (noise \(noiseText))", true)
    }

    /// The noise of a sum or difference of medians: their standard errors
    /// combined (the root of the sum of their squares).
    static func combinedNoise(_ distributions: [BenchDistribution]) -> Double {
        distributions.map { $0.medianNoise * $0.medianNoise }.reduce(0, +).squareRoot()
    }

    static func spread(_ distribution: BenchDistribution) -> String {
        "p50 \(milliseconds(distribution.median)) · p90 \(milliseconds(distribution.p90)) · p99 \(milliseconds(distribution.p99))"
    }
}
