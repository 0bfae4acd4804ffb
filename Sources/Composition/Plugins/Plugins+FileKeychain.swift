import AdapterFileKeychain
import Foundation
import OperatingSystem
import Ports

/// The plugins of `AdapterFileKeychain`.
enum FileKeychainPlugins {
    /// The session in a private file, in a folder of the backend's own
    /// (`SessionBackend.folderName`) under its `storeDirectory` setting, or
    /// `$XDG_DATA_HOME/gatehouse`, or `~/.local/share/gatehouse`: switching
    /// environments keeps each backend's session, and never hands one
    /// backend's tokens to another.
    /// Its session store, PIN vault and sign-out ledger keep storage notices;
    /// the session's events go to `events.jsonl` beside them
    /// (`FileSessionEventLog`).
    static let store = PluginRegistry.StorePlugin.declaringNotices(
        name: "file-keychain", summary: "the session in a private file (0600 in a 0700 directory), crash-safe",
        settings: [
            .text(
                directoryKey, role: .directory, whenAbsent: Platform.dataDirectoryRule(for: "gatehouse"),
                "where each backend's folder keeps its session, PIN, sign-out ledger, remembered identifier and events"
            )
        ],
        // Every window of the app on this machine keeps its session here.
        sharedBetweenProcesses: true,
        signOutLedger: { context in .keepingNotices(FileSignOutLedger(directory: directory(for: context))) },
        pinVault: { context, hasher in
            .keepingNotices(
                FilePINVault(
                    directory: directory(for: context), hasher: hasher,
                    iterations: context.settings.shared.pinHashIterations))
        },
        rememberedIdentifier: { context in FileRememberedIdentifierStore(directory: directory(for: context)) },
        eventLog: { context, onFailure in
            let log = FileSessionEventLog(directory: directory(for: context), onFailure: onFailure)
            return PluginRegistry.EventLog(sink: log) { count in
                let read = try log.readLastLines(count)
                return (read.lines, read.skipped)
            }
        }
    ) { context, coding throws(CompositionError) in
        .keepingNotices(FileSessionDataStore(directory: directory(for: context), coding: coding))
    }
    static let directoryKey = "storeDirectory"

    static let json = PluginRegistry.Plugin<any SessionCoding>(
        name: "json", summary: "JSON with a format version"
    ) { _ throws(CompositionError) in JSONSessionCoding() }

    static let plist = PluginRegistry.Plugin<any SessionCoding>(
        name: "plist", summary: "a binary property list with a format version (Koober's coder)"
    ) { _ throws(CompositionError) in PropertyListSessionCoding() }

    /// The folder of the context's backend under the store's root; the root
    /// itself for a context made outside a world, which names no backend.
    static func directory(for context: PluginContext) -> String {
        let root = rootDirectory(for: context.settings)
        guard let backend = context.sessionBackend else { return root }
        return root + "/" + backend.folderName
    }

    /// Where every backend's folder is: the `storeDirectory` setting, or the
    /// user's data directory's `gatehouse`.
    static func rootDirectory(for settings: PluginSettings) -> String {
        if let configured = settings.text(directoryKey) { return configured }
        return Platform.dataDirectory(variables: ProcessInfo.processInfo.environment) + "/gatehouse"
    }
}
