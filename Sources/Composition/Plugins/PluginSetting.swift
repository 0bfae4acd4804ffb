/// One setting an environment file's `settings` may give: its key, the type
/// of its value, the value when the file gives none, and a line saying what
/// it does. A plugin declares the settings it reads (`PluginRegistry.Plugin`'s
/// `settings`); the settings the app itself reads whatever the plugins are
/// are `AppEnvironment.appSettings`. `app plugins` lists both, and
/// docs/environments.md's tables are checked against that list.
public struct PluginSetting: Sendable, Hashable {
    /// What an environment file writes for the setting.
    public enum ValueType: Sendable, Hashable {
        /// A non-empty string.
        case text
        /// A number of seconds above 0, at most 86400.
        case seconds
        /// `true` or `false`.
        case flag
        /// A whole number within the range.
        case wholeNumber(ClosedRange<Int>)
        /// One of these strings.
        case choice([String])
        /// A JSON object with these fields.
        case object(fields: [String])

        /// The type as `app plugins` and the docs write it.
        public var description: String {
            switch self {
            case .text: "text"
            case .seconds: "seconds"
            case .flag: "true or false"
            case .wholeNumber(let range): "whole number \(range.lowerBound)-\(range.upperBound)"
            case .choice(let values): values.map { "\"\($0)\"" }.joined(separator: " or ")
            case .object(let fields): "object (\(fields.joined(separator: ", ")))"
            }
        }
    }

    /// The key in an environment file's `settings`.
    public let key: String
    public let type: ValueType
    /// The value when the file (and its base environment) give none, as text.
    public let defaultValue: String
    /// What the setting does, in one line.
    public let summary: String

    public init(key: String, type: ValueType, defaultValue: String, summary: String) {
        self.key = key
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// A duration in seconds, its default shown as the environment files write it.
    public static func seconds(_ key: String, default value: Duration, _ summary: String) -> PluginSetting {
        PluginSetting(key: key, type: .seconds, defaultValue: secondsText(value), summary: summary)
    }

    /// `60`, `1.5`: a duration as an environment file writes it.
    static func secondsText(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds)" }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return "\(Double(milliseconds) / 1000)"
    }
}
