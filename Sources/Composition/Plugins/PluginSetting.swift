import AdapterHTTP
import Foundation

/// One setting an environment file's `settings` may give: its key, the type
/// of its value, the value when the file gives none, a line saying what it
/// does, what it is to the tools around the plugin (`Role`), and how its
/// value is checked. A plugin declares the settings it reads
/// (`PluginRegistry.Plugin`'s `settings`) and is given their values alone
/// (`PluginSettings`); the settings the environment itself has whatever the
/// plugins are are `AppEnvironment.sharedSettings`. `EnvironmentFile` reads a
/// file's settings through these declarations and knows no key of its own;
/// `app plugins` and `app envs` list them, and docs/environments.md's tables
/// are checked against that list.
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

        /// The type as `app plugins` writes it.
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

    /// What a setting's value is to the tools around the plugin, so that
    /// they act on declarations and never on a key they know by name.
    public enum Role: Sendable, Hashable {
        /// Only the plugin reads it.
        case plain
        /// The backend's base URL: `app run --in-process-server` points it
        /// at the server it starts; listings show it with any user and
        /// password replaced by "…".
        case baseURL
        /// The name of a process environment variable holding a secret:
        /// listings say the secret is never shown, the in-process server
        /// drops it (that server takes the development key), and the
        /// app's secret checks look for the variable's value in output.
        case secretVariable
        /// A directory the plugin keeps files in: a script is given a
        /// fresh one, so it never touches a person's files.
        case directory
    }

    /// Why a file's value was refused: the reason, and the field below the
    /// setting's key it is about (`.clientId`; empty for the value itself).
    public struct Refusal: Error, Sendable, Hashable {
        public let subfield: String
        public let reason: String

        public init(_ reason: String, subfield: String = "") {
            self.reason = reason
            self.subfield = subfield
        }
    }

    /// Checks a file's JSON value (as `JSONSerialization` gives it) and
    /// gives it as a `SettingValue`, or refuses it saying why.
    public typealias Reader = @Sendable (_ value: Any) throws(Refusal) -> SettingValue

    /// The key in an environment file's `settings`.
    public let key: String
    public let type: ValueType
    /// The value a plugin is given when the environment gives none; nil
    /// when it then has none (the plugin says what it does without).
    public let defaultSetting: SettingValue?
    /// The default as `app plugins` writes it.
    public let defaultValue: String
    /// What the setting does, in one line.
    public let summary: String
    public let role: Role
    /// Checks the file's value, or refuses it saying why.
    public let read: Reader

    public init(
        key: String, type: ValueType, default defaultSetting: SettingValue?, defaultValue: String? = nil,
        summary: String, role: Role = .plain, read: @escaping Reader
    ) {
        self.key = key
        self.type = type
        self.defaultSetting = defaultSetting
        self.defaultValue = defaultValue ?? defaultSetting?.description ?? "none"
        self.summary = summary
        self.role = role
        self.read = read
    }

    /// `value` as a listing may show it: a secret's variable by name only,
    /// any URL in it without its user and password, anything else as a file
    /// writes it.
    public func shown(_ value: SettingValue) -> String {
        switch (role, value) {
        case (.secretVariable, .text(let variable)): "from the variable \(variable) (never shown)"
        default: value.shownWithoutCredentials
        }
    }

    public static func == (lhs: PluginSetting, rhs: PluginSetting) -> Bool {
        lhs.key == rhs.key && lhs.type == rhs.type && lhs.defaultSetting == rhs.defaultSetting
            && lhs.defaultValue == rhs.defaultValue && lhs.summary == rhs.summary && lhs.role == rhs.role
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(type)
        hasher.combine(defaultSetting)
        hasher.combine(defaultValue)
        hasher.combine(summary)
        hasher.combine(role)
    }

    /// A non-empty string, absent unless the environment gives it;
    /// `whenAbsent` says what the plugin does then.
    public static func text(
        _ key: String, role: Role = .plain, whenAbsent: String = "none", _ summary: String
    ) -> PluginSetting {
        PluginSetting(key: key, type: .text, default: nil, defaultValue: whenAbsent, summary: summary, role: role) {
            value throws(Refusal) in .text(try SettingCheck.text(value))
        }
    }

    /// A duration in seconds, its default shown as an environment file writes it.
    public static func seconds(_ key: String, default value: Duration, _ summary: String) -> PluginSetting {
        PluginSetting(key: key, type: .seconds, default: .seconds(value), summary: summary) {
            value throws(Refusal) in .seconds(try SettingCheck.seconds(value))
        }
    }

    /// `true` or `false`.
    public static func flag(_ key: String, default value: Bool, _ summary: String) -> PluginSetting {
        PluginSetting(key: key, type: .flag, default: .flag(value), summary: summary) {
            value throws(Refusal) in .flag(try SettingCheck.flag(value))
        }
    }

    /// A whole number within `range` (1.0 counts as 1; 1.5, a boolean or a string are refused).
    public static func wholeNumber(
        _ key: String, in range: ClosedRange<Int>, default value: Int, _ summary: String
    ) -> PluginSetting {
        PluginSetting(key: key, type: .wholeNumber(range), default: .wholeNumber(value), summary: summary) {
            value throws(Refusal) in .wholeNumber(try SettingCheck.wholeNumber(value, in: range))
        }
    }

    /// One of `Choice`'s raw values; `refusal` says what it must be (by
    /// default each value quoted: `must be "token" or "bearer"`).
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, default value: Choice, _ summary: String, refusal: String? = nil
    ) -> PluginSetting where Choice.RawValue == String {
        let refusal = refusal ?? "must be " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        return PluginSetting(
            key: key, type: .choice(Choice.allCases.map(\.rawValue)), default: .choice(value.rawValue), summary: summary
        ) { value throws(Refusal) in
            let text = try SettingCheck.text(value)
            guard Choice(rawValue: text) != nil else { throw Refusal(refusal) }
            return .choice(text)
        }
    }
}

/// The checks of one JSON value, as the environment file format has them.
enum SettingCheck {
    /// Every text a setting holds, an object's fields too, comes through
    /// here: none may carry a URL's user or password (`SettingValue.carriesCredentials`).
    static func text(_ value: Any) throws(PluginSetting.Refusal) -> String {
        guard let text = value as? String, !text.isEmpty else { throw .init("must be a non-empty string") }
        guard !SettingValue.carriesCredentials(text) else { throw .init(SettingValue.credentialsRefusal(text)) }
        return text
    }

    static func flag(_ value: Any) throws(PluginSetting.Refusal) -> Bool {
        guard let number = value as? NSNumber, isJSONBoolean(number) else { throw .init("must be true or false") }
        return number.boolValue
    }

    static func seconds(_ value: Any) throws(PluginSetting.Refusal) -> Duration {
        guard let number = value as? NSNumber, !isJSONBoolean(number), number.doubleValue > 0,
            number.doubleValue <= 86_400
        else {
            throw .init("must be a number of seconds above 0, at most 86400")
        }
        return .milliseconds(Int64((number.doubleValue * 1000).rounded()))
    }

    static func wholeNumber(_ value: Any, in range: ClosedRange<Int>) throws(PluginSetting.Refusal) -> Int {
        guard let number = value as? NSNumber, !isJSONBoolean(number),
            let whole = Int(exactly: number.doubleValue), range.contains(whole)
        else {
            throw .init("must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return whole
    }

    /// `60`, `1.5`: a duration as an environment file writes it.
    static func secondsText(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds)" }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return "\(Double(milliseconds) / 1000)"
    }

    /// JSON true/false arrive as NSNumber, and so do numbers; on Linux 0, 1
    /// and 1.0 also answer `is Bool`. Only the boolean type code tells them apart.
    static func isJSONBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
