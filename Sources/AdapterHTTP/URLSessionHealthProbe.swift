public import BoundedHTTP
public import Ports
import WireContract

/// `HealthProbe` over `WireRoute.health` (no API key, no token): 200 with
/// `{"status":"healthy"}` is healthy; a 4xx is a refusal (`.rejected`: the
/// server is up but refuses the app, or is not its backend); any other
/// answer is unhealthy; a 200 without that body is malformed; no answer is
/// a transport error or timeout.
public struct URLSessionHealthProbe: HealthProbe {
    /// Each check asks the health route.
    public var source: HealthSource { .healthRoute }
    private let transport: HTTPTransport

    public init(configuration: HTTPConfiguration) {
        transport = HTTPTransport(configuration: configuration)
    }

    public func check() async throws(RemoteError) -> ServerHealth {
        let (status, data) = try await transport.send(
            HTTPRequest(.health, limit: .health))
        if (400..<500).contains(status) { throw .rejected(status: status, code: nil) }
        guard status == 200 else { return .unhealthy }
        let answer = try WireFormat.string(try WireFormat.object(data), "status")
        return answer == "healthy" ? .healthy : .unhealthy
    }
}
