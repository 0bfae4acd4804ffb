import AdapterFilePreferences
import Foundation
import Ports

/// The plugins of `AdapterFilePreferences`.
enum FilePreferencesPlugins {
    /// The preferences in a crash-safe file: the environment's
    /// `preferencesDirectory`, or `$XDG_CONFIG_HOME/gatehouse`, or
    /// `~/.config/gatehouse` — never the session's directory.
    static let preferences = PluginRegistry.Plugin<any PreferencesStore>(
        name: "file", summary: "the preferences in a crash-safe file under $XDG_CONFIG_HOME/gatehouse",
        settings: [
            .text(
                "preferencesDirectory", default: "$XDG_CONFIG_HOME/gatehouse, else ~/.config/gatehouse",
                "where preferences.json is kept"
            ) {
                $0.preferencesDirectory = $1
            }
        ]
    ) { context throws(CompositionError) in
        FilePreferencesStore(directory: directory(for: context.environment))
    }

    static func directory(for environment: AppEnvironment) -> String {
        if let configured = environment.settings.preferencesDirectory { return configured }
        return FilePreferencesStore.defaultDirectory(
            variables: ProcessInfo.processInfo.environment,
            home: FileManager.default.homeDirectoryForCurrentUser.path)
    }
}
