public import BoundedHTTP
public import Foundation
import WireContract

/// The control API of docs/spec/control-api.md (`/_control/*`) over HTTP: what
/// lets scripts put a server in another process (`app serve`) back in its
/// seeded state and flip its switches. Only test servers have it, and only on
/// loopback: it carries no API key and no token, and is refused for any other
/// host, so a switch meant for a test server never reaches a real one.
public struct URLSessionControlAPI: Sendable {
    private let transport: HTTPTransport

    /// Refuses a configuration whose base URL is not on this machine.
    public init(configuration: HTTPConfiguration) throws(ControlAPIError) {
        guard let host = configuration.baseURL.host(percentEncoded: true), LoopbackHost.contains(host) else {
            throw ControlAPIError(
                status: nil,
                message:
                    "the control API is only called on this machine, not on \(configuration.baseURL.host ?? "an unknown host")"
            )
        }
        var configuration = configuration
        // A control call is the script's own doing, not the app's: never
        // counted as the app's work on virtual time.
        configuration.exchangeTracker = nil
        transport = HTTPTransport(configuration: configuration)
    }

    /// Sends `method` to `_control/<route>` with `body` as JSON; the answer's
    /// body when the server says 2xx. `route` is below `/_control/`
    /// (`reset`, `users/12345678909`), each segment percent-encoded here.
    public func call(
        _ method: String, _ route: String, body: [String: any Sendable]? = nil
    ) async throws(ControlAPIError) -> Data {
        let segments = route.split(separator: "/", omittingEmptySubsequences: false).map(WirePathSegment.encode)
        let request = HTTPRequest(
            method: method, path: "_control/" + segments.joined(separator: "/"), limit: .control, body: body,
            sendsAPIKey: false, forbidsRedirect: true)
        let status: Int
        let data: Data
        do {
            (status, data) = try await transport.send(request)
        } catch {
            throw ControlAPIError(status: nil, message: "the control API did not answer: \(error)")
        }
        guard (200..<300).contains(status) else {
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            let message = (object?["message"] as? String) ?? (object?["code"] as? String) ?? "no reason given"
            throw ControlAPIError(status: status, message: message)
        }
        return data
    }
}

/// Why a control call failed: the server's status and message, or why no
/// answer came. A test server's control API never echoes a secret.
public struct ControlAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    public let status: Int?
    public let message: String

    public init(status: Int?, message: String) {
        self.status = status
        self.message = message
    }

    public var description: String {
        guard let status else { return message }
        return "the server refused (\(status)): \(message)"
    }
}
