#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Foundation
import Ports

/// One request of the wire contract.
struct HTTPRequest: Sendable {
    var method: String
    /// The path below the base URL, already percent-encoded where needed.
    var path: String
    var body: [String: any Sendable]?
    var token: AccessToken?
    var sendsAPIKey = true
    /// A sign-in, a registration or a refresh carries a password or the token
    /// in its body: never redirected.
    var forbidsRedirect = false
}

/// Sends contract requests over URLSession and maps every failure onto
/// `RemoteError` at this edge: status and contract code, transport, timeout,
/// malformed body. Nothing it throws carries a token or the API key.
final class HTTPTransport: Sendable {
    let configuration: HTTPConfiguration
    private let session: URLSession

    init(configuration: HTTPConfiguration) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // URLSession on Linux counts timeouts in whole seconds (0.3 s would be
        // 0: an immediate timeout), so round up, to one second at least.
        let seconds = max(1, configuration.timeout.timeInterval.rounded(.up))
        sessionConfiguration.timeoutIntervalForRequest = seconds
        sessionConfiguration.timeoutIntervalForResource = seconds
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.urlCache = nil
        session = URLSession(configuration: sessionConfiguration, delegate: RedirectDelegate(), delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// The status and body of the answer; throws for no answer at all.
    func send(_ request: HTTPRequest) async throws(RemoteError) -> (status: Int, body: Data) {
        guard let url = URL(string: request.path, relativeTo: configuration.baseURL) else {
            throw .transport("cannot build a URL for \(request.path)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        if request.sendsAPIKey, let key = configuration.apiKey {
            urlRequest.setValue(key.reveal(), forHTTPHeaderField: "apikey")
        }
        if let token = request.token {
            switch configuration.tokenHeaderStyle {
            case .token: urlRequest.setValue(token.reveal(), forHTTPHeaderField: "token")
            case .bearer: urlRequest.setValue("Bearer \(token.reveal())", forHTTPHeaderField: "Authorization")
            }
        }
        if let body = request.body {
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        }
        return try await perform(urlRequest, forbidsRedirect: request.forbidsRedirect)
    }

    private func perform(_ request: URLRequest, forbidsRedirect: Bool) async throws(RemoteError) -> (status: Int, body: Data) {
        let outcome: Result<(Int, Data), RemoteError> = await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(returning: .failure(Self.map(error)))
                } else if let http = response as? HTTPURLResponse {
                    continuation.resume(returning: .success((http.statusCode, data ?? Data())))
                } else {
                    continuation.resume(returning: .failure(.malformedResponse("not an HTTP answer")))
                }
            }
            if forbidsRedirect { task.taskDescription = RedirectPolicy.noRedirectMarker }
            task.resume()
        }
        return try outcome.get()
    }

    private static func map(_ error: any Error) -> RemoteError {
        guard let urlError = error as? URLError else { return .transport("the request failed") }
        switch urlError.code {
        case .timedOut: return .timeout
        case .cannotConnectToHost: return .transport("connection refused")
        case .networkConnectionLost: return .transport("connection lost")
        case .notConnectedToInternet: return .transport("no network")
        case .cannotFindHost, .dnsLookupFailed: return .transport("host not found")
        case .badServerResponse, .cannotParseResponse: return .malformedResponse("the server's answer could not be read")
        default: return .transport("network error \(urlError.code.rawValue)")
        }
    }
}
