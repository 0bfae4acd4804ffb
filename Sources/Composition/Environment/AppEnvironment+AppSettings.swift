import DomainCore

extension AppEnvironment {
    /// A setting of the environment itself: its declaration, how a checked
    /// value is applied to `Settings`, and its value there (for `app envs`).
    public struct SharedSetting: Sendable {
        public let declaration: PluginSetting
        let apply: @Sendable (SettingValue, inout Settings) -> Void
        /// The setting's value in `settings`, as listings show it.
        public let current: @Sendable (Settings) -> SettingValue
    }

    /// The settings an environment has whatever plugins it chose, which the
    /// app reads (the token manager, the health monitor, the request
    /// deadline, the texts) rather than a plugin. They are shared because no
    /// plugin owns what they tune: token lifetime and refresh margin are
    /// `TokenPolicy`'s, the poll interval `HealthPolicy`'s, the request
    /// timeout the deadline every remote call runs under whichever adapter
    /// made it, connections per host the token manager's limit on calls in
    /// flight (HTTP plugins also give it to URLSession), the locale the
    /// texts'. The token lifetime is also given to the simulated backend
    /// (the in-memory plugins), so its tokens live as long as the app expects.
    /// Every other setting is a plugin's own (`PluginRegistry.Plugin`'s
    /// `settings`). The defaults are `Settings`'.
    public static let sharedSettings: [SharedSetting] = {
        let defaults = Settings()
        let locales = AppLocale.allCases.map(\.rawValue).joined(separator: ", ")
        func seconds(
            _ key: String, _ summary: String, _ value: @escaping @Sendable (Settings) -> Duration,
            _ set: @escaping @Sendable (inout Settings, Duration) -> Void
        ) -> SharedSetting {
            SharedSetting(
                declaration: .seconds(key, default: value(defaults), summary),
                apply: { if case .seconds(let duration) = $0 { set(&$1, duration) } },
                current: { .seconds(value($0)) })
        }
        return [
            seconds(
                "tokenLifetimeSeconds", "how long a token lives (the simulated backend's tokens too)",
                { $0.tokenLifetime }, { $0.tokenLifetime = $1 }),
            seconds(
                "refreshMarginSeconds", "how long before expiry a token is refreshed; shorter than the lifetime",
                { $0.refreshMargin }, { $0.refreshMargin = $1 }),
            seconds(
                "healthPollIntervalSeconds", "the steady health poll", { $0.healthPollInterval },
                { $0.healthPollInterval = $1 }),
            seconds(
                "requestTimeoutSeconds", "how long a remote call may go unanswered before it fails as a timeout",
                { $0.requestTimeout }, { $0.requestTimeout = $1 }),
            SharedSetting(
                declaration: .choice(
                    "locale", default: defaults.locale, "the language of the texts and formats",
                    refusal: "must be one of \(locales)"),
                apply: { value, settings in
                    if case .choice(let tag) = value, let locale = AppLocale(rawValue: tag) { settings.locale = locale }
                },
                current: { .choice($0.locale.rawValue) }),
            SharedSetting(
                declaration: .wholeNumber(
                    "connectionsPerHost", in: EnvironmentFile.connectionsPerHostRange,
                    default: defaults.connectionsPerHost,
                    "authorised calls on the wire at once, and URLSession's connections per host"),
                apply: { if case .wholeNumber(let number) = $0 { $1.connectionsPerHost = number } },
                current: { .wholeNumber($0.connectionsPerHost) }),
        ]
    }()

    /// The declarations of `sharedSettings` (for `app plugins` and the docs' table).
    public static var appSettings: [PluginSetting] { sharedSettings.map(\.declaration) }
}
