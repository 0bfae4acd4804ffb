public import Ports
import Synchronization

/// A connectivity switch for tests, scripts and the in-memory environment:
/// connected until told otherwise.
public final class InMemoryConnectivity: ConnectivityProbe {
    private let connected = Mutex(true)

    public init(connected: Bool = true) {
        self.connected.withLock { $0 = connected }
    }

    public func isConnected() async -> Bool {
        connected.withLock { $0 }
    }

    /// Turns the network on or off.
    public func set(connected: Bool) {
        self.connected.withLock { $0 = connected }
    }
}
