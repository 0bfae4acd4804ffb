import Foundation
import Testing

@testable import ReferenceServer

/// The server's hand-written date writer writes exactly what Foundation's
/// `ISO8601DateFormatter` (`.withInternetDateTime`, UTC) writes.
@Suite("InternetDateText")
struct InternetDateTextTests {
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(
        "on 20,000 instants from 1583 to 9999, whole seconds, milliseconds and below, it writes what Foundation writes")
    func agreesWithFoundation() {
        let foundation = ISO8601DateFormatter()
        foundation.formatOptions = [.withInternetDateTime]
        var generator = SeededGenerator(state: 5)
        var disagreements: [String] = []
        for index in 0..<20_000 {
            let seconds = Double(Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator))
            let fraction: Double =
                switch index % 4 {
                case 0: 0
                case 1: Double(Int.random(in: 0..<1000, using: &generator)) / 1000
                case 2: Double.random(in: 0..<1, using: &generator)
                default: 0.9996
                }
            let date = Date(timeIntervalSince1970: seconds + fraction)
            let expected = foundation.string(from: date)
            let written = InternetDateText.string(from: date)
            if written != expected { disagreements.append("\(date.timeIntervalSince1970): \(written) ≠ \(expected)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test("the Cora seed's sample dates")
    func samples() {
        #expect(InternetDateText.string(from: Date(timeIntervalSince1970: 1_706_775_317)) == "2024-02-01T08:15:17Z")
        #expect(InternetDateText.string(from: Date(timeIntervalSince1970: 1_707_143_445)) == "2024-02-05T14:30:45Z")
        #expect(InternetDateText.string(from: Date(timeIntervalSince1970: -1.5)) == "1969-12-31T23:59:58Z")
    }
}
