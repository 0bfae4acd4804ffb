import Foundation
import Testing

import AdapterSupport
import SeededNumbers

/// The hand-written reader of the contract's dates agrees with Foundation's
/// `ISO8601DateFormatter` on everything that formatter writes, in UTC and in
/// the offsets RFC 3339 allows, with and without a fraction, and refuses what
/// is not a date — also what Foundation lets through.
@Suite("InternetDate reading")
struct InternetDateReadingTests {
    /// Whole milliseconds from 1583-01-01 to 9999-12-31 (Foundation writes
    /// the Julian calendar before October 1582, a date no contract holds).
    static func dates(count: Int, seed: UInt64) -> [Date] {
        var generator = SeededGenerator(seed: seed)
        let earliest = -12_212_553_600_000 as Int64  // 1583-01-01T00:00:00Z in ms
        let latest = 253_402_300_799_999 as Int64  // 9999-12-31T23:59:59.999Z in ms
        return (0..<count).map { _ in
            Date(timeIntervalSince1970: Double(Int64.random(in: earliest...latest, using: &generator)) / 1000)
        }
    }

    static func formatter(fractional: Bool, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions =
            fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        formatter.timeZone = timeZone
        return formatter
    }

    @Test(
        "what Foundation writes in UTC, with or without milliseconds, reads back as Foundation reads it",
        arguments: [false, true])
    func agreesWithFoundationInUTC(fractional: Bool) throws {
        let foundation = Self.formatter(fractional: fractional)
        var disagreements: [String] = []
        for date in Self.dates(count: 5_000, seed: fractional ? 7 : 3) {
            let text = foundation.string(from: date)
            let expected = try #require(foundation.date(from: text))
            guard let read = InternetDate.date(from: text), abs(read.timeIntervalSince(expected)) < 0.000_001 else {
                disagreements.append(text)
                continue
            }
        }
        #expect(disagreements.isEmpty)
    }

    @Test(
        "a date written with an offset of whole minutes (RFC 3339 has no seconds in offsets) reads as the same instant",
        arguments: [
            0, -3 * 3600, 5 * 3600 + 1800, 9 * 3600 + 2700, 14 * 3600, -12 * 3600, -(2 * 3600 + 30 * 60),
            13 * 3600 + 45 * 60,
        ])
    func agreesWithFoundationWithOffsets(secondsFromUTC: Int) throws {
        let zone = try #require(TimeZone(secondsFromGMT: secondsFromUTC))
        let foundation = Self.formatter(fractional: false, timeZone: zone)
        var disagreements: [String] = []
        for date in Self.dates(count: 1_000, seed: 11) {
            let text = foundation.string(from: date)
            let expected = try #require(foundation.date(from: text))
            if InternetDate.date(from: text) != expected { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty)
    }

    @Test("the contract's sample dates, and a fraction kept to the nanosecond")
    func samples() {
        #expect(InternetDate.date(from: "2024-02-01T08:15:17Z") == Date(timeIntervalSince1970: 1_706_775_317))
        #expect(InternetDate.date(from: "2024-02-05T14:30:45Z") == Date(timeIntervalSince1970: 1_707_143_445))
        #expect(InternetDate.date(from: "2024-02-01T05:15:17-03:00") == Date(timeIntervalSince1970: 1_706_775_317))
        #expect(InternetDate.date(from: "2024-02-01T08:15:17.5Z") == Date(timeIntervalSince1970: 1_706_775_317.5))
        let nanos = InternetDate.date(from: "1970-01-01T00:00:00.000000001Z")
        #expect(nanos == Date(timeIntervalSince1970: 0.000_000_001))
        #expect(InternetDate.date(from: "2024-02-29T00:00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
    }

    @Test(
        "what is not a date is refused, as Foundation refuses it",
        arguments: [
            "", "2024-02-01", "2024-02-01T08:15Z", "2024-02-01T08:15:17", "2024-02-01 08:15:17Z",
            "2024-02-01t08:15:17z", "2024-13-01T08:15:17Z", "2024-00-01T08:15:17Z", "2024-02-01T08:15:61Z",
            "2024-02-01T08:15:17.Z", "2024-02-01T08:15:17,5Z", "+2024-02-01T08:15:17Z", "not a date",
        ])
    func refusesWhatIsNoDate(text: String) {
        #expect(InternetDate.date(from: text) == nil)
        #expect(Self.formatter(fractional: false).date(from: text) == nil)
        #expect(Self.formatter(fractional: true).date(from: text) == nil)
    }

    @Test(
        "what Foundation lets through but RFC 3339 does not is refused too",
        arguments: [
            "2023-02-29T00:00:00Z", "2024-02-30T08:15:17Z", "2024-02-01T24:00:00Z", "2024-02-01T08:15:17+0200",
            "2024-02-01T08:15:17+02", "2024-02-01T08:15:17+24:00", "2024-02-01T08:15:17+00:60", "2024-02-01T08:15:17Z ",
            "2024-2-01T08:15:17Z", "2024-02-01T08:15:17GMT", "９９９９-02-01T08:15:17Z", "2024-02-01T08:15:17+02:0",
            "2024-02-01T08:15:17.123456789123Z",
        ])
    func refusesWhatFoundationIsLenientAbout(text: String) {
        let foundationAccepts =
            Self.formatter(fractional: false).date(from: text) != nil
            || Self.formatter(fractional: true).date(from: text) != nil
        #expect(foundationAccepts, "Foundation accepts it")
        #expect(InternetDate.date(from: text) == nil)
    }
}
