import Composition
import Ports

/// The settings that say how the simulated backend signs a person in and
/// up, read by the `in-memory` auth plugin: by password (the wire
/// contract's backend), or only outside the app — through the browser or
/// with a code on another device — as an OAuth 2.0 authorization server
/// does (`oauth2-in-memory`), the person then played by the `person …`
/// words; and a sign-up that creates an account (the wire contract's) or,
/// as Google's Identity Toolkit does, one that takes an e-mail and a password and signs
/// the person in.
enum InMemorySignInSettings {
    static let signInMethodsKey = "signInMethods"
    static let signUpKey = "signUp"

    /// What the simulated backend's sign-up does, as the setting names it.
    enum SignUp: String, Sendable, CaseIterable {
        case createsAnAccount = "creates-an-account"
        case createsAnAccountToConfirm = "creates-an-account-to-confirm"
        case createsASession = "creates-a-session"

        var offer: RegistrationOffer {
            switch self {
            case .createsAnAccount: .createsAnAccount(taking: .everyField)
            case .createsAnAccountToConfirm: .createsAnAccountToConfirm(taking: .everyField)
            case .createsASession: .createsASession(taking: [.email, .password])
            }
        }
    }

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
            "how the simulated backend signs in: by password, or only in the browser or on another device (OAuth 2.0)"),
        .choice(
            signUpKey, default: SignUp.createsAnAccount,
            "what sign-up does: create an account from a name, e-mail, CPF and password, create one the person confirms by e-mail before signing in, or sign the person in from an e-mail and a password"
        ),
    ]

    /// The sign-up the settings chose: none where `registrationRoute` is
    /// off, otherwise `signUp`'s (an account, no session, unless told).
    static func registrationOffer(_ context: PluginContext) -> RegistrationOffer {
        guard AuthRouteSettings.offersRegistration(context) else { return .none }
        return (context.settings.choice(signUpKey, as: SignUp.self) ?? .createsAnAccount).offer
    }

    /// The methods the setting chose (`password` unless told).
    static func methods(_ context: PluginContext) -> [SignInMethod] {
        (context.settings.choice(signInMethodsKey, as: Methods.self) ?? .password).methods
    }
}
