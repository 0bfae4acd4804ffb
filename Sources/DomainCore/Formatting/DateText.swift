public import Foundation
public import Ports

/// Dates and times per locale. Times are shown in UTC, the zone the backend
/// speaks (`dateEvent` is ISO 8601 UTC), and say so; written here rather than
/// taken from the platform, so every machine shows the same text.
public enum DateText {
    /// A statement section's `YYYY-MM-DD`: `01/02/2024` (pt-BR, es-ES),
    /// `02/01/2024` (en-US). Anything else is shown as it came.
    public static func day(_ isoDay: String, locale: AppLocale) -> String {
        let parts = isoDay.split(separator: "-")
        guard parts.count == 3, parts.allSatisfy({ Int($0) != nil }) else { return isoDay }
        let (year, month, day) = (parts[0], parts[1], parts[2])
        switch locale.dayOrder {
        case .dayMonthYear: return "\(day)/\(month)/\(year)"
        case .monthDayYear: return "\(month)/\(day)/\(year)"
        }
    }

    /// The time of day in UTC: `08:15 UTC`.
    public static func time(_ date: Date) -> String {
        let components = utc.dateComponents([.hour, .minute], from: date)
        return "\(twoDigits(components.hour ?? 0)):\(twoDigits(components.minute ?? 0)) UTC"
    }

    /// Day and time: `01/02/2024 08:15 UTC` (pt-BR).
    public static func dayAndTime(_ date: Date, locale: AppLocale) -> String {
        let components = utc.dateComponents([.year, .month, .day], from: date)
        let isoDay = "\(components.year ?? 0)-\(twoDigits(components.month ?? 0))-\(twoDigits(components.day ?? 0))"
        return day(isoDay, locale: locale) + " " + time(date)
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
