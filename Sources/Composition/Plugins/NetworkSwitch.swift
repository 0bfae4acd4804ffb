/// Turns the device's network on or off (a script's `network off|on`): the
/// capability a connectivity plugin declares when its network is one a test
/// can switch (`PluginRegistry.Plugin.networkSwitch`). A plugin that
/// declares none — the machine's own network interfaces — cannot be switched.
public struct NetworkSwitch: Sendable {
    private let setConnected: @Sendable (Bool) -> Void

    /// - Parameter setConnected: Connects (true) or disconnects (false) the
    ///   network the plugin's probe reports on.
    public init(_ setConnected: @escaping @Sendable (Bool) -> Void) {
        self.setConnected = setConnected
    }

    public func set(connected: Bool) {
        setConnected(connected)
    }
}
