import AdapterHTTP
import Composition
import Foundation

/// The control switches of a server in another process (`app serve`), through
/// its control API (docs/spec/control-api.md) on loopback: what lets `app run`
/// reset that server before each script and run the scripts that flip its
/// switches, as it does in memory.
struct HTTPBackendControl: BackendControl {
    let api: URLSessionControlAPI

    /// The server's control API when the `http` auth plugin's settings in
    /// `context` say it has one (`controlAPI`); only ever on loopback.
    static func declared(in context: PluginContext) throws(CompositionError) -> HTTPBackendControl? {
        guard context.settings.flag(HTTPPlugins.controlAPIKey) == true else { return nil }
        let configuration = try HTTPPlugins.httpConfiguration(context)
        do {
            return HTTPBackendControl(api: try URLSessionControlAPI(configuration: configuration))
        } catch {
            throw .invalidSetting(setting: HTTPPlugins.controlAPIKey, reason: error.description)
        }
    }

    func setHealthy(_ healthy: Bool) async throws(BackendControlError) {
        try await call("POST", "health", ["healthy": healthy])
    }

    func setAccountState(cpf: String, _ state: ServerAccountState) async throws(BackendControlError) {
        try await call("POST", "users/\(cpf.filter(\.isNumber))", ["state": state.rawValue])
    }

    func revokeAllTokens() async throws(BackendControlError) {
        try await call("POST", "revoke")
    }

    func addFault(route: String, mode: ServerFaultMode, count: Int) async throws(BackendControlError) {
        // Refused here, as in memory, whatever the server does: a server that
        // took a misspelt route would let the fault never fire.
        try InMemoryBackendControl.requireKnownRoute(route)
        // A delay is the "status" mode without a status: the answer is held,
        // then given as usual.
        let wireMode: [String: any Sendable] =
            switch mode {
            case .status(let status): ["mode": "status", "status": status]
            case .delay(let duration): ["mode": "status", "delayMs": Self.milliseconds(duration)]
            case .drop: ["mode": "drop"]
            case .malformed: ["mode": "malformed"]
            case .hang: ["mode": "hang"]
            }
        let body = wireMode.merging(["route": route, "count": count]) { wire, _ in wire }
        try await call("POST", "faults", body)
    }

    func clearFaults() async throws(BackendControlError) {
        try await call("DELETE", "faults")
    }

    func metrics() async throws(BackendControlError) -> ServerMetrics {
        let data = try await call("GET", "metrics")
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let requests = object["requests"] as? [String: Int], let logins = object["logins"] as? Int,
            let refreshes = object["refreshes"] as? Int, let rejected = object["refreshesRejected"] as? Int,
            let live = object["tokensLive"] as? Int
        else {
            throw BackendControlError(
                "the server's metrics are not what the control API says (docs/spec/control-api.md)")
        }
        return ServerMetrics(
            requests: requests, logins: logins, refreshes: refreshes, refreshesRejected: rejected, tokensLive: live)
    }

    func reset() async throws(BackendControlError) {
        try await call("POST", "reset")
    }

    /// Refused: the wire contract's backend signs in by password only, its
    /// sign-up needs no confirmation, and its control API has no simulated
    /// person.
    func act(_ action: PersonAction) async throws(BackendControlError) {
        if case .confirmsAccount = action {
            throw BackendControlError(
                "this backend's sign-up needs no confirmation: an account to confirm is simulated by the in-memory backend only"
            )
        }
        throw BackendControlError(
            "this backend has no sign-in outside the app: the person of one is simulated by the in-memory backend only")
    }

    /// None: the control API has no route that hands out tokens or passwords,
    /// and it should not. A run still checks its output for the token the app
    /// holds, every password it typed and the API key.
    func knownSecrets() async -> [KnownSecret] { [] }

    @discardableResult
    private func call(
        _ method: String, _ route: String, _ body: [String: any Sendable]? = nil
    ) async throws(BackendControlError) -> Data {
        do {
            return try await api.call(method, route, body: body)
        } catch {
            throw BackendControlError("\(method) /_control/\(route): \(error)")
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
