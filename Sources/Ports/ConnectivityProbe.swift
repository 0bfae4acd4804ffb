/// Whether the device has a network path at all (NWPathMonitor on iOS): the
/// difference between "offline" and "the server is down".
public protocol ConnectivityProbe: Sendable {
    /// Whether the device has a network path right now.
    ///
    /// Answers from local state: it never sends a request and never waits on
    /// the network.
    ///
    /// - Returns: false when no network interface could carry a request to the
    ///   backend, true otherwise.
    func isConnected() async -> Bool
}
