import Foundation

/// The time zone the person reads times in: the one `TZ` names, else the
/// system's. Passed to the app, never read from inside it, so a test gives
/// its own and nothing sets the process environment.
enum PersonsTimeZone {
    /// The longest `TZ` looked up: the zone database's names are far shorter,
    /// and a variable from outside is read only within a bound.
    static let longestName = 64

    /// `TZ`'s zone (`America/Sao_Paulo`, `UTC`; a leading `:` as POSIX allows
    /// is dropped), or `system` when `TZ` is unset, empty, too long or names
    /// no zone. The system's is `autoupdatingCurrent`: the same zone, looked
    /// up when a time is first shown rather than at every launch (reading
    /// the system's zone was 1.3 M instructions of a launch to a welcome
    /// screen that shows no time).
    static func from(tz: String?, system: TimeZone = .autoupdatingCurrent) -> TimeZone {
        guard var name = tz, !name.isEmpty, name.utf8.count <= longestName else { return system }
        if name.hasPrefix(":") { name.removeFirst() }
        return TimeZone(identifier: name) ?? system
    }
}
