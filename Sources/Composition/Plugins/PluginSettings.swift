/// What one plugin is given to be made and checked: the environment's
/// shared settings, and the values of the settings this plugin declares —
/// each the environment's value, else the declared default. A plugin never
/// sees a value another plugin reads and it does not.
public struct PluginSettings: Sendable, Hashable {
    /// The settings of the environment itself, whatever its plugins
    /// (`AppEnvironment.sharedSettings`).
    public let shared: AppEnvironment.Settings
    /// The plugin's own values, by key; a key the plugin declares without a
    /// default and the environment does not give is absent.
    public let values: [String: SettingValue]

    public init(shared: AppEnvironment.Settings, values: [String: SettingValue] = [:]) {
        self.shared = shared
        self.values = values
    }

    public func text(_ key: String) -> String? {
        guard case .text(let text) = values[key] else { return nil }
        return text
    }

    public func flag(_ key: String) -> Bool? {
        guard case .flag(let flag) = values[key] else { return nil }
        return flag
    }

    public func seconds(_ key: String) -> Duration? {
        guard case .seconds(let duration) = values[key] else { return nil }
        return duration
    }

    public func wholeNumber(_ key: String) -> Int? {
        guard case .wholeNumber(let number) = values[key] else { return nil }
        return number
    }

    public func choice<Choice: RawRepresentable>(_ key: String, as: Choice.Type = Choice.self) -> Choice?
    where Choice.RawValue == String {
        guard case .choice(let raw) = values[key] else { return nil }
        return Choice(rawValue: raw)
    }

    public func object(_ key: String) -> [String: String]? {
        guard case .object(let fields) = values[key] else { return nil }
        return fields
    }
}
