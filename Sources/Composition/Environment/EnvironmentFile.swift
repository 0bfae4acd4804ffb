import DomainCore
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

    public static func load(path: String) throws(CompositionError) -> AppEnvironment {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "it could not be read" : "no such file"
            throw .environmentFileUnreadable(path: path, reason: reason)
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws(CompositionError) -> AppEnvironment {
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

        if let settings = try reader.object(root, "settings") {
            try reader.refuseUnknown(
                settings,
                known: [
                    "baseURL", "apiKeyVariable", "tokenHeaderStyle", "tokenLifetimeSeconds", "refreshMarginSeconds",
                    "healthPollIntervalSeconds", "healthLightProbe", "requestTimeoutSeconds", "storeDirectory",
                    "preferencesDirectory", "controlAPI",
                    "signOutRoute", "locale", "connectionsPerHost", "oauth2",
                ], prefix: "settings.")
            var values = environment.settings
            if let url = try reader.string(settings, "baseURL", prefix: "settings.") { values.baseURL = url }
            if let variable = try reader.string(settings, "apiKeyVariable", prefix: "settings.") {
                values.apiKeyVariable = variable
            }
            if let style = try reader.string(settings, "tokenHeaderStyle", prefix: "settings.") {
                guard let parsed = AppEnvironment.TokenHeaderStyle(rawValue: style) else {
                    throw .environmentFileInvalid(
                        path: path, field: "settings.tokenHeaderStyle", reason: "must be \"token\" or \"bearer\"")
                }
                values.tokenHeaderStyle = parsed
            }
            if let seconds = try reader.seconds(settings, "tokenLifetimeSeconds") { values.tokenLifetime = seconds }
            if let seconds = try reader.seconds(settings, "refreshMarginSeconds") { values.refreshMargin = seconds }
            if let seconds = try reader.seconds(settings, "healthPollIntervalSeconds") {
                values.healthPollInterval = seconds
            }
            if let probe = try reader.string(settings, "healthLightProbe", prefix: "settings.") {
                guard let parsed = AppEnvironment.HealthLightProbe(rawValue: probe) else {
                    let known = AppEnvironment.HealthLightProbe.allCases.map { "\"\($0.rawValue)\"" }.joined(
                        separator: " or ")
                    throw .environmentFileInvalid(
                        path: path, field: "settings.healthLightProbe", reason: "must be \(known)")
                }
                values.healthLightProbe = parsed
            }
            if let seconds = try reader.seconds(settings, "requestTimeoutSeconds") { values.requestTimeout = seconds }
            if let directory = try reader.string(settings, "storeDirectory", prefix: "settings.") {
                values.storeDirectory = directory
            }
            if let directory = try reader.string(settings, "preferencesDirectory", prefix: "settings.") {
                values.preferencesDirectory = directory
            }
            if let controlAPI = try reader.bool(settings, "controlAPI", prefix: "settings.") {
                values.controlAPI = controlAPI
            }
            if let signOutRoute = try reader.bool(settings, "signOutRoute", prefix: "settings.") {
                values.signOutRoute = signOutRoute
            }
            if let tag = try reader.string(settings, "locale", prefix: "settings.") {
                guard let locale = AppLocale(rawValue: tag) else {
                    let known = AppLocale.allCases.map(\.rawValue).joined(separator: ", ")
                    throw .environmentFileInvalid(
                        path: path, field: "settings.locale", reason: "must be one of \(known)")
                }
                values.locale = locale
            }
            if let connections = try reader.wholeNumber(
                settings, "connectionsPerHost", in: connectionsPerHostRange)
            {
                values.connectionsPerHost = connections
            }
            if let oauth2 = settings["oauth2"] {
                values.oauth2 = try reader.oauth2(oauth2)
            }
            guard values.refreshMargin < values.tokenLifetime else {
                throw .environmentFileInvalid(
                    path: path, field: "settings.refreshMarginSeconds",
                    reason: "must be shorter than the token lifetime")
            }
            environment.settings = values
        }
        return environment
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

    /// `settings.oauth2`: `clientId` (required), `clientSecretVariable`,
    /// `tokenPath`, `revokePath` (optional strings).
    func oauth2(_ value: Any) throws(CompositionError) -> AppEnvironment.OAuth2Settings {
        let prefix = "settings.oauth2."
        guard let fields = value as? [String: Any] else {
            throw .environmentFileInvalid(path: path, field: "settings.oauth2", reason: "must be a JSON object")
        }
        try refuseUnknown(
            fields, known: ["clientId", "clientSecretVariable", "tokenPath", "revokePath"], prefix: prefix)
        guard let clientID = try string(fields, "clientId", prefix: prefix) else {
            throw .environmentFileInvalid(path: path, field: prefix + "clientId", reason: "is required")
        }
        var oauth2 = AppEnvironment.OAuth2Settings(
            clientID: clientID, clientSecretVariable: try string(fields, "clientSecretVariable", prefix: prefix))
        if let tokenPath = try string(fields, "tokenPath", prefix: prefix) { oauth2.tokenPath = tokenPath }
        if let revokePath = try string(fields, "revokePath", prefix: prefix) { oauth2.revokePath = revokePath }
        return oauth2
    }

    func bool(_ object: [String: Any], _ key: String, prefix: String = "") throws(CompositionError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard let number = value as? NSNumber, Self.isJSONBoolean(number) else {
            throw .environmentFileInvalid(path: path, field: prefix + key, reason: "must be true or false")
        }
        return number.boolValue
    }

    func object(_ object: [String: Any], _ key: String) throws(CompositionError) -> [String: Any]? {
        guard let value = object[key] else { return nil }
        guard let nested = value as? [String: Any] else {
            throw .environmentFileInvalid(path: path, field: key, reason: "must be a JSON object")
        }
        return nested
    }

    func seconds(_ object: [String: Any], _ key: String) throws(CompositionError) -> Duration? {
        guard let value = object[key] else { return nil }
        guard let number = value as? NSNumber, !Self.isJSONBoolean(number), number.doubleValue > 0,
            number.doubleValue <= 86_400
        else {
            throw .environmentFileInvalid(
                path: path, field: "settings." + key, reason: "must be a number of seconds above 0, at most 86400")
        }
        return .milliseconds(Int64((number.doubleValue * 1000).rounded()))
    }

    /// A whole number within `range` (1.0 counts as 1; 1.5, a boolean or a
    /// string are refused).
    func wholeNumber(_ object: [String: Any], _ key: String, in range: ClosedRange<Int>) throws(CompositionError)
        -> Int?
    {
        guard let value = object[key] else { return nil }
        guard let number = value as? NSNumber, !Self.isJSONBoolean(number),
            let whole = Int(exactly: number.doubleValue), range.contains(whole)
        else {
            throw .environmentFileInvalid(
                path: path, field: "settings." + key,
                reason: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return whole
    }

    /// JSON true/false arrive as NSNumber, and so do numbers; on Linux 0, 1
    /// and 1.0 also answer `is Bool`. Only the boolean type code tells them apart.
    private static func isJSONBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
