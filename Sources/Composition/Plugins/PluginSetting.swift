import Foundation

/// One setting an environment file's `settings` may give: its key, the type
/// of its value, the value when the file gives none, a line saying what it
/// does, and how its value is read into the environment. A plugin declares
/// the settings it reads (`PluginRegistry.Plugin`'s `settings`); the settings
/// the app itself reads whatever the plugins are are
/// `AppEnvironment.appSettings`. `EnvironmentFile` reads a file's settings
/// through these declarations and knows no key of its own; `app plugins`
/// lists them, and docs/environments.md's tables are checked against that list.
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

    /// Reads a file's JSON value (as `JSONSerialization` gives it) into the settings.
    public typealias Reader =
        @Sendable (_ value: Any, _ settings: inout AppEnvironment.Settings) throws(Refusal) ->
        Void

    /// The key in an environment file's `settings`.
    public let key: String
    public let type: ValueType
    /// The value when the file (and its base environment) give none, as text.
    public let defaultValue: String
    /// What the setting does, in one line.
    public let summary: String
    /// Reads the file's value into the settings, or refuses it saying why.
    public let read: Reader

    public init(key: String, type: ValueType, defaultValue: String, summary: String, read: @escaping Reader) {
        self.key = key
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
        self.read = read
    }

    public static func == (lhs: PluginSetting, rhs: PluginSetting) -> Bool {
        lhs.key == rhs.key && lhs.type == rhs.type && lhs.defaultValue == rhs.defaultValue
            && lhs.summary == rhs.summary
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(type)
        hasher.combine(defaultValue)
        hasher.combine(summary)
    }

    /// A non-empty string.
    public static func text(
        _ key: String, default value: String, _ summary: String,
        set: @escaping @Sendable (inout AppEnvironment.Settings, String) -> Void
    ) -> PluginSetting {
        PluginSetting(key: key, type: .text, defaultValue: value, summary: summary) {
            value, settings throws(Refusal) in set(&settings, try SettingValue.text(value))
        }
    }

    /// A duration in seconds, its default shown as an environment file writes it.
    public static func seconds(
        _ key: String, default value: Duration, _ summary: String,
        set: @escaping @Sendable (inout AppEnvironment.Settings, Duration) -> Void
    ) -> PluginSetting {
        PluginSetting(key: key, type: .seconds, defaultValue: SettingValue.secondsText(value), summary: summary) {
            value, settings throws(Refusal) in set(&settings, try SettingValue.seconds(value))
        }
    }

    /// `true` or `false`.
    public static func flag(
        _ key: String, default value: Bool, _ summary: String,
        set: @escaping @Sendable (inout AppEnvironment.Settings, Bool) -> Void
    ) -> PluginSetting {
        PluginSetting(key: key, type: .flag, defaultValue: "\(value)", summary: summary) {
            value, settings throws(Refusal) in set(&settings, try SettingValue.flag(value))
        }
    }

    /// A whole number within `range` (1.0 counts as 1; 1.5, a boolean or a string are refused).
    public static func wholeNumber(
        _ key: String, in range: ClosedRange<Int>, default value: Int, _ summary: String,
        set: @escaping @Sendable (inout AppEnvironment.Settings, Int) -> Void
    ) -> PluginSetting {
        PluginSetting(key: key, type: .wholeNumber(range), defaultValue: "\(value)", summary: summary) {
            value, settings throws(Refusal) in set(&settings, try SettingValue.wholeNumber(value, in: range))
        }
    }

    /// One of `Choice`'s raw values; `refusal` says what it must be (by
    /// default each value quoted: `must be "token" or "bearer"`).
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, default value: Choice, _ summary: String, refusal: String? = nil,
        set: @escaping @Sendable (inout AppEnvironment.Settings, Choice) -> Void
    ) -> PluginSetting where Choice.RawValue == String {
        let refusal = refusal ?? "must be " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        return PluginSetting(
            key: key, type: .choice(Choice.allCases.map(\.rawValue)), defaultValue: value.rawValue, summary: summary
        ) { value, settings throws(Refusal) in
            guard let choice = Choice(rawValue: try SettingValue.text(value)) else { throw Refusal(refusal) }
            set(&settings, choice)
        }
    }
}

/// The checks of one JSON value, as the environment file format has them.
enum SettingValue {
    static func text(_ value: Any) throws(PluginSetting.Refusal) -> String {
        guard let text = value as? String, !text.isEmpty else { throw .init("must be a non-empty string") }
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
