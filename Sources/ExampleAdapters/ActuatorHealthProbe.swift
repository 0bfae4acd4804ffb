public import Foundation
public import Ports
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `HealthProbe` for a Spring Boot service: `GET /actuator/health`, the
/// second example adapter of the "Adding an adapter" guide — a remote
/// adapter for a wire format that is not Gatehouse's own.
///
/// The port's promises, and how this adapter keeps each:
///
/// - 200 with `{"status":"UP"}` is healthy; 200 with any other status
///   (`DOWN`, `OUT_OF_SERVICE`, `UNKNOWN`) and every other status (Actuator
///   answers 503 when down) are unhealthy.
/// - A 200 without a health body (no JSON object with a string `status`, or
///   a body over 64 KiB) throws `.malformedResponse`.
/// - No answer throws `.transport`, or `.timeout` past the deadline.
/// - No token and no API key are sent: a check has nothing a secret could
///   leak from, and its errors name neither the URL nor the body.
///
/// Like every adapter that does not speak Gatehouse's own wire contract it
/// imports `Ports` only, so it cannot use AdapterHTTP's transport: it keeps
/// that transport's rules itself — plain http only to loopback, no redirect
/// followed, the body bounded while it arrives.
public struct ActuatorHealthProbe: HealthProbe {
    /// Each check asks the health route.
    public var source: HealthSource { .healthRoute }
    /// The largest health body read; a longer one is malformed.
    public static let maximumBodyBytes = 64 * 1024
    private let endpoint: URL
    private let timeout: Duration

    /// - Parameter baseURL: the service's root; the probe asks
    ///   `<baseURL>/actuator/health`. https, or http to 127.0.0.1 or localhost.
    /// - Parameter timeout: how long one check may take.
    /// - Throws: `ActuatorBaseURLError` for any other base URL.
    public init(baseURL: URL, timeout: Duration = .seconds(10)) throws(ActuatorBaseURLError) {
        let isLoopback = ["127.0.0.1", "localhost"].contains(baseURL.host ?? "")
        guard baseURL.scheme == "https" || (baseURL.scheme == "http" && isLoopback) else {
            throw ActuatorBaseURLError()
        }
        endpoint = baseURL.appendingPathComponent("actuator").appendingPathComponent("health")
        self.timeout = timeout
    }

    public func check() async throws(RemoteError) -> ServerHealth {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "GET"
        request.setValue("application/vnd.spring-boot.actuator.v3+json, application/json", forHTTPHeaderField: "Accept")
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        let exchange = ActuatorExchange(limit: Self.maximumBodyBytes)
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (status, body) = try await exchange.run(request, in: session).get()
        guard status == 200 else { return .unhealthy }
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        guard let answer = object?["status"] as? String else {
            throw .malformedResponse("a 200 from /actuator/health without a health body")
        }
        return answer == "UP" ? .healthy : .unhealthy
    }
}

/// A base URL the Actuator probe will not send to: neither https nor http to loopback.
public struct ActuatorBaseURLError: Error, Sendable, CustomStringConvertible {
    public var description: String { "the Actuator base URL must be https, or http to 127.0.0.1 or localhost" }
}

/// One request's answer, read as it arrives: the status, the body up to the
/// limit, redirects refused (a 3xx is the answer). Its state sits under a
/// lock, so the session's delegate queue and the caller never race.
private final class ActuatorExchange: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var status = 0
        var body = Data()
        var tooLarge = false
        var continuation: CheckedContinuation<Result<(Int, Data), RemoteError>, Never>?
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = limit
    }

    func run(_ request: URLRequest, in session: URLSession) async -> Result<(Int, Data), RemoteError> {
        await withCheckedContinuation { continuation in
            state.withLock { $0.continuation = continuation }
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock { $0.status = (response as? HTTPURLResponse)?.statusCode ?? 0 }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = state.withLock { state in
            state.body.append(data)
            state.tooLarge = state.tooLarge || state.body.count > limit
            return state.tooLarge
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, outcome) = state.withLock { state in
            defer { state.continuation = nil }
            let outcome: Result<(Int, Data), RemoteError> =
                if state.tooLarge {
                    .failure(.malformedResponse("a health body over \(limit) bytes"))
                } else if let error {
                    .failure(Self.remoteError(error))
                } else {
                    .success((state.status, state.body))
                }
            return (state.continuation, outcome)
        }
        continuation?.resume(returning: outcome)
    }

    /// The URL session's error as the port's, naming only its kind (never the URL).
    private static func remoteError(_ error: any Error) -> RemoteError {
        guard let urlError = error as? URLError else { return .transport("the request failed") }
        if urlError.code == .timedOut { return .timeout }
        return .transport("the connection failed (URLError \(urlError.code.rawValue))")
    }
}
