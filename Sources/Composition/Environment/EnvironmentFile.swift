public import Foundation

/// Reads an environment from a JSON file (`--env FILE`). Every field is
/// checked and an unknown one is refused, so a typo never silently falls back
/// to a default. The format (docs/environments.md):
///
/// ```json
/// { "name": "slow-tokens", "base": "in-memory",
///   "plugins": { "store": "in-memory" },
///   "settings": { "tokenLifetimeSeconds": 30, "locale": "en-US" } }
/// ```
/// `base` names a built-in environment to start from (default `in-memory`);
/// `plugins` and `settings` override it field by field.
public enum EnvironmentFile {
    /// The values a file may give `settings.connectionsPerHost`: at least
    /// one authorised call must reach the wire, and more connections than a
    /// phone opens to one host measure nothing real.
    public static let connectionsPerHostRange = 1...64

    public static func load(path: String, registry: PluginRegistry = .standard) throws(CompositionError)
        -> AppEnvironment
    {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it could not be read" : "no such file"
            throw .environmentFileUnreadable(path: path, reason: reason)
        }
        return try parse(data, path: path, registry: registry)
    }

    /// The environment `data` describes; its settings are read through the
    /// declarations of the environment's own settings
    /// (`AppEnvironment.sharedSettings`) and of the plugins it chose from
    /// `registry`.
    public static func parse(_ data: Data, path: String, registry: PluginRegistry = .standard) throws(CompositionError)
        -> AppEnvironment
    {
        let root: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw CompositionError.environmentFileInvalid(
                    path: path, field: "(top level)", reason: "must be a JSON object")
            }
            root = object
        } catch let error as CompositionError {
            throw error
        } catch {
            throw .environmentFileInvalid(path: path, field: "(top level)", reason: "is not valid JSON")
        }
        let reader = FieldReader(path: path)
        try reader.refuseUnknown(root, known: ["name", "summary", "base", "plugins", "settings"], prefix: "")

        let baseName = try reader.string(root, "base") ?? AppEnvironment.inMemory.name
        guard var environment = AppEnvironment.builtIn(named: baseName) else {
            throw .environmentFileInvalid(
                path: path, field: "base",
                reason:
                    "names no built-in environment (known: \(AppEnvironment.builtIn.map(\.name).joined(separator: ", ")))"
            )
        }
        environment.name =
            try reader.string(root, "name") ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        environment.summary = try reader.string(root, "summary") ?? "from \(path)"

        if let plugins = try reader.object(root, "plugins") {
            try reader.refuseUnknown(plugins, known: PortName.allCases.map(\.rawValue), prefix: "plugins.")
            for port in PortName.allCases {
                if let name = try reader.string(plugins, port.rawValue, prefix: "plugins.") {
                    environment.plugins[port] = name
                }
            }
        }

        // The base's values that no plugin chosen now reads are dropped:
        // they were for the plugins the file replaced.
        environment.pluginSettings = environment.pluginSettings.filter {
            !registry.chosenReaders(of: $0.key, in: environment).isEmpty
        }
        if let settings = try reader.object(root, "settings") {
            try read(settings, into: &environment, path: path, registry: registry)
        }
        return environment
    }

    /// Reads a file's `settings` through the declarations: a key of the
    /// environment's own settings is applied to them; any other is read by
    /// each chosen plugin that declares it, each checking the value its own
    /// way, and kept for those plugins alone. A key no chosen plugin reads is
    /// refused, naming the plugins of any port that read it, or saying none
    /// does: this file knows no key of its own.
    private static func read(
        _ settings: [String: Any], into environment: inout AppEnvironment, path: String, registry: PluginRegistry
    ) throws(CompositionError) {
        var shared = environment.settings
        for key in settings.keys.sorted() {
            guard let raw = settings[key] else { continue }
            func refused(_ refusal: PluginSetting.Refusal) -> CompositionError {
                .environmentFileInvalid(path: path, field: "settings." + key + refusal.subfield, reason: refusal.reason)
            }
            if let setting = AppEnvironment.sharedSettings.first(where: { $0.declaration.key == key }) {
                do {
                    setting.apply(try setting.declaration.read(raw), &shared)
                } catch {
                    throw refused(error)
                }
                continue
            }
            let readers = registry.chosenReaders(of: key, in: environment)
            guard !readers.isEmpty else { throw refused(.init(registry.notReadReason(key, in: environment))) }
            var value: SettingValue?
            for reader in readers {
                do {
                    let read = try reader.setting.read(raw)
                    value = value ?? read
                } catch {
                    throw refused(error)
                }
            }
            environment.pluginSettings[key] = value
        }
        guard shared.refreshMargin < shared.tokenLifetime else {
            throw .environmentFileInvalid(
                path: path, field: "settings.refreshMarginSeconds", reason: "must be shorter than the token lifetime")
        }
        environment.settings = shared
    }
}

/// Typed access to a JSON object's fields, with errors that name the field.
private struct FieldReader {
    let path: String

    func refuseUnknown(_ object: [String: Any], known: [String], prefix: String) throws(CompositionError) {
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw .environmentFileInvalid(
                path: path, field: prefix + unknown, reason: "is not known (known: \(known.joined(separator: ", ")))")
        }
    }

    func string(_ object: [String: Any], _ key: String, prefix: String = "") throws(CompositionError) -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value as? String, !text.isEmpty else {
            throw .environmentFileInvalid(path: path, field: prefix + key, reason: "must be a non-empty string")
        }
        return text
    }

    func object(_ object: [String: Any], _ key: String) throws(CompositionError) -> [String: Any]? {
        guard let value = object[key] else { return nil }
        guard let nested = value as? [String: Any] else {
            throw .environmentFileInvalid(path: path, field: key, reason: "must be a JSON object")
        }
        return nested
    }
}
