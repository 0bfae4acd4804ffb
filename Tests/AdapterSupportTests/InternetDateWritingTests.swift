import Foundation
import Testing

import AdapterSupport
import SeededNumbers

/// The hand-written date writer (the reference server's) writes exactly what Foundation's
/// `ISO8601DateFormatter` (`.withInternetDateTime`, UTC) writes.
@Suite("InternetDate writing")
struct InternetDateWritingTests {
    @Test(
        "on 20,000 instants from 1583 to 9999, whole seconds, milliseconds and below, it writes what Foundation writes")
    func agreesWithFoundation() {
        let foundation = ISO8601DateFormatter()
        foundation.formatOptions = [.withInternetDateTime]
        var generator = SeededGenerator(seed: 5)
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
            let written = InternetDate.string(from: date)
            if written != expected { disagreements.append("\(date.timeIntervalSince1970): \(written) ≠ \(expected)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test("the Cora seed's sample dates")
    func samples() {
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 1_706_775_317)) == "2024-02-01T08:15:17Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: 1_707_143_445)) == "2024-02-05T14:30:45Z")
        #expect(InternetDate.string(from: Date(timeIntervalSince1970: -1.5)) == "1969-12-31T23:59:58Z")
    }
}
