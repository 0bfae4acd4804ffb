import Foundation
import Ports
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request of the wire contract.
struct HTTPRequest: Sendable {
    var method: String
    /// The path below the base URL, already percent-encoded where needed.
    var path: String
    var body: [String: any Sendable]?
    var token: AccessToken?
    /// An `application/x-www-form-urlencoded` body (OAuth 2.0's token and
    /// revocation endpoints), in this order; sent instead of `body`.
    var form: [(name: String, value: String)]?
    /// HTTP Basic credentials (an OAuth 2.0 confidential client's id and
    /// secret); nil sends none.
    var basicCredentials: (user: String, secret: OAuth2ClientSecret)?
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
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maximumConnectionsPerHost
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
        if let credentials = request.basicCredentials {
            urlRequest.setValue(
                FormEncoding.basicAuthorization(user: credentials.user, secret: credentials.secret),
                forHTTPHeaderField: "Authorization")
        }
        if let form = request.form {
            urlRequest.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = Data(FormEncoding.encode(form).utf8)
        } else if let body = request.body {
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        }
        return try await perform(urlRequest, forbidsRedirect: request.forbidsRedirect)
    }

    /// Sends `request` and waits for the answer. Cancelling the calling task
    /// cancels the request (the task then sees a transport error), so a
    /// relaunch or a logout never waits for a slow server.
    private func perform(_ request: URLRequest, forbidsRedirect: Bool) async throws(RemoteError) -> (
        status: Int, body: Data
    ) {
        var request = request
        let tracker = configuration.exchangeTracker
        let tag = tracker?.willSend()
        if let tag { request.setValue(tag.headerValue, forHTTPHeaderField: tag.headerName) }
        let exchange = Exchange(tracker: tracker, tag: tag)
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                exchange.finish(.failure(Self.map(error)))
            } else if let http = response as? HTTPURLResponse {
                exchange.finish(.success((http.statusCode, data ?? Data())))
            } else {
                exchange.finish(.failure(.malformedResponse("not an HTTP answer")))
            }
        }
        if forbidsRedirect { task.taskDescription = RedirectPolicy.noRedirectMarker }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.deliver(to: continuation)
                task.resume()
            }
        } onCancel: {
            exchange.cancelled()
            task.cancel()
        }
        return try outcome.get()
    }

    private static func map(_ error: any Error) -> RemoteError {
        guard let urlError = error as? URLError else { return .transport("the request failed") }
        switch urlError.code {
        case .timedOut: return .timeout
        case .cancelled: return .transport("request cancelled")
        case .cannotConnectToHost: return .transport("connection refused")
        case .networkConnectionLost: return .transport("connection lost")
        case .notConnectedToInternet: return .transport("no network")
        case .cannotFindHost, .dnsLookupFailed: return .transport("host not found")
        case .badServerResponse, .cannotParseResponse:
            return .malformedResponse("the server's answer could not be read")
        default: return .transport("network error \(urlError.code.rawValue)")
        }
    }
}

/// One request's way back: the answer reaches the waiting task once, and the
/// tracker hears that the exchange ended once — at cancellation, before the
/// task can run again, or when the answer arrives.
private final class Exchange: Sendable {
    typealias Outcome = Result<(Int, Data), RemoteError>

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        var early: Outcome?
        var ended = false
    }

    private let tracker: (any HTTPExchangeTracker)?
    private let tag: HTTPExchangeTag?
    private let state = Mutex(State())

    init(tracker: (any HTTPExchangeTracker)?, tag: HTTPExchangeTag?) {
        self.tracker = tracker
        self.tag = tag
    }

    func deliver(to continuation: CheckedContinuation<Outcome, Never>) {
        let early: Outcome? = state.withLock { state in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func finish(_ outcome: Outcome) {
        end()
        let continuation: CheckedContinuation<Outcome, Never>? = state.withLock { state in
            guard let continuation = state.continuation else {
                if state.early == nil { state.early = outcome }
                return nil
            }
            state.continuation = nil
            return continuation
        }
        continuation?.resume(returning: outcome)
    }

    /// The task was cancelled: URLSession will answer with an error soon;
    /// the tracker hears of it now, before that answer can wake the task.
    func cancelled() {
        end()
    }

    private func end() {
        let first = state.withLock { state in
            defer { state.ended = true }
            return !state.ended
        }
        if first, let tracker, let tag { tracker.didEnd(tag) }
    }
}
