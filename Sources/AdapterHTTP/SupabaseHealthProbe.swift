public import BoundedHTTP
public import Ports

/// `HealthProbe` over Supabase Auth's health route (`GET health` below its
/// `auth/v1/` base, not the wire contract's), with the `apikey` the
/// hosted gateway asks of every route: a 200 with a JSON object (GoTrue's
/// `{"version", "name", "description"}`) is healthy, any other status
/// unhealthy; a 200 without a JSON object throws `.malformedResponse`, as the
/// port says; no answer throws `.transport` or `.timeout`.
///
/// Built from Supabase Auth's public source, not tried against a live Supabase.
public struct SupabaseHealthProbe: HealthProbe {
    /// Each check asks the health route.
    public var source: HealthSource { .healthRoute }
    private let transport: HTTPTransport

    /// A probe of the Supabase Auth at `configuration`'s base URL.
    public init(configuration: HTTPConfiguration) {
        transport = HTTPTransport(configuration: configuration)
    }

    public func check() async throws(RemoteError) -> ServerHealth {
        let (status, data) = try await transport.send(HTTPRequest(method: "GET", path: "health", limit: .health))
        guard status == 200 else { return .unhealthy }
        _ = try WireFormat.object(data)
        return .healthy
    }
}
