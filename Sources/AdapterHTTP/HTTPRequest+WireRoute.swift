import BoundedHTTP
import Ports
import WireContract

extension HTTPRequest {
    /// A request of the wire contract's `route`: its method, its path (with
    /// `parameters` filled in) and whether the API key goes along all come
    /// from the route table, so an adapter cannot send a route the server
    /// does not serve the way it serves it. The path is sent relative to the
    /// base URL (no leading `/`), so a backend under a path prefix
    /// (`https://host/api/`) keeps its prefix.
    init(
        _ route: WireRoute, parameters: [String: String] = [:], limit: ResponseBodyLimit,
        body: [String: any Sendable]? = nil, token: AccessToken? = nil, forbidsRedirect: Bool = false
    ) {
        self.init(
            method: route.method, path: String(route.path(parameters).dropFirst()), limit: limit, body: body,
            token: token, sendsAPIKey: route.authorization != .noCredentials, forbidsRedirect: forbidsRedirect)
    }
}
