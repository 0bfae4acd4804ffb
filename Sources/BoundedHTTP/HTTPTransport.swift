public import Foundation
public import Ports
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request through `HTTPTransport`: what to send, and the most its
/// answer may hold.
public struct HTTPRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path below the base URL, already percent-encoded where needed.
    public var path: String
    /// The most the answer's body may hold (`ResponseBodyLimit`): each route
    /// says how much its answer can be.
    public var limit: ResponseBodyLimit
    /// A JSON object to send as the body (`Content-Type: application/json`).
    public var body: [String: any Sendable]?
    /// The token, sent as the configuration's `tokenHeaderStyle` says.
    public var token: AccessToken?
    /// An `application/x-www-form-urlencoded` body (OAuth 2.0's token and
    /// revocation endpoints), in this order; sent instead of `body`.
    public var form: [(name: String, value: String)]?
    /// HTTP Basic credentials (an OAuth 2.0 confidential client's id and
    /// secret); nil sends none.
    public var basicCredentials: (user: String, secret: OAuth2ClientSecret)?
    /// Whether the configuration's API key goes with the request.
    public var sendsAPIKey = true
    /// Sends the configuration's API key as this query parameter (Google's
    /// `?key=`) instead of the `apikey` header; nil sends it as the header.
    /// The key is added after the URL is built, so no error text names it.
    public var apiKeyQueryName: String?
    /// A sign-in, a registration or a refresh carries a password or the token
    /// in its body: never redirected.
    public var forbidsRedirect = false

    /// What a log or a debugger shows: the method, the path and the answer's
    /// limit; the body, the form and the Basic credentials never (they carry
    /// passwords and tokens).
    public var description: String {
        let carries = [body.map { _ in "a JSON body" }, form.map { _ in "a form" }].compactMap(\.self)
        return "\(method) \(path) (at most \(limit.bytes) bytes back"
            + (carries.isEmpty ? "" : "; \(carries.joined(separator: " and ")) withheld") + ")"
    }

    /// The description: a debugger shows no secret either.
    public var debugDescription: String { description }

    /// A mirror of the description alone, so that `dump` shows no secret either.
    public var customMirror: Mirror { Mirror(self, children: ["description": description]) }

    /// A request of `method` to `path` (below the base URL) whose answer may
    /// hold at most `limit`; the rest as the properties say.
    public init(
        method: String, path: String, limit: ResponseBodyLimit, body: [String: any Sendable]? = nil,
        token: AccessToken? = nil, form: [(name: String, value: String)]? = nil,
        basicCredentials: (user: String, secret: OAuth2ClientSecret)? = nil, sendsAPIKey: Bool = true,
        apiKeyQueryName: String? = nil, forbidsRedirect: Bool = false
    ) {
        self.method = method
        self.path = path
        self.limit = limit
        self.body = body
        self.token = token
        self.form = form
        self.basicCredentials = basicCredentials
        self.sendsAPIKey = sendsAPIKey
        self.apiKeyQueryName = apiKeyQueryName
        self.forbidsRedirect = forbidsRedirect
    }
}

/// Sends requests over URLSession and maps every failure onto `RemoteError`
/// at this edge: transport, timeout, malformed body; the status and body of
/// any answer are the caller's to read. Nothing it throws carries a token
/// or the API key. Every answer is bounded: its body by the request's
/// `ResponseBodyLimit`, refused past it as it arrives and never held whole,
/// the whole call by the configuration's timeout, and no redirect takes a
/// credential to another host (a request that `forbidsRedirect` is never
/// redirected). Gatehouse's own HTTP adapters use it; a team's adapter of
/// its own dialect gets the same guarantees by using it too.
public final class HTTPTransport: Sendable {
    /// Where and how it talks.
    public let configuration: HTTPConfiguration
    /// URLSession, as the transport configured it (read by tests of its backstop).
    let session: URLSession
    private let delegate = TransportDelegate()
    /// Every exchange's deadline, on one timer.
    private let deadlines = ExchangeDeadlines()

    /// How far past the call's own deadline URLSession's timeout is set.
    static let backstopBeyondDeadline: TimeInterval = 3_600

    /// A transport with a URLSession of its own, configured as
    /// `configuration` says.
    public init(configuration: HTTPConfiguration) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // The exchange's own deadline is what ends a call on time
        // (`ExchangeDeadlines`); URLSession's timeout is only a backstop, set
        // an hour past it. On Linux it is a time without data, restarted at
        // every piece of the body, and it counts the time the process was
        // stopped: set to the call's timeout, it fired as a stopped process
        // was continued, racing the answer the kernel had kept for it
        // (the deadline knows a stop and waits for that answer).
        let seconds = max(1, configuration.timeout.timeInterval.rounded(.up)) + Self.backstopBeyondDeadline
        sessionConfiguration.timeoutIntervalForRequest = seconds
        sessionConfiguration.timeoutIntervalForResource = seconds
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maximumConnectionsPerHost
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.urlCache = nil
        #if canImport(FoundationNetworking)
            let delegateQueue: OperationQueue? = InlineOperationQueue()
        #else
            let delegateQueue: OperationQueue? = nil
        #endif
        session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: delegateQueue)
    }

    deinit {
        // Off this thread: invalidating waits for URLSession's queue (`URLSessionCalls`).
        let session = session
        URLSessionCalls.run { session.invalidateAndCancel() }
    }

    /// The status and body of the answer; throws for no answer at all, or
    /// one past its route's limit or the deadline.
    public func send(_ request: HTTPRequest) async throws(RemoteError) -> (status: Int, body: Data) {
        guard var url = URL(string: request.path, relativeTo: configuration.baseURL) else {
            throw .transport("cannot build the request's URL")
        }
        if request.sendsAPIKey, let name = request.apiKeyQueryName, let key = configuration.apiKey {
            let pair = FormEncoding.encode(name) + "=" + FormEncoding.encode(key.reveal())
            let separator = url.query == nil ? "?" : "&"
            guard let keyed = URL(string: url.absoluteString + separator + pair) else {
                throw .transport("cannot build the request's URL")
            }
            url = keyed
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        if request.sendsAPIKey, request.apiKeyQueryName == nil, let key = configuration.apiKey {
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
            // Checked first: JSONSerialization raises an exception nothing
            // can catch (on Apple platforms) for a value JSON cannot hold.
            guard JSONSerialization.isValidJSONObject(body),
                let data = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
            else { throw .transport("the request's body is not JSON") }
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = data
        }
        return try await perform(urlRequest, limit: request.limit, forbidsRedirect: request.forbidsRedirect)
    }

    /// Sends `request` and waits for the answer. Cancelling the calling task
    /// cancels the request (the task then sees a transport error), so a
    /// relaunch or a logout never waits for a slow server.
    ///
    /// The calling task never waits for URLSession itself: on Linux it makes,
    /// starts and cancels tasks by waiting for the one queue every session
    /// shares, and a server that keeps writing an answer already refused
    /// keeps that queue busy reading it until the cancellation gets through
    /// (seconds, from a loopback server writing small chunks). So the task
    /// is made and started on `URLSessionCalls`' queue, after the deadline
    /// is armed: every call ends by its deadline, and no thread of Swift's
    /// shared pool is held meanwhile.
    private func perform(_ request: URLRequest, limit: ResponseBodyLimit, forbidsRedirect: Bool)
        async throws(RemoteError) -> (status: Int, body: Data)
    {
        var tagged = request
        let tracker = configuration.exchangeTracker
        let tag = tracker?.willSend()
        if let tag { tagged.setValue(tag.headerValue, forHTTPHeaderField: tag.headerName) }
        let exchange = HTTPExchange(limit: limit, tracker: tracker, tag: tag) { [delegate] taskIdentifier in
            delegate.forget(taskIdentifier: taskIdentifier)
        }
        exchange.armDeadline(configuration.timeout, on: deadlines)
        let request = tagged
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.deliver(to: continuation)
                URLSessionCalls.run { [session, delegate] in
                    // No completion handler: URLSession then hands the body
                    // to the delegate piece by piece instead of gathering it.
                    let task = session.dataTask(with: request)
                    if forbidsRedirect { task.taskDescription = RedirectPolicy.noRedirectMarker }
                    delegate.route(task, to: exchange)
                    guard exchange.start(task) else {
                        delegate.forget(taskIdentifier: task.taskIdentifier)
                        task.cancel()
                        return
                    }
                }
            }
        } onCancel: {
            exchange.cancel()
        }
        return try outcome.get()
    }

    /// URLSession's error as a `RemoteError`, with no URL or header in it.
    /// A redirect loop, or a redirect nowhere, is the server's fault: it
    /// answered, and not with what the contract says. (On Linux URLSession
    /// names few of libcurl's failures: the rest are `.unknown` — a
    /// connection that failed or broke off, and a head libcurl could not
    /// read, alike — and stay transport failures.)
    static func remoteError(for error: any Error) -> RemoteError {
        guard let urlError = error as? URLError else { return .transport("the request failed") }
        switch urlError.code {
        case .timedOut: return .timeout
        case .cancelled: return .transport("request cancelled")
        case .cannotConnectToHost: return .transport("connection refused")
        case .networkConnectionLost: return .transport("connection lost")
        case .notConnectedToInternet: return .transport("no network")
        case .cannotFindHost, .dnsLookupFailed: return .transport("host not found")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData:
            return .malformedResponse("the server's answer could not be read")
        case .httpTooManyRedirects: return .malformedResponse("the server redirects in a loop")
        case .redirectToNonExistentLocation: return .malformedResponse("the server redirects to no location")
        // The base URL is http(s), checked when configured: only a redirect
        // can lead to a URL URLSession cannot fetch.
        case .unsupportedURL: return .malformedResponse("the server redirects to a URL that cannot be fetched")
        default: return .transport("network error \(urlError.code.rawValue)")
        }
    }
}
