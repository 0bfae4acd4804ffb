public import Ports

/// `HealthProbe` over an `InMemoryBackend`. A faulted status other than 2xx
/// reads as unhealthy, as the port says of any status but 200; a 2xx with no
/// body is malformed.
public struct InMemoryHealthProbe: HealthProbe {
    /// Each check asks the health route.
    public var source: HealthSource { .healthRoute }
    private let backend: InMemoryBackend

    public init(backend: InMemoryBackend) {
        self.backend = backend
    }

    public func check() async throws(RemoteError) -> ServerHealth {
        let action = await backend.admit(BackendRoute.health)
        switch action {
        case .proceed, .deliver:
            return await backend.health()
        case .refusal:
            return .unhealthy
        case .status(let status, _) where (200..<300).contains(status):
            throw .malformedResponse("a \(status) without a health body")
        case .status:
            return .unhealthy
        case .drop, .malformed:
            throw action.remoteError(cancelled: Task.isCancelled) ?? .malformedResponse("no health body")
        }
    }
}
