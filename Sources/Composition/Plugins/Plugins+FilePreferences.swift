import AdapterFilePreferences
import Foundation
import OperatingSystem
import Ports

/// The plugins of `AdapterFilePreferences`.
enum FilePreferencesPlugins {
    /// The preferences in a crash-safe file: its `preferencesDirectory`
    /// setting, or `$XDG_CONFIG_HOME/gatehouse`, or
    /// `~/.config/gatehouse` — never the session's directory.
    static let preferences = PluginRegistry.Plugin<any PreferencesStore>(
        name: "file", summary: "the preferences in a crash-safe file under $XDG_CONFIG_HOME/gatehouse",
        settings: [
            .text(
                directoryKey, role: .directory, whenAbsent: Platform.configurationDirectoryRule(for: "gatehouse"),
                "where preferences.json is kept")
        ]
    ) { context throws(CompositionError) in
        FilePreferencesStore(directory: directory(for: context.settings))
    }
    static let directoryKey = "preferencesDirectory"

    static func directory(for settings: PluginSettings) -> String {
        if let configured = settings.text(directoryKey) { return configured }
        return FilePreferencesStore.defaultDirectory(variables: ProcessInfo.processInfo.environment)
    }
}
