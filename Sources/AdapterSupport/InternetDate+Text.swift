public import Foundation

/// Writes the contract's dates (`dateEvent`: `2024-02-01T08:15:17Z`, UTC,
/// whole seconds) by hand: an `ISO8601DateFormatter` costs about 110 µs to
/// build on Linux, and one per statement item made the statement list slow.
/// Writes what that formatter with `.withInternetDateTime` writes: the time
/// rounded to the millisecond, then its fraction dropped; years 1583 to 9999
/// (proleptic Gregorian; Foundation switches to the Julian calendar before
/// October 1582, a date the contract never holds).
extension InternetDate {
    /// `date` as the contract writes it: `2024-02-01T08:15:17Z`.
    public static func string(from date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = Int(floorDivide(milliseconds, by: 1000))
        let days = floorDivide(Double(seconds), by: 86_400)
        let secondOfDay = seconds - Int(days) * 86_400
        let (year, month, day) = civil(daysSinceEpoch: Int(days))
        var text = ""
        text.reserveCapacity(20)
        append(year, width: 4, to: &text)
        text.append("-")
        append(month, width: 2, to: &text)
        text.append("-")
        append(day, width: 2, to: &text)
        text.append("T")
        append(secondOfDay / 3600, width: 2, to: &text)
        text.append(":")
        append(secondOfDay / 60 % 60, width: 2, to: &text)
        text.append(":")
        append(secondOfDay % 60, width: 2, to: &text)
        text.append("Z")
        return text
    }

    private static func floorDivide(_ value: Double, by divisor: Double) -> Double {
        (value / divisor).rounded(.down)
    }

    private static func append(_ value: Int, width: Int, to text: inout String) {
        let digits = String(value)
        if digits.count < width { text.append(String(repeating: "0", count: width - digits.count)) }
        text.append(digits)
    }

    /// Year, month and day of a day counted from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    private static func civil(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = daysSinceEpoch + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
