import Foundation
import Ports
import Synchronization

/// An RFC 8628 device code: whoever holds it while the person approves gets
/// the session, so it is redacted when printed.
struct DeviceCode: RedactedSecret {
    private let value: String
    init(_ value: String) { self.value = value }
    func reveal() -> String { value }
}

/// One sign-in by the device flow (RFC 8628): the server's user code and
/// verification address for the person, and the polls of the token endpoint
/// at the server's interval, lengthened by five seconds at each `slow_down`
/// (RFC 8628 §3.5).
final class OAuth2DeviceSignIn: ExternalSignInAttempt {
    /// The longest user code shown (RFC 8628 §6.1 suggests 8 characters;
    /// anything much longer is not a code a person types).
    static let maximumUserCodeLength = 32
    /// The interval when the server names none (RFC 8628 §3.2).
    static let defaultInterval: Duration = .seconds(5)
    /// What `slow_down` adds to the interval (RFC 8628 §3.5).
    static let slowDownStep: Duration = .seconds(5)
    /// The longest interval and lifetime believed: a hostile answer must not
    /// make the app wait for days.
    static let longestInterval: Duration = .seconds(60)
    /// The shortest interval polled at, whatever the server names (0 included).
    static let shortestInterval: Duration = .seconds(1)
    static let longestLifetime: Duration = .seconds(30 * 60)

    let instructions: ExternalSignInInstructions
    private let deviceCode: DeviceCode
    private let tokenEndpoint: OAuth2TokenEndpoint
    private let polling: Mutex<Polling>

    private struct Polling {
        var interval: Duration
        var isEnded = false
    }

    private init(
        instructions: ExternalSignInInstructions, deviceCode: DeviceCode, interval: Duration,
        tokenEndpoint: OAuth2TokenEndpoint
    ) {
        self.instructions = instructions
        self.deviceCode = deviceCode
        self.tokenEndpoint = tokenEndpoint
        polling = Mutex(Polling(interval: interval))
    }

    /// Asks the device authorization endpoint for a code (RFC 8628 §3.1, §3.2).
    ///
    /// - Throws: `.misconfigured` when the server refuses the client;
    ///   `.malformedResponse` for an answer without a usable code or
    ///   address; `.transport`, `.timeout` as any call.
    static func begin(client: OAuth2Configuration, tokenEndpoint: OAuth2TokenEndpoint)
        async throws(RemoteError) -> OAuth2DeviceSignIn
    {
        var form: [(name: String, value: String)] = []
        if let scope = client.scope { form.append(("scope", scope)) }
        let (status, data) = try await tokenEndpoint.transport.send(
            tokenEndpoint.request(client.deviceAuthorizationPath, form))
        guard (200..<300).contains(status) else {
            throw OAuth2ErrorMapping.error(status: status, body: data, for: .deviceAuthorization)
        }
        let answer = try DeviceAuthorizationAnswer(data)
        return OAuth2DeviceSignIn(
            instructions: .enterCode(
                userCode: answer.userCode, verificationURI: answer.verificationURI, completeURI: answer.completeURI,
                expiresIn: answer.lifetime),
            deviceCode: answer.deviceCode, interval: answer.interval, tokenEndpoint: tokenEndpoint)
    }

    /// Nothing to wait for: the person's answer comes through the polls.
    func awaitPerson() async throws(RemoteError) {
        if polling.withLock({ $0.isEnded }) { throw .signInRefused(.cancelled) }
    }

    func poll() async throws(RemoteError) -> ExternalSignInProgress {
        if polling.withLock({ $0.isEnded }) { throw .signInRefused(.cancelled) }
        let form: [(name: String, value: String)] = [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode.reveal()),
        ]
        let (status, data) = try await tokenEndpoint.transport.send(
            tokenEndpoint.request(tokenEndpoint.client.tokenPath, form))
        if (200..<300).contains(status) {
            return .signedIn(try OAuth2TokenResponse.tokens(from: data, askedScope: tokenEndpoint.client.scope))
        }
        switch OAuth2ErrorMapping.errorCode(in: data) {
        case "authorization_pending":
            return .pending(retryAfter: polling.withLock { $0.interval })
        case "slow_down":
            return .pending(
                retryAfter: polling.withLock { polling in
                    polling.interval = min(polling.interval + Self.slowDownStep, Self.longestInterval)
                    return polling.interval
                })
        default:
            throw OAuth2ErrorMapping.error(status: status, body: data, for: .devicePoll)
        }
    }

    func end() async {
        polling.withLock { $0.isEnded = true }
    }
}

/// The device authorization response (RFC 8628 §3.2), checked: hostile
/// until read.
struct DeviceAuthorizationAnswer {
    let deviceCode: DeviceCode
    let userCode: String
    let verificationURI: URL
    let completeURI: URL?
    let lifetime: Duration
    let interval: Duration

    init(_ data: Data) throws(RemoteError) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .malformedResponse("the device authorization answer is not a JSON object")
        }
        guard let device = object["device_code"] as? String, !device.isEmpty, device.utf8.count <= 1024 else {
            throw .malformedResponse("no usable 'device_code'")
        }
        guard let user = object["user_code"] as? String, !user.isEmpty,
            user.count <= OAuth2DeviceSignIn.maximumUserCodeLength,
            user.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
        else { throw .malformedResponse("no usable 'user_code'") }
        // The address the person is sent to passes the checks discovery puts
        // on an endpoint (no userinfo, a plain host, https or loopback http):
        // `https://accounts.example.com@10.1.2.3/device` is no address of the provider's.
        guard let verification = (object["verification_uri"] as? String).flatMap(URL.init(string:)),
            Self.isShowable(verification)
        else { throw .malformedResponse("no 'verification_uri' a browser may open") }
        var complete: URL?
        if let raw = object["verification_uri_complete"] {
            // Optional (RFC 8628 §3.2): one that is not a web address is dropped, the plain one still serves.
            complete = (raw as? String).flatMap(URL.init(string:)).flatMap { Self.isShowable($0) ? $0 : nil }
        }
        guard let expires = Self.seconds(object["expires_in"]), expires > 0 else {
            throw .malformedResponse("no positive 'expires_in'")
        }
        var interval = OAuth2DeviceSignIn.defaultInterval
        if let raw = object["interval"] {
            guard let seconds = Self.seconds(raw) else {
                throw .malformedResponse("an 'interval' that is not a number of seconds")
            }
            // 0, or a fraction of a second (rounded up to one), is polled every second, never in a tight loop.
            interval = max(.seconds(seconds), OAuth2DeviceSignIn.shortestInterval)
        }
        deviceCode = DeviceCode(device)
        userCode = user
        verificationURI = verification
        completeURI = complete
        lifetime = min(.seconds(expires), OAuth2DeviceSignIn.longestLifetime)
        self.interval = min(interval, OAuth2DeviceSignIn.longestInterval)
    }

    /// A web address a browser may open that discovery would take as an endpoint.
    private static func isShowable(_ url: URL) -> Bool {
        url.isOpenableInBrowser && OpenIDEndpointURL.isSafe(url)
    }

    /// A whole number of seconds from JSON (not a boolean), within reason.
    private static func seconds(_ raw: Any?) -> Int64? {
        guard let number = raw as? NSNumber, String(cString: number.objCType) != "c",
            number.doubleValue.isFinite, number.doubleValue >= 0, number.doubleValue < 1e7
        else { return nil }
        return Int64(number.doubleValue.rounded(.up))
    }
}
