/// The settings that say which of the wire contract's sign-in routes a
/// backend lacks, read by the auth plugins that speak it (`http`, and
/// `in-memory` playing such a backend): the Cora API creates no accounts
/// and signs in by CPF only, so its environments turn both off and the app
/// refuses sign-up and an e-mail up front, saying why, instead of sending a
/// request the backend answers as an outage.
package enum AuthRouteSettings {
    package static let registrationRouteKey = "registrationRoute"
    package static let emailSignInKey = "emailSignIn"

    package static let all: [PluginSetting] = [
        .flag(registrationRouteKey, default: true, "the server has POST /users, which sign-up calls"),
        .flag(emailSignInKey, default: true, "the server's sign-in takes an e-mail as well as a CPF"),
    ]

    /// Whether the backend creates accounts (`registrationRoute`, on unless told).
    package static func offersRegistration(_ context: PluginContext) -> Bool {
        context.settings.flag(registrationRouteKey) ?? true
    }

    /// Whether the backend signs in by e-mail (`emailSignIn`, on unless told).
    package static func signsInByEmail(_ context: PluginContext) -> Bool {
        context.settings.flag(emailSignInKey) ?? true
    }
}
