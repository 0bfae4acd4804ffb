/// The ports an environment plugs an adapter into: one plugin each, chosen by
/// name. The raw value is the key an environment file uses (`"plugins":
/// {"health": "http"}`).
public enum PortName: String, Sendable, Hashable, CaseIterable {
    case auth
    case user
    case statement
    case health
    /// Whether there is a network at all (`offline` versus `server-down`).
    case connectivity
    case store
    case coding
    /// `virtual` (time moves only when told) or `system`.
    case clock
    /// What is kept that is not secret: language, PIN-lock timeout, last identifier.
    case preferences
    /// Opens the system browser for a sign-in outside the app: `system`
    /// (real-time environments) or `in-memory` (virtual time: it opens nothing).
    case browser
    /// Where the session's events go beyond the world's own record: `store`
    /// (the record the store keeps on the device, which `app events` reads),
    /// `none`, or a team's own sink.
    case events

    /// The port protocol the plugins of this port implement (for `envs` and errors).
    public var protocolName: String {
        switch self {
        case .auth: "AuthRemoteAPI"
        case .user: "UserRemoteAPI"
        case .statement: "StatementRemoteAPI"
        case .health: "HealthProbe"
        case .connectivity: "ConnectivityProbe"
        case .store: "SessionDataStore"
        case .coding: "SessionCoding"
        case .clock: "Clock"
        case .preferences: "PreferencesStore"
        case .browser: "BrowserOpener"
        case .events: "SessionEventSink"
        }
    }
}
