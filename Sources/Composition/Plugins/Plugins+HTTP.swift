import AdapterHTTP
import Ports

/// The plugins of `AdapterHTTP`.
enum HTTPPlugins {
    /// The machine's own network interfaces: offline when none but loopback is up.
    static let connectivity = PluginRegistry.Plugin<any ConnectivityProbe>(
        name: "network-interfaces", summary: "the machine's network interfaces (offline when only loopback is up)"
    ) { _ throws(CompositionError) in NetworkInterfaceConnectivityProbe() }
}
