/// The ports of the plugin registry, by the key an environment file uses
/// (`PortName`'s raw value): what a suite entry says its plugin plugs into.
/// `PluginSuiteCompletenessTests` fails when the registry has a port this
/// does not name.
enum PluginPort: String, Sendable, CaseIterable {
    case auth, user, statement, health, connectivity, store, coding, clock, preferences, browser, events
}

/// The wire a server or an adapter speaks.
enum WireDialect: String, Sendable, Hashable {
    case inMemoryBackend = "the in-memory backend"
    case wireContract = "the wire contract (ReferenceServer)"
    case oauth2 = "OAuth 2.0"
    case supabase = "Supabase Auth"
    /// Firebase Authentication's REST API (the adapter guide's worked dialect).
    case firebase = "Firebase Authentication"
    /// Spring Boot Actuator's health endpoint (the adapter guide's second example).
    case actuator = "Spring Boot Actuator"
    /// The outcomes of the app's own calls, which the `from-calls` health
    /// probe reads instead of a health route.
    case callOutcomes = "the outcomes of the other ports' calls"
    /// An adapter that talks to no server itself (a derived one, a local
    /// port's): any fixture is its own.
    case none = "no server"
}

/// The registry plugin a suite entry runs: its port, its name in
/// `PluginRegistry.standard`, and the wire its adapter speaks. An entry that
/// runs no plugin of the registry (a decorator, an example adapter) carries
/// none. `PluginSuiteCompletenessTests` compares these with the registry.
struct CoveredPlugin: Sendable, Hashable, CustomStringConvertible {
    let port: PluginPort
    let name: String
    let speaks: WireDialect

    init(_ port: PluginPort, _ name: String, speaks: WireDialect = .none) {
        self.port = port
        self.name = name
        self.speaks = speaks
    }

    var description: String { "\(port.rawValue) plugin \"\(name)\"" }
}
