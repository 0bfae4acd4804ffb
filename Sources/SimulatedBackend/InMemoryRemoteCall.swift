import Ports

/// How the in-memory adapters turn the backend's answers into `RemoteError`,
/// as an HTTP adapter would see the same answers on the wire.
extension InMemoryBackend {
    /// Admits a request of `route`; throws what the client would see when a
    /// fault stops it.
    func admitOrThrow(_ route: String) async throws(RemoteError) {
        if let error = await admit(route).remoteError(cancelled: Task.isCancelled) { throw error }
    }
}

extension InMemoryBackend.FaultAction {
    /// Drop: the connection broke (or the caller gave up while waiting);
    /// malformed: the body broke the contract; status: an error answer whose
    /// body holds no code (the in-memory adapters have no bytes to misread:
    /// each body reads as none); refusal: the status the port gives it (a
    /// throttle is a 429); deliver: served as usual (there is no wire here
    /// to deliver an answer over).
    func remoteError(cancelled: Bool) -> RemoteError? {
        switch self {
        case .proceed, .deliver: return nil
        case .refusal(let refusal): return .rejected(status: refusal.status, code: nil)
        case .drop: return .transport(cancelled ? "request cancelled" : "connection dropped")
        case .malformed: return .malformedResponse("the body is not what the contract says")
        case .status(let status, _): return .rejected(status: status, code: nil)
        }
    }
}

extension InMemoryBackend.Refusal {
    /// The status the port's words give the refusal (`RemoteError`, "A
    /// refusal the dialect names"), and the one the wire contract answers.
    public var status: Int {
        switch self {
        case .throttled: 429
        case .unavailable: 503
        case .serverFailure: 500
        }
    }
}
