import AdapterInMemory
import Ports

/// The plugins of `AdapterInMemory` that an app may ship: a session, its
/// coding and the preferences kept in the process's memory, lasting one run
/// (a keychain that forgets at exit). The simulated backend's plugins,
/// virtual time, and the network and browser that only pretend are
/// `CompositionTesting`'s.
enum InMemoryDevicePlugins {
    static let coding = PluginRegistry.Plugin<any SessionCoding>(
        name: "in-memory-text", summary: "a versioned JSON envelope, kept small for the in-memory store"
    ) { _ throws(CompositionError) in InMemorySessionCoding() }

    static let store = PluginRegistry.StorePlugin(
        name: "in-memory", summary: "the session kept in this process's memory (a keychain that lasts one run)"
    ) { _, coding throws(CompositionError) in InMemorySessionDataStore(coding: coding) }

    static let preferences = PluginRegistry.Plugin<any PreferencesStore>(
        name: "in-memory", summary: "the preferences kept in this process's memory (they last one run)"
    ) { _ throws(CompositionError) in InMemoryPreferencesStore() }
}
