public import Foundation
public import Ports

/// Dates and times per locale. Times are shown in the person's time zone
/// (the app passes it: `TZ`, else the system's; scripts run in UTC so their
/// expectations hold on every machine); written here rather than taken from
/// the platform's formatters, so every machine shows the same text for the
/// same zone.
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

    /// The time of day in `zone`: `08:15`.
    public static func time(_ date: Date, in zone: TimeZone) -> String {
        let components = calendar(in: zone).dateComponents([.hour, .minute], from: date)
        return "\(twoDigits(components.hour ?? 0)):\(twoDigits(components.minute ?? 0))"
    }

    /// The time of day in `zone` to the second: `14:03:15` (when the next
    /// automatic check comes).
    public static func clockTime(_ date: Date, in zone: TimeZone) -> String {
        let components = calendar(in: zone).dateComponents([.hour, .minute, .second], from: date)
        return [components.hour, components.minute, components.second].map { twoDigits($0 ?? 0) }
            .joined(separator: ":")
    }

    /// Day and time in `zone`: `01/02/2024 08:15` (pt-BR, UTC).
    public static func dayAndTime(_ date: Date, locale: AppLocale, in zone: TimeZone) -> String {
        let components = calendar(in: zone).dateComponents([.year, .month, .day], from: date)
        let isoDay = "\(components.year ?? 0)-\(twoDigits(components.month ?? 0))-\(twoDigits(components.day ?? 0))"
        return day(isoDay, locale: locale) + " " + time(date, in: zone)
    }

    private static func calendar(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
