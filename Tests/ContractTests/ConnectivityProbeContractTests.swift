import AdapterHTTP
import AdapterInMemory
import AdapterSystem
import PortContracts
import Ports
import Testing

/// A connectivity probe under test, with a way to take the network away when
/// the adapter allows it (a real probe reports the machine's own state).
struct ConnectivityProbeFactory: Sendable, CustomTestStringConvertible {
    let name: String
    /// The registry plugin this probe is.
    var plugin: CoveredPlugin? = nil
    let make: @Sendable () -> (probe: any ConnectivityProbe, setConnected: (@Sendable (Bool) -> Void)?)

    var testDescription: String { name }

    /// Every `ConnectivityProbe` adapter; a new one joins with one line.
    static let all: [ConnectivityProbeFactory] = [
        ConnectivityProbeFactory(name: "InMemoryConnectivity", plugin: CoveredPlugin(.connectivity, "in-memory")) {
            let probe = InMemoryConnectivity()
            return (probe, { probe.set(connected: $0) })
        },
        ConnectivityProbeFactory(
            name: "NetworkInterfaceConnectivityProbe", plugin: CoveredPlugin(.connectivity, "network-interfaces")
        ) {
            (NetworkInterfaceConnectivityProbe(), nil)
        },
    ]

    /// The adapters whose network a test can switch off and on.
    static let switchable = all.filter { $0.make().setConnected != nil }
}

/// The `ConnectivityProbe` port's contract, for every adapter: the
/// promises of `PortContracts`' `ConnectivityProbeContract`, those that need
/// the network switch on the adapters that have one.
@Suite("ConnectivityProbe contract")
struct ConnectivityProbeContractTests {
    @Test(
        "Every probe keeps each promise that needs no switch",
        arguments: ConnectivityProbeFactory.all,
        ConnectivityProbeContract.Promise.allCases.filter { !$0.needsTheNetworkSwitch })
    func keepsThePromise(_ factory: ConnectivityProbeFactory, _ promise: ConnectivityProbeContract.Promise) async throws
    {
        try await ConnectivityProbeContract.check(promise, on: factory.underTest)
    }

    @Test(
        "Every probe with a network switch keeps each promise that needs it",
        arguments: ConnectivityProbeFactory.switchable,
        ConnectivityProbeContract.Promise.allCases.filter(\.needsTheNetworkSwitch))
    func keepsTheSwitchedPromise(
        _ factory: ConnectivityProbeFactory, _ promise: ConnectivityProbeContract.Promise
    ) async throws {
        try await ConnectivityProbeContract.check(promise, on: factory.underTest)
    }

    @Test(
        "A promise that needs the switch, checked on a probe without one, fails naming the switch",
        arguments: ConnectivityProbeContract.Promise.allCases.filter(\.needsTheNetworkSwitch))
    func aSwitchedPromiseWithoutTheSwitchFailsLoudly(_ promise: ConnectivityProbeContract.Promise) async throws {
        try await withKnownIssue {
            try await ConnectivityProbeContract.check(promise) {
                ConnectivityProbeUnderTest(probe: InMemoryConnectivity())
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("needs the probe's network switch")
        }
    }
}

extension ConnectivityProbeFactory {
    /// The probe and its switch, as `PortContracts` takes them.
    @Sendable func underTest() async throws -> ConnectivityProbeUnderTest {
        let (probe, setConnected) = make()
        return ConnectivityProbeUnderTest(probe: probe, setConnected: setConnected)
    }
}
