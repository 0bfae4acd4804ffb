import DomainCore

extension AppEnvironment {
    /// The settings the app itself reads, whatever plugins an environment
    /// chose (the token manager, the health monitor, the request deadline, the
    /// texts). Each plugin declares the settings it reads on its own
    /// (`PluginRegistry.Plugin`'s `settings`). The defaults are `Settings`'.
    public static let appSettings: [PluginSetting] = {
        let defaults = Settings()
        return [
            .seconds(
                "tokenLifetimeSeconds", default: defaults.tokenLifetime,
                "how long a token lives (the simulated backend's tokens too)"),
            .seconds(
                "refreshMarginSeconds", default: defaults.refreshMargin,
                "how long before expiry a token is refreshed; shorter than the lifetime"),
            .seconds("healthPollIntervalSeconds", default: defaults.healthPollInterval, "the steady health poll"),
            .seconds(
                "requestTimeoutSeconds", default: defaults.requestTimeout,
                "how long a remote call may go unanswered before it fails as a timeout"),
            PluginSetting(
                key: "locale", type: .choice(AppLocale.allCases.map(\.rawValue)),
                defaultValue: defaults.locale.rawValue, summary: "the language of the texts and formats"),
            PluginSetting(
                key: "connectionsPerHost", type: .wholeNumber(EnvironmentFile.connectionsPerHostRange),
                defaultValue: "\(defaults.connectionsPerHost)",
                summary: "authorised calls on the wire at once, and URLSession's connections per host"),
        ]
    }()
}
