import DomainCore

extension AppEnvironment {
    /// The settings the app itself reads, whatever plugins an environment
    /// chose (the token manager, the health monitor, the request deadline, the
    /// texts). Each plugin declares the settings it reads on its own
    /// (`PluginRegistry.Plugin`'s `settings`). The defaults are `Settings`'.
    public static let appSettings: [PluginSetting] = {
        let defaults = Settings()
        let locales = AppLocale.allCases.map(\.rawValue).joined(separator: ", ")
        return [
            .seconds(
                "tokenLifetimeSeconds", default: defaults.tokenLifetime,
                "how long a token lives (the simulated backend's tokens too)"
            ) { $0.tokenLifetime = $1 },
            .seconds(
                "refreshMarginSeconds", default: defaults.refreshMargin,
                "how long before expiry a token is refreshed; shorter than the lifetime"
            ) { $0.refreshMargin = $1 },
            .seconds("healthPollIntervalSeconds", default: defaults.healthPollInterval, "the steady health poll") {
                $0.healthPollInterval = $1
            },
            .seconds(
                "requestTimeoutSeconds", default: defaults.requestTimeout,
                "how long a remote call may go unanswered before it fails as a timeout"
            ) { $0.requestTimeout = $1 },
            .choice(
                "locale", default: defaults.locale, "the language of the texts and formats",
                refusal: "must be one of \(locales)"
            ) { $0.locale = $1 },
            .wholeNumber(
                "connectionsPerHost", in: EnvironmentFile.connectionsPerHostRange,
                default: defaults.connectionsPerHost,
                "authorised calls on the wire at once, and URLSession's connections per host"
            ) { $0.connectionsPerHost = $1 },
        ]
    }()
}
