import Composition

/// What `app envs` prints: each environment, the plugin in each port (with
/// the plugin's own summary) and the settings — the shared ones and those
/// the chosen plugins declare. Never an API key: only the name of the
/// variable that holds it (`PluginSetting.shown`). A file's name, summary or setting
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
        for (key, value) in settings(of: environment) {
            output.append("    " + pad(key, 26) + shown(value))
        }
        // Each backend keeps its own session (docs/environments.md, "One
        // session per backend"): the folder a file-keeping store gives it.
        output.append("  session backend: " + registry.sessionBackend(of: environment).folderName)
        return output
    }

    /// The environment's shared settings, then the settings its chosen
    /// plugins declare, each with its value as the setting shows it (a
    /// secret's variable by name, a base URL without credentials): the
    /// environment's, else the declared default, else what the plugin does
    /// without one. Rows come from the declarations alone.
    private func settings(of environment: AppEnvironment) -> [(String, String)] {
        let shared = AppEnvironment.sharedSettings.map { setting in
            (setting.declaration.key, setting.declaration.shown(setting.current(environment.settings)))
        }
        let plugins = registry.chosenSettings(in: environment).map { setting in
            let value = environment.pluginSettings[setting.key] ?? setting.defaultSetting
            return (setting.key, value.map(setting.shown) ?? setting.defaultValue)
        }
        return shared + plugins
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }
}
