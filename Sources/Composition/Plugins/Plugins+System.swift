import AdapterSystem
import Ports
import TaskRuntime

/// The plugins of `AdapterSystem`: the real machine.
enum SystemPlugins {
    /// The machine's own network interfaces: offline when only loopback is up.
    static let networkInterfaces = PluginRegistry.Plugin<any ConnectivityProbe>(
        name: "network-interfaces", summary: "the machine's network interfaces (offline when only loopback is up)"
    ) { _ throws(CompositionError) in NetworkInterfaceConnectivityProbe() }

    /// The system's browser: the program `$BROWSER` names, else `xdg-open` (the address as its one
    /// argument, never a shell); where there is none, the screen shows the
    /// address for the person to open.
    static let browser = PluginRegistry.Plugin<any BrowserOpener>(
        name: "system",
        summary: "the system's browser: $BROWSER, else xdg-open (else the person opens the address shown)"
    ) { _ throws(CompositionError) in SystemBrowserOpener() }

    /// Real time; its sleepers still park through the run's count of work.
    static let systemClock = PluginRegistry.ClockPlugin(
        name: "system", summary: "the system clock (real time)"
    ) { activity, _ in .real(SystemClock(activity: activity)) }
}
