import Composition
import DomainCore

/// Reads the script language, one line at a time.
enum ScriptParser {
    static let screens = [
        "startup", "system-unavailable", "welcome", "sign-in", "sign-in-password", "sign-up", "dashboard", "statement",
        "entry-details", "profile", "related-users", "session-expired", "pin-lock", "security",
        "session-details", "sign-in-waiting",
    ]
    static let states = ["loading", "unauthenticated", "authenticated", "pin-locked", "session-expired"]
    static let healths = ["unknown", "healthy", "server-down", "offline"]
    static let commands = [
        "tap", "type", "open", "refresh", "background", "foreground", "wait", "relaunch", "server", "person", "store",
        "network", "expect",
    ]
    /// The words after `person`.
    static let personWords = ["signs-in", "denies", "answers-another-attempt", "confirms"]
    /// The words after `server`.
    static let serverWords = ["health", "user", "revoke", "fault", "clear-faults", "slows-down"]

    /// The words that end a script where they stand, as they end an
    /// interactive session: nothing after them is read.
    static let endWords = ["quit", "exit"]

    /// Whether `line` is `quit` or `exit` (a comment may follow).
    static func ends(_ line: String) -> Bool {
        endWords.contains(withoutComment(line).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The command on `line`; nil for a blank line or a comment. A `#` at the
    /// start of a line or after a space starts a comment (`wait 6m  # why`);
    /// one inside a word (`a#b`) is text.
    static func parse(_ line: String) throws(ScriptParseError) -> ScriptCommand? {
        let trimmed = withoutComment(line).trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        let (word, rest) = split(trimmed)
        switch word {
        case "tap":
            return .tap(try single(rest, usage: "tap ACTION"))
        case "type":
            let (field, text) = split(rest)
            guard !field.isEmpty else { throw ScriptParseError(.usage("type FIELD TEXT")) }
            return .type(field: field, text: text)
        case "open":
            guard let index = Int(rest), index >= 1 else { throw ScriptParseError(.usage("open N (N from 1)")) }
            return .open(index)
        case "refresh": return try bare(.refresh, rest, word)
        case "background": return try bare(.background, rest, word)
        case "foreground": return try bare(.foreground, rest, word)
        case "relaunch": return try bare(.relaunch, rest, word)
        case "wait":
            var (amount, condition) = split(rest)
            // Only `until …` after the duration is a condition; anything else is a bad duration.
            if !condition.isEmpty, !condition.hasPrefix("until ") { (amount, condition) = (rest, "") }
            var until: WaitCondition?
            if !condition.isEmpty {
                let (word, rest) = split(condition)
                let (kind, what) = split(rest)
                switch (word, kind) {
                case ("until", "screen") where !what.isEmpty && !what.contains(" "): until = .screen(what)
                case ("until", "text") where !what.isEmpty: until = .text(what)
                default:
                    throw ScriptParseError(.usage("wait DURATION [until screen NAME | until text TEXT]"))
                }
            }
            let duration = try duration(amount)
            guard duration <= longestWait else {
                throw ScriptParseError(.beyondLongestWait(amount))
            }
            return .wait(duration, until: until)
        case "server":
            return try server(rest)
        case "person":
            return try person(rest)
        case "store":
            guard let fault = StoreFault(rawValue: rest) else {
                throw ScriptParseError(.usage("store full|unavailable|ok"))
            }
            return .storeFault(fault)
        case "network":
            switch rest {
            case "off": return .network(connected: false)
            case "on": return .network(connected: true)
            default: throw ScriptParseError(.usage("network off|on"))
            }
        case "expect":
            return try expect(rest)
        default:
            throw ScriptParseError(.unknown(.command, word, among: commands + endWords))
        }
    }

    /// `500ms`, `61s`, `5m`, `1h`.
    /// The longest `wait`: a week, enough for any expiry, lock timeout or
    /// retry a script simulates. On virtual time every poll and refresh in
    /// the span runs one by one (a week of the default 15 s health poll is
    /// 40,320 of them), so a longer one is refused before anything runs.
    static let longestWait = Duration.seconds(7 * 24 * 3600)

    static func duration(_ text: String) throws(ScriptParseError) -> Duration {
        let units: [(String, (Int) -> Duration)] = [
            ("ms", { .milliseconds($0) }), ("s", { .seconds($0) }), ("m", { .seconds($0 * 60) }),
            ("h", { .seconds($0 * 3600) }),
        ]
        for (suffix, make) in units where text.hasSuffix(suffix) {
            if let amount = Int(text.dropLast(suffix.count)), amount >= 0, amount <= 100_000_000 { return make(amount) }
        }
        throw ScriptParseError(.notADuration(text))
    }

    private static func server(_ text: String) throws(ScriptParseError) -> ScriptCommand {
        let (word, rest) = split(text)
        switch word {
        case "health":
            switch rest {
            case "up": return .serverHealth(up: true)
            case "down": return .serverHealth(up: false)
            default: throw ScriptParseError(.usage("server health up|down"))
            }
        case "user":
            let (cpf, state) = split(rest)
            guard let parsed = ServerAccountState(rawValue: state), !cpf.isEmpty else {
                throw ScriptParseError(.usage("server user CPF active|inactive|deleted"))
            }
            return .serverUser(cpf: cpf, state: parsed)
        case "revoke":
            return try bare(.serverRevoke, rest, "server revoke")
        case "clear-faults":
            return try bare(.serverClearFaults, rest, "server clear-faults")
        case "slows-down":
            return try bare(.person(.serverSlowsDown), rest, "server slows-down")
        case "fault":
            return try fault(rest)
        default:
            throw ScriptParseError(.unknown(.serverCommand, word, among: serverWords))
        }
    }

    /// `person signs-in IDENTIFIER PASSWORD` (a CPF, digits or formatted, or
    /// an e-mail), `person denies`, `person answers-another-attempt`,
    /// `person confirms CPF|EMAIL`.
    private static func person(_ text: String) throws(ScriptParseError) -> ScriptCommand {
        let (word, rest) = split(text)
        switch word {
        case "signs-in":
            let (identifier, password) = split(rest)
            guard !identifier.isEmpty, !password.isEmpty, !password.contains(" ") else {
                throw ScriptParseError(.usage("person signs-in CPF|EMAIL PASSWORD"))
            }
            return .person(.signsIn(identifier: identifier, password: password))
        case "denies":
            return try bare(.person(.denies), rest, "person denies")
        case "answers-another-attempt":
            return try bare(.person(.answersForAnotherAttempt), rest, "person answers-another-attempt")
        case "confirms":
            guard !rest.isEmpty, !rest.contains(" ") else {
                throw ScriptParseError(.usage("person confirms CPF|EMAIL"))
            }
            return .person(.confirmsAccount(identifier: rest))
        default:
            throw ScriptParseError(.unknown(.personCommand, word, among: personWords))
        }
    }

    /// `server fault "GET /users/me" status 500 x1`, `… delay 2s`, `… drop`, `… malformed`, `… hang`.
    private static func fault(_ text: String) throws(ScriptParseError) -> ScriptCommand {
        let usage = "server fault \"METHOD /path\" status N|delay DURATION|drop|malformed|hang [xCOUNT]"
        var words: [String]
        if text.hasPrefix("\"") {
            let afterQuote = text.dropFirst()
            guard let close = afterQuote.firstIndex(of: "\"") else { throw ScriptParseError(.usage(usage)) }
            words = [String(afterQuote[..<close])]
            words += afterQuote[afterQuote.index(after: close)...].split(separator: " ").map(String.init)
        } else {
            let all = text.split(separator: " ").map(String.init)
            guard all.count >= 2 else { throw ScriptParseError(.usage(usage)) }
            words = [all[0] + " " + all[1]] + all.dropFirst(2)
        }
        var count = 1
        if let last = words.last, last.hasPrefix("x") {
            guard let parsed = Int(last.dropFirst()), parsed >= 1 else { throw ScriptParseError(.usage(usage)) }
            count = parsed
            words.removeLast()
        }
        guard words.count >= 2 else { throw ScriptParseError(.usage(usage)) }
        let route = words[0]
        let mode: ServerFaultMode
        switch (words[1], words.count) {
        case ("status", 3):
            guard let status = Int(words[2]), (400...599).contains(status) else {
                throw ScriptParseError(.faultStatus(usage: usage))
            }
            mode = .status(status)
        case ("delay", 3): mode = .delay(try duration(words[2]))
        case ("drop", 2): mode = .drop
        case ("malformed", 2): mode = .malformed
        case ("hang", 2): mode = .hang
        default: throw ScriptParseError(.usage(usage))
        }
        return .serverFault(route: route, mode: mode, count: count)
    }

    private static func expect(_ text: String) throws(ScriptParseError) -> ScriptCommand {
        let (word, rest) = split(text)
        switch word {
        case "screen":
            let screen = try single(rest, usage: "expect screen NAME")
            guard screens.contains(screen) else {
                throw ScriptParseError(.unknown(.screen, screen, among: screens))
            }
            return .expectScreen(screen)
        case "enabled": return .expectEnabled(try single(rest, usage: "expect enabled ACTION"))
        case "disabled": return .expectDisabled(try single(rest, usage: "expect disabled ACTION"))
        case "loading": return try bare(.expectLoading(true), rest, "expect loading")
        case "not-loading": return try bare(.expectLoading(false), rest, "expect not-loading")
        case "text":
            guard !rest.isEmpty else { throw ScriptParseError(.usage("expect text TEXT")) }
            return .expectText(rest)
        case "no-text":
            guard !rest.isEmpty else { throw ScriptParseError(.usage("expect no-text TEXT")) }
            return .expectNoText(rest)
        case "state":
            let state = try single(rest, usage: "expect state STATE")
            guard states.contains(state) else {
                throw ScriptParseError(.unknown(.state, state, among: states))
            }
            return .expectState(state)
        case "health":
            let health = try single(rest, usage: "expect health STATUS")
            guard healths.contains(health) else {
                throw ScriptParseError(.unknown(.health, health, among: healths))
            }
            return .expectHealth(health)
        case "stored-session": return .expectStoredSession(try yesNo(rest, usage: "expect stored-session yes|no"))
        case "local-data": return .expectLocalData(try yesNo(rest, usage: "expect local-data yes|no"))
        case "metric":
            // The name may hold spaces (`requests.GET /users/me`); OP and N are the last two words.
            let words = rest.split(separator: " ").map(String.init)
            let usage = "expect metric NAME ==|<=|>= N"
            guard words.count >= 3, let value = Int(words[words.count - 1]),
                let comparison = ScriptCommand.Comparison(rawValue: words[words.count - 2])
            else { throw ScriptParseError(.usage(usage)) }
            return .expectMetric(name: words.dropLast(2).joined(separator: " "), comparison: comparison, value: value)
        case "event":
            let words = rest.split(separator: " ").map(String.init)
            let usage = "expect event KIND [FIELD VALUE]..."
            guard let kind = words.first, words.count % 2 == 1 else { throw ScriptParseError(.usage(usage)) }
            guard SessionEvents.kindNames.contains(kind) else {
                throw ScriptParseError(.unknown(.event, kind, among: SessionEvents.kindNames))
            }
            var fields: [String: String] = [:]
            for index in stride(from: 1, to: words.count, by: 2) { fields[words[index]] = words[index + 1] }
            return .expectEvent(kind: kind, fields: fields)
        default:
            throw ScriptParseError(.unknown(.expectation, word, among: expectations))
        }
    }

    static let expectations = [
        "screen", "enabled", "disabled", "loading", "not-loading", "text", "no-text", "state", "health",
        "stored-session", "local-data", "metric", "event",
    ]

    /// `line` up to its comment, if it has one.
    static func withoutComment(_ line: String) -> String {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#", previous.isWhitespace { return String(line[..<index]) }
            previous = line[index]
        }
        return line
    }

    private static func split(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(of: " ") else { return (text, "") }
        return (String(text[..<space]), text[text.index(after: space)...].trimmingCharacters(in: .whitespaces))
    }

    private static func single(_ text: String, usage: String) throws(ScriptParseError) -> String {
        guard !text.isEmpty, !text.contains(" ") else { throw ScriptParseError(.usage(usage)) }
        return text
    }

    private static func bare(_ command: ScriptCommand, _ rest: String, _ usage: String) throws(ScriptParseError)
        -> ScriptCommand
    {
        guard rest.isEmpty else { throw ScriptParseError(.usageTakesNothingMore(usage)) }
        return command
    }

    private static func yesNo(_ text: String, usage: String) throws(ScriptParseError) -> Bool {
        switch text {
        case "yes": return true
        case "no": return false
        default: throw ScriptParseError(.usage(usage))
        }
    }
}
