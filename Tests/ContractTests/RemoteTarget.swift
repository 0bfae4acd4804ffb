import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which server the remote contract suites test, and what it offers.
///
/// Without `CONTRACT_BASE_URL` the suites test this package's own servers
/// (the in-memory backend, and the reference server in this process), which
/// offer every route and the control API. With it, they test only that
/// server: the seeded suites run, the control suites are skipped (unless
/// `CONTRACT_CONTROL=1` says the server has the control API), and a suite
/// or test whose route the server does not offer is skipped as "route not
/// offered" — learned by one probe per route, done once (`RemoteRouteProbe`).
enum RemoteTarget {
    /// `CONTRACT_BASE_URL`, when set and not empty.
    static let outsideBaseURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["CONTRACT_BASE_URL"], !url.isEmpty else { return nil }
        return url
    }()

    /// `CONTRACT_API_KEY`: the key the outside server takes ("" when unset).
    static let outsideAPIKey = ProcessInfo.processInfo.environment["CONTRACT_API_KEY"] ?? ""

    /// Whether the server under test has the control API (`/_control/*`)
    /// with a virtual clock: our own servers always; an outside one only when
    /// `CONTRACT_CONTROL=1` says so (e.g. `app serve --virtual-clock`).
    static let hasControlAPI: Bool =
        outsideBaseURL == nil || ProcessInfo.processInfo.environment["CONTRACT_CONTROL"] == "1"

    /// What the outside server offers, probed once on first use; everything
    /// when the suites test our own servers.
    static func offer() async -> RemoteOffer {
        guard outsideBaseURL != nil else { return .everything }
        return await probedOffer.value
    }

    private static let probedOffer = Task {
        await RemoteRouteProbe.offer(baseURL: outsideBaseURL ?? "", apiKey: outsideAPIKey)
    }
}

/// The routes a server offers, and whether its sign-in takes an e-mail.
struct RemoteOffer: Sendable, Equatable {
    var routes: Set<String>
    var signsInByEmail: Bool

    static let everything = RemoteOffer(routes: Set(RemoteRoute.all), signsInByEmail: true)
}

/// Learns what a server offers without changing anything on it.
///
/// A route is *not offered* when a request to it (with the API key, no
/// token, an empty JSON object as body) is answered 404 with the very body a
/// path no server has (`/contract-probe/no-such-route`) gets, or 405: the
/// path is served, but not with that method (sign-out, `DELETE
/// /challenge/auth`, on a backend that only signs in there). A route that
/// exists answers something else — 401 for want of a token, 400 for the
/// empty body — so nothing is signed in, changed, signed out or deleted. A server
/// that cannot be reached offers everything: its tests then run and fail,
/// never skip. Sign-in by e-mail is offered when an unknown e-mail is
/// refused as wrong credentials (401), not as a body the route does not take.
enum RemoteRouteProbe {
    static func offer(baseURL: String, apiKey: String) async -> RemoteOffer {
        let unknown = await answer(baseURL: baseURL, apiKey: apiKey, "GET", "/contract-probe/no-such-route", body: nil)
        var routes = Set<String>()
        for route in RemoteRoute.all {
            let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
            let path = parts[1].replacingOccurrences(of: ":id", with: "contract-probe")
            let body = ["POST", "PATCH"].contains(parts[0]) ? Data("{}".utf8) : nil
            let answer = await answer(baseURL: baseURL, apiKey: apiKey, parts[0], path, body: body)
            let notOffered = (unknown != nil && answer?.status == 404 && answer == unknown) || answer?.status == 405
            if !notOffered { routes.insert(route) }
        }
        var signsInByEmail = false
        if routes.contains(RemoteRoute.auth) {
            let body = Data(#"{"email":"contract-probe@example.com","password":"000000"}"#.utf8)
            let answer = await answer(baseURL: baseURL, apiKey: apiKey, "POST", "/challenge/auth", body: body)
            signsInByEmail = answer == nil || answer?.status == 401
        }
        return RemoteOffer(routes: routes, signsInByEmail: signsInByEmail)
    }

    private struct Answer: Sendable, Equatable {
        let status: Int
        let body: Data
    }

    /// The server's answer, or nil when none came (unreachable, dropped).
    private static func answer(baseURL: String, apiKey: String, _ method: String, _ path: String, body: Data?) async
        -> Answer?
    {
        guard let url = URL(string: baseURL + path) else { return nil }
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = method
        request.setValue(apiKey, forHTTPHeaderField: "apikey")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let result = Mutex<Answer?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            URLSession.shared.dataTask(with: request) { data, response, _ in
                if let status = (response as? HTTPURLResponse)?.statusCode {
                    result.withLock { $0 = Answer(status: status, body: data ?? Data()) }
                }
                continuation.resume()
            }.resume()
        }
        return result.withLock { $0 }
    }
}

extension Trait where Self == ConditionTrait {
    /// A suite that needs the control API: account states, faults, the
    /// server's clock, revocation, metrics, or a reset after it changes the
    /// seeded data. A server named by `CONTRACT_BASE_URL` is not assumed to
    /// have one.
    static var needsControlAPI: Self {
        .enabled(
            if: RemoteTarget.hasControlAPI,
            "needs the control API (/_control/*) to switch account states, inject faults, move the server's clock or reset its data; CONTRACT_BASE_URL names a server that may have none (CONTRACT_CONTROL=1 says it has one)"
        )
    }

    /// A suite or test that calls `routes`: skipped as "route not offered"
    /// where the server under test does not serve one of them.
    static func needsRoutes(_ routes: String...) -> Self {
        .enabled(
            "route not offered by the server under test (this needs every one of \(routes.joined(separator: ", ")))"
        ) {
            await RemoteTarget.offer().routes.isSuperset(of: routes)
        }
    }

    /// A test that signs in by e-mail, which not every backend takes (Cora's does not).
    static var needsSignInByEmail: Self {
        .enabled("sign-in by e-mail not offered by the server under test") {
            await RemoteTarget.offer().signsInByEmail
        }
    }
}
