/// Why an environment could not be chosen or built. Each message says what to
/// do about it, and none carries a secret.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum CompositionError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownEnvironment(name: String, known: [String])
    case environmentFileUnreadable(path: String, reason: String)
    case environmentFileInvalid(path: String, field: String, reason: String)
    case unknownPlugin(port: String, name: String, known: [String])
    case missingSetting(setting: String, neededBy: String)
    case invalidSetting(setting: String, reason: String)
    /// A plugin setting no chosen plugin reads: `readers` are the plugins
    /// that do (`auth plugin oauth2`), `chosen` the environment's plugins of
    /// their ports (`auth http`); both empty when no plugin reads it.
    case settingNotRead(setting: String, readers: [String], chosen: [String])

    /// Why a setting no chosen plugin reads is refused, naming the plugins
    /// that read it, or saying none does.
    public static func notReadReason(readers: [String], chosen: [String]) -> String {
        guard !readers.isEmpty else { return "is read by no plugin ('app plugins' lists every setting)" }
        return "is read by \(readers.joined(separator: ", ")); this environment chose \(chosen.joined(separator: ", "))"
    }

    public var description: String {
        switch self {
        case .unknownEnvironment(let name, let known):
            return "unknown environment '\(name)': use one of \(known.joined(separator: ", ")) or a path to a JSON file"
        case .environmentFileUnreadable(let path, let reason):
            return "cannot read environment file \(path): \(reason)"
        case .environmentFileInvalid(let path, let field, let reason):
            return "environment file \(path): field '\(field)' \(reason)"
        case .unknownPlugin(let port, let name, let known):
            return "no \(port) plugin named '\(name)': known plugins are \(known.joined(separator: ", "))"
        case .missingSetting(let setting, let neededBy):
            return "\(setting) is needed by \(neededBy)"
        case .invalidSetting(let setting, let reason):
            return "setting '\(setting)': \(reason)"
        case .settingNotRead(let setting, let readers, let chosen):
            return "setting '\(setting)' " + Self.notReadReason(readers: readers, chosen: chosen)
        }
    }
}
