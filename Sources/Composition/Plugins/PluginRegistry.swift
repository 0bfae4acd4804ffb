public import Ports

/// The adapters one remote plugin provides: the four remote ports, and the
/// backend's control switches when it is a test backend.
public struct RemoteAdapters: Sendable {
    public var auth: any AuthRemoteAPI
    public var user: any UserRemoteAPI
    public var statement: any StatementRemoteAPI
    public var health: any HealthProbe
    public var control: (any BackendControl)?

    public init(
        auth: any AuthRemoteAPI, user: any UserRemoteAPI, statement: any StatementRemoteAPI, health: any HealthProbe,
        control: (any BackendControl)?
    ) {
        self.auth = auth
        self.user = user
        self.statement = statement
        self.health = health
        self.control = control
    }
}

/// What a plugin is built from: the environment and the run's time.
public struct PluginContext: Sendable {
    public let environment: AppEnvironment
    public let clock: any Clock
    public let activity: any ActivityCounter
}

/// Every adapter Gatehouse can plug in, by name. Each adapter target's plugins
/// are listed in a file of their own (`Plugins+InMemory.swift`, …); adding an
/// adapter is a new target, a plugin entry here, and one line in its port's
/// contract suite.
public struct PluginRegistry: Sendable {
    public struct Plugin<Made>: Sendable {
        public let name: String
        public let summary: String
        public let make: @Sendable (PluginContext) throws(CompositionError) -> Made

        public init(name: String, summary: String, make: @escaping @Sendable (PluginContext) throws(CompositionError) -> Made) {
            self.name = name
            self.summary = summary
            self.make = make
        }
    }

    /// A store plugin is made with the coding the environment chose.
    public struct StorePlugin: Sendable {
        public let name: String
        public let summary: String
        public let make: @Sendable (PluginContext, any SessionCoding) throws(CompositionError) -> any SessionDataStore

        public init(
            name: String, summary: String,
            make: @escaping @Sendable (PluginContext, any SessionCoding) throws(CompositionError) -> any SessionDataStore
        ) {
            self.name = name
            self.summary = summary
            self.make = make
        }
    }

    public var remote: [Plugin<RemoteAdapters>]
    public var connectivity: [Plugin<any ConnectivityProbe>]
    public var codings: [Plugin<any SessionCoding>]
    public var stores: [StorePlugin]
    public var clockNames: [String]

    /// Every plugin this build has.
    public static let standard = PluginRegistry(
        remote: [InMemoryPlugins.remote, HTTPPlugins.remote],
        connectivity: [InMemoryPlugins.connectivity, HTTPPlugins.connectivity],
        codings: [InMemoryPlugins.coding, FileKeychainPlugins.json, FileKeychainPlugins.plist],
        stores: [InMemoryPlugins.store, FileKeychainPlugins.store],
        clockNames: ["virtual", "system"])

    func store(_ name: String) throws(CompositionError) -> StorePlugin {
        guard let plugin = stores.first(where: { $0.name == name }) else {
            throw .unknownPlugin(port: "SessionDataStore", name: name, known: stores.map(\.name))
        }
        return plugin
    }

    func plugin<Made>(_ name: String, in plugins: [Plugin<Made>], port: String) throws(CompositionError) -> Plugin<Made> {
        guard let plugin = plugins.first(where: { $0.name == name }) else {
            throw .unknownPlugin(port: port, name: name, known: plugins.map(\.name))
        }
        return plugin
    }

    /// Checks every plugin name of `environment` without building anything.
    public func validate(_ environment: AppEnvironment) throws(CompositionError) {
        let plugins = environment.plugins
        for (port, name) in [("AuthRemoteAPI", plugins.auth), ("UserRemoteAPI", plugins.user),
            ("StatementRemoteAPI", plugins.statement), ("HealthProbe", plugins.health)]
        {
            _ = try plugin(name, in: remote, port: port)
        }
        _ = try plugin(plugins.connectivity, in: connectivity, port: "ConnectivityProbe")
        _ = try store(plugins.store)
        _ = try plugin(plugins.coding, in: codings, port: "SessionCoding")
        guard clockNames.contains(plugins.clock) else {
            throw .unknownPlugin(port: "Clock", name: plugins.clock, known: clockNames)
        }
    }
}
