import Foundation
import Ports
import Testing
import SeededNumbers

/// `Duration.timeInterval` takes its own way from 128-bit attoseconds to a
/// double; it must give the very double the standard library's conversion
/// gives, bit for bit, or a token's expiry could move by an ulp.
@Suite("Duration in seconds")
struct DurationSecondsTests {
    /// The standard library's answer.
    private func expected(_ duration: Duration) -> TimeInterval {
        TimeInterval(duration.attoseconds) / 1e18
    }

    @Test("Edges: zero, one attosecond, around 2⁶³ and 2⁶⁴ attoseconds, whole seconds, both signs")
    func edges() {
        let attoseconds: [Int128] = [
            0, 1, -1, Int128(Int64.max), Int128(Int64.max) + 1, Int128(Int64.min), Int128(Int64.min) - 1,
            Int128(UInt64.max), Int128(UInt64.max) + 1, Int128(UInt64.max) + 1025, (1 << 100) + 1, -(1 << 100) - 1,
            Int128.max, Int128.min + 1,
        ]
        var durations = attoseconds.map(Self.duration)
        durations += [
            .seconds(1), .seconds(50), .seconds(3600), .seconds(-3600), .milliseconds(1500), .seconds(86_400 * 365),
        ]
        for duration in durations {
            #expect(duration.timeInterval.bitPattern == expected(duration).bitPattern, "\(duration)")
        }
    }

    @Test("200,000 seeded durations of every size give the standard library's double")
    func seeded() {
        var generator = SeededGenerator(seed: 0x5EED_D0A7)
        for _ in 0..<200_000 {
            // Every bit length from 1 to 126, so rounding is tried at every scale.
            let bits = Int.random(in: 1...126, using: &generator)
            let high = UInt64.random(in: 0...UInt64.max, using: &generator)
            let low = UInt64.random(in: 0...UInt64.max, using: &generator)
            let raw = (UInt128(high) << 64 | UInt128(low)) >> (128 - bits)
            let signed = Bool.random(using: &generator) ? -Int128(raw) : Int128(raw)
            let duration = Self.duration(signed)
            #expect(duration.timeInterval.bitPattern == expected(duration).bitPattern, "\(signed) attoseconds")
        }
    }

    private static func duration(_ attoseconds: Int128) -> Duration {
        Duration(attoseconds: attoseconds)
    }
}
