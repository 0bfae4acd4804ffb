/// Whether the device has a network path at all (NWPathMonitor on iOS): the
/// difference between "offline" and "the server is down".
///
/// Contract, for every adapter:
/// - `isConnected()` returns false when no network interface could carry a
///   request to the backend, true otherwise;
/// - it answers from local state: it never sends a request and never waits on
///   the network.
public protocol ConnectivityProbe: Sendable {
    func isConnected() async -> Bool
}
