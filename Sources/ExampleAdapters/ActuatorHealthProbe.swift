import BoundedHTTP
public import Foundation
public import Ports

/// A `HealthProbe` for a Spring Boot service: `GET /actuator/health`, the
/// second example adapter of the "Adding an adapter" guide — a remote
/// adapter for a wire format that is not Gatehouse's own.
///
/// The port's promises, and how this adapter keeps each:
///
/// - 200 with `{"status":"UP"}` is healthy; 200 with any other status
///   (`DOWN`, `OUT_OF_SERVICE`, `UNKNOWN`) and every other status (Actuator
///   answers 503 when down) are unhealthy.
/// - A 200 without a health body (no JSON object with a string `status`)
///   throws `.malformedResponse`, and so does a body over 64 KiB.
/// - No answer throws `.transport`, or `.timeout` past the deadline.
/// - No token and no API key are sent: a check has nothing a secret could
///   leak from, and its errors name neither the URL nor the body.
///
/// It sends through the transport Gatehouse's own HTTP adapters use
/// (`BoundedHTTP`'s `HTTPTransport`), which is no adapter, so any adapter may
/// import it: plain http only to this machine, no credential redirected to
/// another host, the body bounded while it arrives, the deadline kept.
public struct ActuatorHealthProbe: HealthProbe {
    /// Each check asks the health route.
    public var source: HealthSource { .healthRoute }
    /// The largest health body read; a longer one is malformed.
    public static let maximumBodyBytes = 64 * 1024
    private let transport: HTTPTransport

    /// - Parameter baseURL: the service's root; the probe asks
    ///   `<baseURL>/actuator/health`. https, or http to this machine.
    /// - Parameter timeout: how long one check may take.
    /// - Throws: `ActuatorBaseURLError` for any other base URL.
    public init(baseURL: URL, timeout: Duration = .seconds(10)) throws(ActuatorBaseURLError) {
        do {
            transport = HTTPTransport(
                configuration: try HTTPConfiguration(baseURL: baseURL.absoluteString, apiKey: nil, timeout: timeout))
        } catch {
            throw ActuatorBaseURLError()
        }
    }

    public func check() async throws(RemoteError) -> ServerHealth {
        let request = HTTPRequest(
            method: "GET", path: "actuator/health", limit: ResponseBodyLimit(bytes: Self.maximumBodyBytes))
        let (status, body) = try await transport.send(request)
        guard status == 200 else { return .unhealthy }
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        guard let answer = object?["status"] as? String else {
            throw .malformedResponse("a 200 from /actuator/health without a health body")
        }
        return answer == "UP" ? .healthy : .unhealthy
    }
}

/// A base URL the Actuator probe will not send to: neither https nor http
/// to this machine (or one with a user, a query or a host written oddly).
public struct ActuatorBaseURLError: Error, Sendable, CustomStringConvertible {
    public var description: String {
        "the Actuator base URL must be https, or http to this machine (127.0.0.1, ::1, localhost)"
    }
}
