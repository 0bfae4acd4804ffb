import AdapterHTTP
import BoundedHTTP
import Foundation

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

    /// Whether the value (a text, or a field of an object) is a URL that
    /// carries a user or password (`https://alice:secret@host`): every
    /// setting refuses one, whatever plugin reads it — a secret comes from
    /// the process environment, never from a setting — and every listing
    /// masks it (``shownWithoutCredentials``).
    public var carriesCredentials: Bool {
        switch self {
        case .text(let text): Self.carriesCredentials(text)
        case .object(let fields): fields.values.contains(where: Self.carriesCredentials)
        case .seconds, .flag, .wholeNumber, .choice: false
        }
    }

    /// The value as a listing shows it: any user and password of a URL in
    /// it replaced by "…" (`HTTPConfiguration.displayable`).
    public var shownWithoutCredentials: String {
        switch self {
        case .text(let text): HTTPConfiguration.displayable(text)
        case .object(let fields): SettingValue.object(fields.mapValues(HTTPConfiguration.displayable)).description
        case .seconds, .flag, .wholeNumber, .choice: description
        }
    }

    /// A text that reads as a URL with a user or password: one that parses
    /// with either, or one with "://" and an "@" after it that does not
    /// parse at all (a password holding "/" or "#").
    static func carriesCredentials(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        if let url = URL(string: text), url.scheme != nil {
            return url.user != nil || url.password != nil
        }
        return text[separator.upperBound...].contains("@")
    }

    /// Why a setting that carries credentials is refused: the URL with its
    /// user and password masked, never them.
    static func credentialsRefusal(_ text: String) -> String {
        "'\(HTTPConfiguration.displayable(text))' carries a user or password in a URL: take it out"
            + " (a secret comes from the process environment, never a setting)"
    }

    /// The refusal of the first text of this value that carries credentials; nil when none does.
    var credentialsRefusal: String? {
        switch self {
        case .text(let text): Self.carriesCredentials(text) ? Self.credentialsRefusal(text) : nil
        case .object(let fields):
            fields.sorted { $0.key < $1.key }.first { Self.carriesCredentials($0.value) }
                .map { Self.credentialsRefusal($0.value) }
        case .seconds, .flag, .wholeNumber, .choice: nil
        }
    }
}
