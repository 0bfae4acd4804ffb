/// Why an environment could not be chosen or built. Each message says what to
/// do about it, and none carries a secret.
public enum CompositionError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknownEnvironment(name: String, known: [String])
    case environmentFileUnreadable(path: String, reason: String)
    case environmentFileInvalid(path: String, field: String, reason: String)
    case unknownPlugin(port: String, name: String, known: [String])
    case missingSetting(setting: String, neededBy: String)
    case invalidSetting(setting: String, reason: String)

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
        }
    }
}
