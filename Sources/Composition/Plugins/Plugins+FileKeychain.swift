import AdapterFileKeychain
import Foundation
import Ports

/// The plugins of `AdapterFileKeychain`.
enum FileKeychainPlugins {
    /// The session in a private file: its `storeDirectory` setting, or
    /// `$XDG_DATA_HOME/gatehouse`, or `~/.local/share/gatehouse`.
    /// Its session store, PIN vault and sign-out ledger keep storage notices;
    /// the session's events go to `events.jsonl` beside them
    /// (`FileSessionEventLog`).
    static let store = PluginRegistry.StorePlugin.declaringNotices(
        name: "file-keychain", summary: "the session in a private file (0600 in a 0700 directory), crash-safe",
        settings: [
            .text(
                directoryKey, role: .directory, whenAbsent: "$XDG_DATA_HOME/gatehouse, else ~/.local/share/gatehouse",
                "where the session, the PIN, the sign-out ledger and the remembered identifier are kept")
        ],
        signOutLedger: { context in .keepingNotices(FileSignOutLedger(directory: directory(for: context.settings))) },
        pinVault: { context, hasher in
            .keepingNotices(
                FilePINVault(
                    directory: directory(for: context.settings), hasher: hasher,
                    iterations: context.settings.shared.pinHashIterations))
        },
        rememberedIdentifier: { context in FileRememberedIdentifierStore(directory: directory(for: context.settings)) },
        eventLog: { context, onFailure in
            let log = FileSessionEventLog(directory: directory(for: context.settings), onFailure: onFailure)
            return PluginRegistry.EventLog(sink: log) { count in try log.lastLines(count) }
        }
    ) { context, coding throws(CompositionError) in
        .keepingNotices(FileSessionDataStore(directory: directory(for: context.settings), coding: coding))
    }
    static let directoryKey = "storeDirectory"

    static let json = PluginRegistry.Plugin<any SessionCoding>(
        name: "json", summary: "JSON with a format version"
    ) { _ throws(CompositionError) in JSONSessionCoding() }

    static let plist = PluginRegistry.Plugin<any SessionCoding>(
        name: "plist", summary: "a binary property list with a format version (Koober's coder)"
    ) { _ throws(CompositionError) in PropertyListSessionCoding() }

    static func directory(for settings: PluginSettings) -> String {
        if let configured = settings.text(directoryKey) { return configured }
        let variables = ProcessInfo.processInfo.environment
        if let dataHome = variables["XDG_DATA_HOME"], dataHome.hasPrefix("/") { return dataHome + "/gatehouse" }
        let home = variables["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/share/gatehouse"
    }
}
