import Composition

/// What `app envs` prints: each environment, the plugin in each port (with
/// the plugin's own summary) and the settings. Never an API key: only the
/// name of the variable that holds it. A file's name, summary or setting
/// is shown on its one line: a line break in it as `^J` (the console
/// escapes any other control character as it prints).
struct EnvironmentListing {
    var registry: PluginRegistry = .standard

    /// The built-in environments, then `chosen` when it came from a file.
    func lines(builtIn: [AppEnvironment] = AppEnvironment.builtIn, fromFile chosen: AppEnvironment? = nil) -> [String] {
        var output = ["Environments (choose one with --env NAME, or --env FILE for a JSON environment file):"]
        for environment in builtIn {
            let marker = environment.name == AppEnvironment.inMemory.name ? " (default)" : ""
            output += [""] + describe(environment, heading: environment.name + marker)
        }
        if let chosen {
            output += [""] + describe(chosen, heading: "\(chosen.name) (from --env)")
        }
        output += [
            "",
            "local talks to a server on 127.0.0.1:8080: start one with 'app serve';",
            "cora-stage needs the API key in GATEHOUSE_API_KEY.",
            "Every plugin there is to choose from, with the settings it reads: 'app plugins'.",
        ]
        return output
    }

    func describe(_ environment: AppEnvironment, heading: String) -> [String] {
        let shown = TerminalText.showingLineBreaks
        var output = [shown(heading), "  \(shown(environment.summary))", "  ports:"]
        let portWidth = environment.plugins.byPort.map(\.port.protocolName.count).max() ?? 0
        let pluginWidth = environment.plugins.byPort.map(\.plugin.count).max() ?? 0
        for (port, plugin) in environment.plugins.byPort {
            let summary = registry.summary(of: plugin, for: port).map { "  " + $0 } ?? ""
            output.append("    " + pad(port.protocolName, portWidth) + "  " + pad(plugin, pluginWidth) + summary)
        }
        output.append("  settings:")
        for (name, value) in settings(environment.settings, readByPlugins: settingsRead(by: environment)) {
            output.append("    " + pad(name, 22) + shown(value))
        }
        return output
    }

    /// The keys of the settings the plugins `environment` chose declare.
    private func settingsRead(by environment: AppEnvironment) -> Set<String> {
        Set(
            environment.plugins.byPort.flatMap { port, plugin in
                registry.descriptions(for: port).first { $0.name == plugin }?.settings.map(\.key) ?? []
            })
    }

    private func settings(_ settings: AppEnvironment.Settings, readByPlugins: Set<String>) -> [(String, String)] {
        var rows = [
            ("token lifetime", Self.format(settings.tokenLifetime)),
            ("refresh margin", Self.format(settings.refreshMargin)),
            ("health poll interval", Self.format(settings.healthPollInterval)),
            ("request timeout", Self.format(settings.requestTimeout)),
        ]
        // Shown only when a chosen plugin reads it (the `from-calls` probe).
        if readByPlugins.contains("healthLightProbe") {
            let probe =
                switch settings.healthLightProbe {
                case .statementList: "statement-list (GET /challenge/list without a token, while down)"
                case .none: "none (while down, the next call decides)"
                }
            rows.append(("health light probe", probe))
        }
        rows.append(("locale", settings.locale.rawValue))
        if let baseURL = settings.displayableBaseURL { rows.append(("base URL", baseURL)) }
        if let variable = settings.apiKeyVariable {
            rows.append(("API key", "from the variable \(variable) (never shown)"))
        }
        if settings.baseURL != nil {
            rows.append(("token header", settings.tokenHeaderStyle.rawValue))
            rows.append(
                ("control API", settings.controlAPI ? "yes (app run resets the server and flips its switches)" : "no"))
            rows.append(
                (
                    "sign-out route",
                    settings.signOutRoute ? "yes (logout ends the token with DELETE /challenge/auth)" : "no"
                ))
        }
        if let directory = settings.storeDirectory { rows.append(("store directory", directory)) }
        if let directory = settings.preferencesDirectory { rows.append(("preferences directory", directory)) }
        return rows
    }

    /// `60s`, `1500ms`.
    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds)s" }
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }
}
