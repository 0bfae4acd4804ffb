import Composition
import Testing
import CompositionTesting

/// Every plugin of `PluginRegistry.standard` runs its port's contract suite
/// against a server of its own wire, or is on `PluginSuiteExemptions.all`
/// saying why. A remote plugin counts when an entry of its port's seeded
/// lists (`SeededAdapters`) and one of its control lists (`RemoteAdapters`)
/// carry it; a local port's plugin when its suite's list does. The registry
/// is read only for its ports (`PortName.allCases`) and their plugins' names
/// (`names(for:)`).
@Suite("Every plugin runs its port's contract suite")
struct PluginSuiteCompletenessTests {
    /// Each registry plugin as "port/name", in the registry's order.
    static let registered: [CoveredPluginKey] = PortName.allCases.flatMap { port in
        PluginRegistry.standard.names(for: port).map { CoveredPluginKey(port: port.rawValue, name: $0) }
    }

    @Test("Every port of the registry is a port the suites name")
    func everyPortIsNamed() {
        for port in PortName.allCases {
            #expect(PluginPort(rawValue: port.rawValue) != nil, "the registry's port \(port.rawValue) has no suite")
        }
    }

    @Test("Every plugin runs its port's suites against a server of its own wire, or says why not")
    func everyPluginIsCoveredOrExempt() {
        let covered = PluginSuiteCoverage.covered
        for plugin in Self.registered where !covered.contains(plugin) {
            let exemption = PluginSuiteExemptions.all.first { $0.plugin == plugin }
            #expect(
                exemption != nil,
                """
                the \(plugin.port) plugin "\(plugin.name)" runs no contract suite against a server of its own wire: \
                add its entry to its port's suite lists (RemoteAdapters, SeededAdapters or the port's factory) \
                with `plugin: CoveredPlugin(.\(plugin.port), "\(plugin.name)", …)`, or to PluginSuiteExemptions \
                saying why
                """)
        }
    }

    @Test("Every exemption names a registered plugin the suites do not cover, and says why")
    func everyExemptionIsNeeded() {
        let covered = PluginSuiteCoverage.covered
        for exemption in PluginSuiteExemptions.all {
            #expect(Self.registered.contains(exemption.plugin), "exempt \(exemption.plugin) is not registered")
            #expect(!covered.contains(exemption.plugin), "exempt \(exemption.plugin) is covered: drop the exemption")
            #expect(!exemption.reason.isEmpty)
        }
    }

    @Test("Each decorator Composition puts in front of the remote adapters runs over an adapter of its port")
    func everyDecoratorRuns() {
        let names =
            RemoteAdapters.ourAuth.map(\.testDescription) + RemoteAdapters.ourUsers.map(\.testDescription)
            + RemoteAdapters.ourStatements.map(\.testDescription) + RemoteAdapters.ourHealth.map(\.testDescription)
        let decorators = [
            "DeadlineAuthRemoteAPI", "DeadlineUserRemoteAPI", "DeadlineStatementRemoteAPI", "DeadlineHealthProbe",
            "OutcomeRecordingAuthRemoteAPI", "OutcomeRecordingUserRemoteAPI", "OutcomeRecordingStatementRemoteAPI",
        ]
        for decorator in decorators {
            #expect(names.contains { $0.hasPrefix("\(decorator)(") }, "\(decorator) runs over no adapter")
        }
    }
}

/// A registry plugin by port key and name.
struct CoveredPluginKey: Sendable, Hashable, CustomStringConvertible {
    let port: String
    let name: String

    var description: String { "\(port) plugin \"\(name)\"" }
}

/// The plugins the suites' lists run against a server of their own wire.
enum PluginSuiteCoverage {
    /// A remote plugin is covered when both its seeded and its control
    /// suites run it on its own wire; a local one when its suite does.
    static var covered: Set<CoveredPluginKey> {
        let seeded =
            onOwnWire(SeededAdapters.auth) + onOwnWire(SeededAdapters.users)
            + onOwnWire(SeededAdapters.statementsOnCoraRoutes) + onOwnWire(SeededAdapters.health)
        let control =
            onOwnWire(RemoteAdapters.ourAuth) + onOwnWire(RemoteAdapters.ourUsers)
            + onOwnWire(RemoteAdapters.ourStatements) + onOwnWire(RemoteAdapters.ourHealth)
        // Under CONTRACT_BASE_URL the seeded lists hold the outside server's
        // adapter alone; the registry's plugins are still those of our lists.
        let seededOrOurs = RemoteTarget.outsideBaseURL == nil ? seeded : control
        let remote = Set(seededOrOurs).intersection(control)
        let local =
            ConnectivityProbeFactory.all.compactMap(\.plugin) + StoreFactory.all.flatMap(\.plugins)
            + CodingUnderTest.all.compactMap(\.plugin) + ClockContractFactory.all.compactMap(\.plugin)
            + PreferencesStoreFactory.all.compactMap(\.plugin) + BrowserOpenerContractTests.openers.compactMap(\.plugin)
            + SessionEventSinkFactory.all.compactMap(\.plugin)
        return remote.union(local.map(key))
    }

    private static func onOwnWire<API>(_ entries: [RemoteAdapterFactory<API>]) -> [CoveredPluginKey] {
        entries.filter(\.runsPluginOnItsOwnDialect).compactMap(\.plugin).map(key)
    }

    private static func key(_ plugin: CoveredPlugin) -> CoveredPluginKey {
        CoveredPluginKey(port: plugin.port.rawValue, name: plugin.name)
    }
}

/// The plugins that do not run their port's suites on their own wire, each
/// saying why. The aim is an empty list.
enum PluginSuiteExemptions {
    struct Exemption: Sendable {
        let plugin: CoveredPluginKey
        let reason: String
    }

    static let all: [Exemption] = [
        Exemption(
            plugin: CoveredPluginKey(port: "user", name: "token-only"),
            reason: """
                has no current-user or account route (offersCurrentUser false): the seeded and control user \
                suites do not apply; it runs the user-routes suite (UserRemoteAPI contract: user routes)
                """),
        Exemption(
            plugin: CoveredPluginKey(port: "user", name: "openid-userinfo"),
            reason: """
                a standard UserInfo endpoint cannot answer what the seeded and control user suites ask \
                (USER_INACTIVE, USER_DELETED: RFC 6750 only says invalid_token) and the OAuth 2.0 stand-in \
                has no UserInfo route; OpenIDUserInfoRemoteAPITests prove it against a stub server, \
                its claims, statuses and bounds
                """),
        Exemption(
            plugin: CoveredPluginKey(port: "auth", name: "oauth2"),
            reason: """
                signs in only through a browser or the device flow, and the seeded suites sign in by password: \
                it runs the sign-in-outside-the-app suite (AuthRemoteAPIExternalSignInContractTests), and its flows are \
                proved by OAuth2BrowserSignInTests and OAuth2DeviceSignInTests against a stand-in; \
                the same adapter with the password grant (oauth2-password-legacy) runs the seeded suites for \
                refresh and revocation
                """),
        Exemption(
            plugin: CoveredPluginKey(port: "events", name: "none"),
            reason: """
                makes no sink: the session's events go to the world's own in-process record alone, \
                which the SessionEventSink suite runs as InMemorySessionEventSink
                """),
    ]
}
