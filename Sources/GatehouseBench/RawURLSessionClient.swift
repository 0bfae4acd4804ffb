import Composition
import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports
import WireContract

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The overhead scenario's baseline: `GET /challenge/list` on a plain
/// URLSession made with the same session configuration as the HTTP
/// adapters' (ephemeral, the same timeouts, no cookies, no cache), the same
/// headers, and nothing else — optionally with the body parsed by
/// `JSONSerialization`, which is the least any client does with it.
final class RawURLSessionClient: Sendable {
    private let session: URLSession
    private let request: URLRequest

    init(configuration: HTTPConfiguration, token: AccessToken) {
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        let seconds = max(1, configuration.timeout.timeInterval.rounded(.up))
        sessionConfiguration.timeoutIntervalForRequest = seconds
        sessionConfiguration.timeoutIntervalForResource = seconds
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.urlCache = nil
        session = URLSession(configuration: sessionConfiguration)
        let route = WireRoute.statementList
        var request = URLRequest(url: configuration.baseURL.appendingPathComponent(String(route.path().dropFirst())))
        request.httpMethod = route.method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let key = configuration.apiKey { request.setValue(key.reveal(), forHTTPHeaderField: "apikey") }
        request.setValue(token.reveal(), forHTTPHeaderField: "token")
        self.request = request
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// One request; throws unless the answer is 200 (and, when `parsing`, valid JSON).
    func fetchStatement(parsing: Bool) async throws(BenchSetupError) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw BenchSetupError("raw URLSession request failed: \(error.localizedDescription)")
        }
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw BenchSetupError("raw URLSession request was not answered 200")
        }
        if parsing {
            do {
                _ = try JSONSerialization.jsonObject(with: data)
            } catch {
                throw BenchSetupError("the statement is not JSON")
            }
        }
    }
}
