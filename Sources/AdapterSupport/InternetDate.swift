public import Foundation

/// The contract's dates (`dateEvent`: RFC 3339, "ISO 8601, UTC" —
/// `2024-02-01T08:15:17Z`), read here and written in `InternetDate+Text`,
/// once for the HTTP adapters (which read them) and the reference server
/// (which writes them).
///
/// Reads them by hand: no `ISO8601DateFormatter`, which costs
/// about 110 µs to build on Linux and is not safe to share between threads.
///
/// Accepted: `YYYY-MM-DDTHH:MM:SS`, an optional fraction of 1 to 9 digits
/// after a `.`, then `Z` or an offset `+HH:MM` / `-HH:MM`; ASCII digits,
/// upper-case `T` and `Z`, every field in range (a day the month has, hour
/// 0–23, minute and second 0–59, offset below 24 hours). Everything else is
/// refused — including what Foundation's formatter lets through: 30 February,
/// 24:00, an offset without its colon or of 24 hours, trailing text.
/// A fraction is kept to the nanosecond (Foundation keeps milliseconds).
public enum InternetDate {
    /// The date `text` names, or nil if it is not one of the form above.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(Array($0)) }
    }

    private static func parse(_ bytes: [UInt8]) -> Date? {
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.take(UInt8(ascii: "-")),
            let month = reader.digits(2), reader.take(UInt8(ascii: "-")),
            let day = reader.digits(2), reader.take(UInt8(ascii: "T")),
            let hour = reader.digits(2), reader.take(UInt8(ascii: ":")),
            let minute = reader.digits(2), reader.take(UInt8(ascii: ":")),
            let second = reader.digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }

        var nanoseconds = 0
        if reader.take(UInt8(ascii: ".")) {
            var count = 0
            while count < 9, let digit = reader.digit() {
                nanoseconds = nanoseconds * 10 + digit
                count += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<9 { nanoseconds *= 10 }
        }

        let offsetSeconds: Int
        if reader.take(UInt8(ascii: "Z")) {
            offsetSeconds = 0
        } else {
            let sign: Int
            if reader.take(UInt8(ascii: "+")) {
                sign = 1
            } else if reader.take(UInt8(ascii: "-")) {
                sign = -1
            } else {
                return nil
            }
            guard let offsetHours = reader.digits(2), reader.take(UInt8(ascii: ":")),
                let offsetMinutes = reader.digits(2),
                offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard reader.isAtEnd else { return nil }

        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard
    /// Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                return nil
            }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}
