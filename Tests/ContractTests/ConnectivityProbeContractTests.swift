import AdapterHTTP
import AdapterInMemory
import AdapterSystem
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

/// The `ConnectivityProbe` port's contract, for every adapter.
@Suite("ConnectivityProbe contract")
struct ConnectivityProbeContractTests {
    @Test(arguments: ConnectivityProbeFactory.all)
    func isConnected_answersTheSameWhenNothingChanged(_ factory: ConnectivityProbeFactory) async {
        let (probe, _) = factory.make()
        let first = await probe.isConnected()
        #expect(await probe.isConnected() == first)
    }

    @Test(arguments: ConnectivityProbeFactory.switchable)
    func isConnected_followsTheNetworkGoingAndComingBack(_ factory: ConnectivityProbeFactory) async throws {
        let (probe, setConnected) = factory.make()
        let set = try #require(setConnected)
        set(false)
        #expect(await probe.isConnected() == false)
        set(true)
        #expect(await probe.isConnected() == true)
    }
}
