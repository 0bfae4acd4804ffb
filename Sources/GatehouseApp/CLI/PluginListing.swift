import Composition

/// What `app plugins` prints: every plugin of every port, with its summary
/// and the settings it reads, then every setting an environment file may
/// give (type, default, what it does, who reads it). `app envs` shows what
/// each environment chose; this shows what there is to choose from.
struct PluginListing {
    var registry: PluginRegistry = .standard

    func lines() -> [String] {
        var output = [
            "Plugins (an environment names one per port; 'app envs' shows what each environment chose):"
        ]
        for port in PortName.allCases {
            let plugins = registry.descriptions(for: port)
            let width = plugins.map(\.name.count).max() ?? 0
            output += ["", "\(port.rawValue) (\(port.protocolName))"]
            for plugin in plugins {
                output.append("  " + pad(plugin.name, width) + "  " + plugin.summary)
                if !plugin.settings.isEmpty {
                    let keys = plugin.settings.map(\.key).joined(separator: ", ")
                    output.append("  " + pad("", width) + "  settings: " + keys)
                }
            }
        }
        output += ["", "Settings (an environment file's \"settings\"):"]
        for declaration in registry.settingDeclarations() {
            let setting = declaration.setting
            output.append("  \(setting.key) (\(setting.type.description); default: \(setting.defaultValue))")
            output.append("      \(setting.summary)")
            output.append("      read by: \(declaration.readers.joined(separator: ", "))")
        }
        return output
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }
}
