/// A setting's value, as an environment gives it: one case per
/// `PluginSetting.ValueType`, checked when it was read. An environment keeps
/// the values it gives its plugins by key (`AppEnvironment.pluginSettings`);
/// each plugin is given those it declares (`PluginSettings`).
public enum SettingValue: Sendable, Hashable, CustomStringConvertible {
    case text(String)
    case seconds(Duration)
    case flag(Bool)
    case wholeNumber(Int)
    /// One of the setting's choices, by its raw value.
    case choice(String)
    /// A JSON object's fields, each a non-empty string.
    case object([String: String])

    /// The value as an environment file writes it (`60`, `1.5`, `true`,
    /// `{clientId: gatehouse-public}`).
    public var description: String {
        switch self {
        case .text(let text), .choice(let text): text
        case .seconds(let duration): SettingCheck.secondsText(duration)
        case .flag(let flag): "\(flag)"
        case .wholeNumber(let number): "\(number)"
        case .object(let fields):
            "{" + fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}
