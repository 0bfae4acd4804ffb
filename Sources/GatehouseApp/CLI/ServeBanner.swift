import Composition
import CompositionTesting

/// What `app serve` prints: the banner before it serves, and one line per
/// request after. The banner names the demo accounts with their passwords
/// and, when the server uses it, the development key — public demo data, the
/// same in every copy of the repository. A key from the environment or a
/// file is never printed, only where it came from. A request's line has the
/// method, the path, the status and the time taken: never a header or a body.
enum ServeBanner {
    static func lines(
        baseURL: String, options: ServeOptions, apiKey: String, virtualClock: Bool,
        accounts: [StandaloneServer.SeededAccount] = StandaloneServer.demoAccounts
    ) -> [String] {
        var lines = ["Gatehouse reference server on \(baseURL)\(virtualClock ? " (virtual clock)" : "")"]
        // The Cora profile signs in by CPF only: the banner must not promise the e-mail.
        lines.append(
            options.profile.signsInByEmail
                ? "demo accounts (public demo data; sign in with the CPF or the e-mail):"
                : "demo accounts (public demo data; sign in with the CPF only: this profile takes no e-mail):")
        let nameWidth = accounts.map(\.name.count).max() ?? 0
        let emailWidth = accounts.map(\.email.count).max() ?? 0
        for account in accounts {
            lines.append(
                "  \(pad(account.name, nameWidth))  CPF \(formattedCPF(account.cpf))  \(pad(account.email, emailWidth))"
                    + "  password \(account.password)  (\(account.state))")
        }
        lines.append("profile \(options.profile): \(options.profile.routes.joined(separator: ", "))")
        if apiKey == ServeOptions.developmentKey {
            lines.append(
                "API key: the development key '\(ServeOptions.developmentKey)' (header apikey); from \(options.apiKeyOrigin)"
            )
        } else {
            lines.append("API key: from \(options.apiKeyOrigin) (not shown)")
        }
        lines.append("One line per request follows (method, path, status, time). Ctrl-C stops.")
        return lines
    }

    /// The banner of a dialect's stand-in (`--profile firebase|supabase`):
    /// what is served where, the demo accounts by e-mail (neither backend
    /// keeps a CPF), where the keys come from (never a key but the public
    /// development key), and where the environment file to try is.
    static func lines(
        standIn: DialectStandInServer, options: ServeOptions, referenceKey: String,
        accounts: [StandaloneServer.SeededAccount] = StandaloneServer.demoAccounts
    ) -> [String] {
        guard let dialect = options.dialect else { return [] }
        var lines = standIn.services.map { "\($0.name) on \($0.url)" }
        lines.append("demo accounts (public demo data; sign in with the e-mail: this backend keeps no CPF):")
        lines += byEmail(accounts)
        lines.append("a password has six characters at least, as \(dialect) judges it")
        lines.append("\(dialect.keyName): from \(options.apiKeyOrigin) (not shown)")
        if dialect == .firebase {
            lines.append(
                referenceKey == ServeOptions.developmentKey
                    ? "the reference server's API key: the development key '\(ServeOptions.developmentKey)'"
                    : "the reference server's API key: from \(ServeOptions.standardKeyVariable) (not shown)")
        }
        lines.append("Try it with the environment file of docs/environments.md, \"\(dialect.guideSection)\".")
        lines.append("One line per request follows (method, path, status, time). Ctrl-C stops.")
        return lines
    }

    /// The banner of a stand-in registered beside a team's plugin: what is
    /// served where, the seeded accounts by e-mail, the password rule, the
    /// reference server's key (never shown unless the public development
    /// key), and which plugin to point at it.
    static func lines(
        registered plugin: StandInPlugin, served: StandInPluginServer, referenceKey: String,
        accounts: [StandaloneServer.SeededAccount] = StandaloneServer.demoAccounts
    ) -> [String] {
        var lines = served.services.map { "\($0.name) on \($0.url)" }
        lines.append("demo accounts (public demo data; sign in with the e-mail or as the plugin says):")
        lines += byEmail(accounts)
        lines.append("a new password: \(plugin.passwordRule)")
        lines.append(
            referenceKey == ServeOptions.developmentKey
                ? "the reference server's API key: the development key '\(ServeOptions.developmentKey)'"
                : "the reference server's API key: from \(ServeOptions.standardKeyVariable) (not shown)")
        lines.append(
            "Try it with an environment file whose auth plugin is '\(plugin.authPlugin)', its "
                + "\(plugin.baseURLSetting) this stand-in's URL.")
        lines.append("One line per request follows (method, path, status, time). Ctrl-C stops.")
        return lines
    }

    /// The demo accounts as a stand-in signs them in: name, e-mail,
    /// password and state, one a line, in columns.
    private static func byEmail(_ accounts: [StandaloneServer.SeededAccount]) -> [String] {
        let nameWidth = accounts.map(\.name.count).max() ?? 0
        let emailWidth = accounts.map(\.email.count).max() ?? 0
        return accounts.map { account in
            "  \(pad(account.name, nameWidth))  \(pad(account.email, emailWidth))  password \(account.password)"
                + "  (\(account.state))"
        }
    }

    /// `POST /challenge/auth → 200 (12 ms)`; a dropped answer says so.
    static func line(for entry: StandaloneServer.RequestLogLine) -> String {
        let outcome = entry.status.map(String.init) ?? "dropped"
        let milliseconds =
            Double(entry.duration.components.seconds) * 1000
            + Double(entry.duration.components.attoseconds) / 1e15
        let time = milliseconds < 10 ? String(format: "%.1f ms", milliseconds) : "\(Int(milliseconds.rounded())) ms"
        return "\(entry.method) \(entry.path) → \(outcome) (\(time))"
    }

    private static func formattedCPF(_ digits: String) -> String {
        guard digits.count == 11, digits.allSatisfy(\.isNumber) else { return digits }
        let characters = Array(digits)
        return
            "\(String(characters[0..<3])).\(String(characters[3..<6])).\(String(characters[6..<9]))-\(String(characters[9..<11]))"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
