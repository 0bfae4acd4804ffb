import Ports

/// The setting that says how the simulated backend signs a person in, read
/// by the `in-memory` auth plugin: by password (the wire contract's
/// backend), or only outside the app — through the browser or with a code on
/// another device — as an OAuth 2.0 authorization server does
/// (`oauth2-in-memory`), the person then played by the `person …` words.
enum InMemorySignInSettings {
    static let signInMethodsKey = "signInMethods"

    /// The ways the simulated backend may sign in, as the setting names them.
    enum Methods: String, Sendable, CaseIterable {
        case password
        case browserAndDevice = "browser-and-device"

        var methods: [SignInMethod] {
            switch self {
            case .password: [.password]
            case .browserAndDevice: [.browser, .device]
            }
        }
    }

    static let all: [PluginSetting] = [
        .choice(
            signInMethodsKey, default: Methods.password,
            "how the simulated backend signs in: by password, or only in the browser or on another device (OAuth 2.0)")
    ]

    /// The methods the setting chose (`password` unless told).
    static func methods(_ context: PluginContext) -> [SignInMethod] {
        (context.settings.choice(signInMethodsKey, as: Methods.self) ?? .password).methods
    }
}
