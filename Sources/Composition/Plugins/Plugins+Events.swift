/// Where an events plugin sends the session's events, beyond the world's own
/// in-process record (which `--events stderr` and the tests read whatever the
/// plugin): the record the environment's store keeps, a team's own sink, or
/// nowhere.
public enum EventDestination: Sendable {
    /// The record the store plugin keeps on the device
    /// (`PluginRegistry.StorePlugin.makeEventLog`; none for a store that
    /// keeps nothing beyond the process): `app events` reads it back.
    case theStoresRecord
    /// A team's own: its sink and how `app events` reads back what it kept,
    /// made given how to say a failure to write (the world tells the person
    /// once, and keeps it: `AppWorld.eventLogFailure`).
    case own(@Sendable (_ onFailure: @escaping @Sendable (String) -> Void) -> PluginRegistry.EventLog)
    /// Nowhere beyond the world's own record.
    case nowhere
}

/// The built-in plugins of the events port (`PortName.events`). A team adds
/// its own to its registry (`PluginRegistry.events`), making
/// `.own { onFailure in EventLog(sink:read:) }` from its settings, and an environment file
/// names it (`"plugins": {"events": "…"}`).
public enum EventPlugins {
    /// The store's record on the device: every environment's unless told.
    public static let store = PluginRegistry.Plugin<EventDestination>(
        name: "store",
        summary: "the record the store keeps on the device (the file keychain's event log; none for an in-memory store)"
    ) { _ in .theStoresRecord }

    /// No record beyond the process's own.
    public static let none = PluginRegistry.Plugin<EventDestination>(
        name: "none", summary: "no record beyond the running process's: app events then has nothing to read"
    ) { _ in .nowhere }

    /// Both, the default first.
    public static let all = [store, none]
}
