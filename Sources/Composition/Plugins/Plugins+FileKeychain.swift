import AdapterFileKeychain
import Foundation
import Ports

/// The plugins of `AdapterFileKeychain`.
enum FileKeychainPlugins {
    /// The session in a private file: the environment's `storeDirectory`, or
    /// `$XDG_DATA_HOME/gatehouse`, or `~/.local/share/gatehouse`.
    static let store = PluginRegistry.StorePlugin(
        name: "file-keychain", summary: "the session in a private file (0600 in a 0700 directory), crash-safe",
        settings: [
            .text(
                "storeDirectory", default: "$XDG_DATA_HOME/gatehouse, else ~/.local/share/gatehouse",
                "where the session, the PIN and the sign-out ledger are kept"
            ) {
                $0.storeDirectory = $1
            }
        ],
        signOutLedger: { context in FileSignOutLedger(directory: directory(for: context.environment)) },
        pinVault: { context, hasher in
            FilePINVault(
                directory: directory(for: context.environment), hasher: hasher,
                iterations: context.environment.settings.pinHashIterations)
        }
    ) { context, coding throws(CompositionError) in
        FileSessionDataStore(directory: directory(for: context.environment), coding: coding)
    }

    static let json = PluginRegistry.Plugin<any SessionCoding>(
        name: "json", summary: "JSON with a format version"
    ) { _ throws(CompositionError) in JSONSessionCoding() }

    static let plist = PluginRegistry.Plugin<any SessionCoding>(
        name: "plist", summary: "a binary property list with a format version (Koober's coder)"
    ) { _ throws(CompositionError) in PropertyListSessionCoding() }

    static func directory(for environment: AppEnvironment) -> String {
        if let configured = environment.settings.storeDirectory { return configured }
        let variables = ProcessInfo.processInfo.environment
        if let dataHome = variables["XDG_DATA_HOME"], dataHome.hasPrefix("/") { return dataHome + "/gatehouse" }
        let home = variables["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/share/gatehouse"
    }
}
