import Foundation

extension SessionEvent {
    /// What the event says beyond its kind, as named fields in a fixed
    /// order: how records write it (`SessionEventEntry.jsonLine`), how a
    /// person reads it (`app events`) and what a script matches
    /// (`expect event session-ended reason revoked`). Every value is a raw
    /// value of an enum, or a whole number of milliseconds.
    public var fields: [(name: String, value: String)] {
        switch self {
        case .launched(let launch, let row):
            Self.fields(of: launch) + (row.map { [("row", String($0.number))] } ?? [])
        case .signedIn(let route): [("route", route.rawValue)]
        case .tokenRefreshed(let trigger, let lockWaited, let took):
            [
                ("trigger", trigger.rawValue), ("lock-waited-ms", Self.milliseconds(lockWaited)),
                ("took-ms", Self.milliseconds(took)),
            ]
        case .refreshFailed(let trigger, let failure): [("trigger", trigger.rawValue), ("reason", failure.rawValue)]
        case .sessionEnded(let reason): [("reason", reason.rawValue)]
        case .sessionExpired(let reason): [("reason", reason.rawValue)]
        case .storeProblem(let problem): [("problem", problem.rawValue)]
        case .healthChanged(let from, let to): [("from", from.rawValue), ("to", to.rawValue)]
        case .signInRefused(let failure): [("failure", failure.rawValue)]
        case .externalSignInEnded(let method, let end): [("method", method.rawValue), ("outcome", end.rawValue)]
        }
    }

    private static func fields(of launch: Launch) -> [(name: String, value: String)] {
        switch launch {
        case .noSession: [("opened", "no-session")]
        case .sessionRestored: [("opened", "session-restored")]
        case .sessionRestoredLocked: [("opened", "session-restored-locked")]
        case .sessionEnded(let reason): [("opened", "session-ended"), ("reason", reason.rawValue)]
        case .sessionExpired(let reason): [("opened", "session-expired"), ("reason", reason.rawValue)]
        }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }
}

extension SessionEventEntry {
    /// The entry as one line of JSON, no newline:
    /// `{"time":"2026-12-03T20:47:27.123Z","process":4242,"event":"session-ended","reason":"revoked"}`.
    /// The time is UTC to the millisecond; every other value is the event's
    /// own (`SessionEvent.fields`), escaped as JSON asks.
    public var jsonLine: String {
        var line = "{\"time\":\"\(Self.utc(time))\",\"process\":\(process),\"event\":\"\(event.kind.rawValue)\""
        for field in event.fields {
            line += ",\"\(Self.escaped(field.name))\":\"\(Self.escaped(field.value))\""
        }
        return line + "}"
    }

    /// `time` as ISO 8601 in UTC, to the millisecond.
    static func utc(_ time: Date) -> String {
        time.formatted(
            Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC") ?? .gmt))
    }

    /// JSON's string escaping: quotes, backslashes and control characters.
    private static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case _ where scalar.value < 0x20: output += String(format: "\\u%04x", scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
