import AdapterSupport
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

    public static func load(path: String, registry: PluginRegistry = .shipping) throws(CompositionError)
        -> AppEnvironment
    {
        let checked = check(path: path, registry: registry)
        guard let environment = checked.environment else {
            throw checked.problems.first ?? .environmentFileUnreadable(path: path, reason: "it could not be read")
        }
        return environment
    }

    /// The environment the file at `path` describes, or every problem in it
    /// at once, in the order a person fixes them (`app --env FILE envs`).
    public static func check(path: String, registry: PluginRegistry = .shipping) -> Checked {
        do {
            return check(try contents(of: path), path: path, registry: registry)
        } catch {
            return Checked(environment: nil, problems: [error])
        }
    }

    /// The environment `data` describes; its first problem if it has any
    /// (`check` names them all).
    public static func parse(_ data: Data, path: String, registry: PluginRegistry = .shipping) throws(CompositionError)
        -> AppEnvironment
    {
        let checked = check(data, path: path, registry: registry)
        guard let environment = checked.environment else {
            throw checked.problems.first
                ?? .environmentFileInvalid(path: path, field: "(top level)", reason: "is empty")
        }
        return environment
    }

    /// What checking a file found: its environment when it has no problem.
    public struct Checked: Sendable {
        public let environment: AppEnvironment?
        public let problems: [CompositionError]
    }

    /// Reads `data` whole, noting every problem instead of stopping at the
    /// first. A problem that leaves what follows meaningless (not JSON, no
    /// such base) ends the reading there. Settings are read through the
    /// declarations of the environment's own settings
    /// (`AppEnvironment.sharedSettings`) and of the plugins it chose from
    /// `registry`.
    public static func check(_ data: Data, path: String, registry: PluginRegistry = .shipping) -> Checked {
        let root: [String: Any]
        switch jsonObject(data, path: path) {
        case .success(let object): root = object
        case .failure(let problem): return Checked(environment: nil, problems: [problem])
        }
        let reader = FieldReader(path: path)
        reader.refuseUnknown(root, known: ["name", "summary", "base", "plugins", "settings"], prefix: "")
        let name = reader.string(root, "name")
        let summary = reader.string(root, "summary")
        let base = reader.string(root, "base")
        // Every later field is read against the base: a base that is not
        // even a name leaves nothing to read them against.
        if root["base"] != nil, base == nil { return Checked(environment: nil, problems: reader.problems) }
        let baseName = base ?? AppEnvironment.inMemory.name
        guard var environment = AppEnvironment.builtIn(named: baseName) else {
            reader.note(
                field: "base",
                reason:
                    "names no built-in environment (known: \(AppEnvironment.builtIn.map(\.name).joined(separator: ", ")))"
            )
            return Checked(environment: nil, problems: reader.problems)
        }
        environment.name = name ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        environment.summary = summary ?? "from \(path)"

        if let plugins = reader.object(root, "plugins") {
            reader.refuseUnknown(plugins, known: PortName.allCases.map(\.rawValue), prefix: "plugins.")
            for port in PortName.allCases {
                if let name = reader.string(plugins, port.rawValue, prefix: "plugins.") {
                    environment.plugins[port] = name
                }
            }
        }

        // The base's values that no plugin chosen now reads are dropped:
        // they were for the plugins the file replaced.
        environment.pluginSettings = environment.pluginSettings.filter {
            !registry.chosenReaders(of: $0.key, in: environment).isEmpty
        }
        if let settings = reader.object(root, "settings") {
            read(settings, into: &environment, reader: reader, registry: registry)
        }
        guard reader.problems.isEmpty else {
            // The plugins' problems too (an unknown name, a clear-text
            // address, a missing API key), from what could be read: every
            // problem at once, not the next one only after a fix.
            var problems = reader.problems
            for problem in registry.problems(in: environment) where !problems.contains(problem) {
                problems.append(problem)
            }
            return Checked(environment: nil, problems: problems)
        }
        return Checked(environment: environment, problems: [])
    }

    /// The most an environment file may hold: a few kilobytes in practice.
    /// Past it the file is refused unread, so a wrong path (a log, a disk
    /// image) never fills the memory.
    public static let maximumBytes = 1 << 20

    /// The file's bytes, read within ``maximumBytes``: a regular file only
    /// (a FIFO would never end, a device could be anything).
    private static func contents(of path: String) throws(CompositionError) -> Data {
        func refused(_ reason: String) -> CompositionError { .environmentFileUnreadable(path: path, reason: reason) }
        let fd: Int32
        do throws(POSIXFile.Failure) {
            // O_NONBLOCK: opening a FIFO with no writer would otherwise wait for one.
            fd = try POSIXFile.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
        } catch {
            throw refused(error.isNotFound ? "no such file" : "it could not be read")
        }
        defer { close(fd) }
        let info: stat
        do throws(POSIXFile.Failure) {
            info = try POSIXFile.status(of: fd)
        } catch {
            throw refused("it could not be read")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw refused("it is a directory, not a file")
        default: throw refused("it is not a regular file")
        }
        let tooLarge = refused("it is larger than 1 MiB (\(maximumBytes) bytes)")
        guard Int(info.st_size) <= maximumBytes else { throw tooLarge }
        let data: Data
        do throws(POSIXFile.Failure) {
            data = try POSIXFile.readAll(fd, limit: maximumBytes)
        } catch {
            throw refused("it could not be read")
        }
        // It may have grown since it was measured.
        guard data.count <= maximumBytes else { throw tooLarge }
        return data
    }

    /// The file's top-level object, or why it is not one: where JSON breaks
    /// off, by line and column.
    private static func jsonObject(_ data: Data, path: String) -> Result<[String: Any], CompositionError> {
        do {
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                return .failure(
                    .environmentFileInvalid(path: path, field: "(top level)", reason: "must be a JSON object"))
            }
            return .success(object)
        } catch {
            let place = JSONErrorPlace(error, in: data).map { " (at \($0))" } ?? ""
            return .failure(
                .environmentFileInvalid(path: path, field: "(top level)", reason: "is not valid JSON" + place))
        }
    }

    /// Reads a file's `settings` through the declarations: a key of the
    /// environment's own settings is applied to them; any other is read by
    /// each chosen plugin that declares it, each checking the value its own
    /// way, and kept for those plugins alone. A key no chosen plugin reads is
    /// refused, naming the plugins of any port that read it, or saying none
    /// does: this file knows no key of its own. Every key is read; each
    /// refusal is noted.
    private static func read(
        _ settings: [String: Any], into environment: inout AppEnvironment, reader: FieldReader, registry: PluginRegistry
    ) {
        var shared = environment.settings
        var refusedKeys: Set<String> = []
        for key in settings.keys.sorted() {
            guard let raw = settings[key] else { continue }
            func refuse(_ refusal: PluginSetting.Refusal) {
                refusedKeys.insert(key)
                reader.note(field: "settings." + key + refusal.subfield, reason: refusal.reason)
            }
            if let setting = AppEnvironment.sharedSettings.first(where: { $0.declaration.key == key }) {
                do {
                    setting.apply(try setting.declaration.read(raw), &shared)
                } catch {
                    refuse(error)
                }
                continue
            }
            let readers = registry.chosenReaders(of: key, in: environment)
            guard !readers.isEmpty else {
                refuse(.init(registry.notReadReason(key, in: environment)))
                continue
            }
            var value: SettingValue?
            for reader in readers {
                do {
                    let read = try reader.setting.read(raw)
                    value = value ?? read
                } catch {
                    refuse(error)
                    break
                }
            }
            if let value { environment.pluginSettings[key] = value }
        }
        let timesRead = refusedKeys.isDisjoint(with: ["refreshMarginSeconds", "tokenLifetimeSeconds"])
        if timesRead, shared.refreshMargin >= shared.tokenLifetime {
            reader.note(field: "settings.refreshMarginSeconds", reason: "must be shorter than the token lifetime")
        }
        environment.settings = shared
    }
}

/// Typed access to a JSON object's fields. Each problem is noted, naming
/// its field, and reading goes on: a file's problems are named all at once.
private final class FieldReader {
    let path: String
    private(set) var problems: [CompositionError] = []

    init(path: String) {
        self.path = path
    }

    func note(field: String, reason: String) {
        problems.append(.environmentFileInvalid(path: path, field: field, reason: reason))
    }

    func refuseUnknown(_ object: [String: Any], known: [String], prefix: String) {
        for unknown in object.keys.sorted() where !known.contains(unknown) {
            note(field: prefix + unknown, reason: "is not known (known: \(known.joined(separator: ", ")))")
        }
    }

    func string(_ object: [String: Any], _ key: String, prefix: String = "") -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value as? String, !text.isEmpty else {
            note(field: prefix + key, reason: "must be a non-empty string")
            return nil
        }
        return text
    }

    func object(_ object: [String: Any], _ key: String) -> [String: Any]? {
        guard let value = object[key] else { return nil }
        guard let nested = value as? [String: Any] else {
            note(field: key, reason: "must be a JSON object")
            return nil
        }
        return nested
    }
}
