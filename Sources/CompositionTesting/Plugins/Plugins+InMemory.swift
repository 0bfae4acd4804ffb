import AdapterInMemory
public import SimulatedBackend
public import Composition
public import Ports
import TaskRuntime
import VirtualTime

/// The plugins of the simulated backend and of what only pretends: the
/// four remote ones share one `InMemoryBackend` per world (made by whichever
/// asks first), so an environment may take any of them and put another
/// adapter in the other ports; a network that a switch turns, a browser
/// that opens nothing, and virtual time. Testing plugins: an app ships none
/// of them (`PluginRegistry.shipping`).
public enum InMemoryPlugins {
    public static let auth = PluginRegistry.Plugin<any AuthRemoteAPI>(
        name: "in-memory",
        summary:
            "sign-in, refresh, sign-up and sign-out on the simulated backend in this process (sign-up and sign-in by e-mail unless the settings say the backend lacks them; by password, or in the browser or on another device; a sign-up that creates an account, one whose account is confirmed by e-mail first, or one that signs in)",
        settings: AuthRouteSettings.all + InMemorySignInSettings.all
    ) { context throws(CompositionError) in
        InMemoryAuthRemoteAPI(
            backend: try backend(context), registrationOffer: InMemorySignInSettings.registrationOffer(context),
            signsInByEmail: AuthRouteSettings.signsInByEmail(context),
            signInMethods: InMemorySignInSettings.methods(context))
    }

    public static let user = PluginRegistry.Plugin<any UserRemoteAPI>(
        name: "in-memory", summary: "the signed-in user on the simulated backend in this process"
    ) { context throws(CompositionError) in InMemoryUserRemoteAPI(backend: try backend(context)) }

    public static let statement = PluginRegistry.Plugin<any StatementRemoteAPI>(
        name: "in-memory", summary: "the statement on the simulated backend in this process"
    ) { context throws(CompositionError) in InMemoryStatementRemoteAPI(backend: try backend(context)) }

    public static let health = PluginRegistry.Plugin<any HealthProbe>(
        name: "in-memory", summary: "the simulated backend's health switch"
    ) { context throws(CompositionError) in InMemoryHealthProbe(backend: try backend(context)) }

    /// A network that stays on unless a test or script turns it off with
    /// its switch (`networkSwitch(_:)`, which `WorldTestHooks.acceptance`
    /// makes), made once per world with the probe it turns.
    public static let connectivity = PluginRegistry.Plugin<any ConnectivityProbe>(
        name: "in-memory", summary: "a network switch, on unless turned off"
    ) { context throws(CompositionError) in try networkConnectivity(context) }

    /// The switch of the world's in-memory network (`network off|on`).
    static func networkSwitch(_ context: PluginContext) throws(CompositionError) -> NetworkSwitch {
        let network = try networkConnectivity(context)
        return NetworkSwitch { network.set(connected: $0) }
    }

    /// The world's in-memory network, shared by the connectivity probe and its switch.
    private static func networkConnectivity(_ context: PluginContext) throws(CompositionError) -> InMemoryConnectivity {
        try context.shared("in-memory-connectivity") { () throws(CompositionError) in InMemoryConnectivity() }
    }

    /// A browser that opens nothing and keeps the addresses it was asked
    /// to open: what a virtual-time run, which no person watches, plugs in.
    public static let browser = PluginRegistry.Plugin<any BrowserOpener>(
        name: "in-memory", summary: "opens nothing: keeps the addresses it was asked to open (virtual-time runs)"
    ) { _ throws(CompositionError) in InMemoryBrowserOpener() }

    /// Virtual time: the run's own manual clock, or the one it shares with a
    /// server in this process; the app's work runs on the main queue
    /// (`VirtualTimeExecutor`), one executor per world.
    public static let virtualClock = PluginRegistry.ClockPlugin(
        name: "virtual", summary: "virtual time: it moves only when the app is told to wait"
    ) { activity, sharedTime in
        .virtual(sharedTime?.clock ?? ManualClock(activity: activity), executor: VirtualTimeExecutor())
    }

    /// The simulated backend of the world, made once and shared by the remote plugins.
    public static func backend(_ context: PluginContext) throws(CompositionError) -> InMemoryBackend {
        try context.shared("in-memory-backend") { () throws(CompositionError) in
            InMemoryBackend(
                clock: context.clock,
                configuration: InMemoryBackend.Configuration(tokenLifetime: context.settings.shared.tokenLifetime),
                activity: context.activity)
        }
    }
}
