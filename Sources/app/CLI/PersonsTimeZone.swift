import Foundation

/// The time zone the person reads times in: the one `TZ` names, else the
/// system's. Passed to the app, never read from inside it, so a test gives
/// its own and nothing sets the process environment.
enum PersonsTimeZone {
    /// `TZ`'s zone (`America/Sao_Paulo`, `UTC`; a leading `:` as POSIX allows
    /// is dropped), or `system` when `TZ` is unset, empty or names no zone.
    static func from(tz: String?, system: TimeZone = .current) -> TimeZone {
        guard var name = tz, !name.isEmpty else { return system }
        if name.hasPrefix(":") { name.removeFirst() }
        return TimeZone(identifier: name) ?? system
    }
}
