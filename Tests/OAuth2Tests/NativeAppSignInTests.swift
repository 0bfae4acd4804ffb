import AdapterHTTP
import BoundedHTTP
import AdapterSoftwareCrypto
import AdapterSystem
import Foundation
import OperatingSystem
import OAuth2ServerAccess
import Ports
import TaskRuntime
import VirtualTime
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The OAuth 2.0 adapter signing in as a native app against the compliant
/// test server (`OAUTH2_BASE_URL`: every RFC 9700 gate on, the public client
/// `gatehouse-native`), the server's scripted browser playing the person on
/// the server's own login, consent and device pages: authorization code with
/// PKCE through the loopback redirect, and the device flow; the session's
/// refresh and its logout revoking both tokens, as the server's token table
/// shows.
@Suite(
    "OAuth 2.0 as a native app against the compliant server", .serialized, .holdsTheCompliantOAuth2ServerAlone,
    .enabled(if: NativeAppServer.baseURL != nil, "OAUTH2_BASE_URL is not set (scripts/oauth2-server start prints it)")
)
struct NativeAppSignInTests {
    static let maria = (account: "12345678909", password: "123456")

    @Test(
        "Through the browser: login and consent on the server's pages, the code exchanged, its ID token's signature checked, the profile read, refreshed, both tokens revoked"
    )
    func browserSignIn() async throws {
        try await NativeAppServer.reset()
        let auth = try NativeAppServer.auth()
        let attempt = try await auth.beginSignIn(.browser)
        guard case .openInBrowser(let url) = attempt.instructions else {
            Issue.record("not a browser attempt")
            return
        }
        async let browser = ScriptedBrowser.run([
            "authorize", url.absoluteString, "--account", Self.maria.account, "--password", Self.maria.password,
        ])
        try await attempt.awaitPerson()
        #expect(try await browser == 0)
        guard case .signedIn(let issued) = try await attempt.poll() else {
            Issue.record("no tokens")
            return
        }
        // The server's RS256 ID token was taken with its signature checked
        // against the key set its discovery names, fetched once.
        #expect(issued.idToken != nil && issued.subject != nil)
        #expect(auth.keySetFetchCount == 1)
        let refreshToken = try #require(issued.refreshToken)
        let profile = try await NativeAppServer.users().currentUser(token: issued.accessToken)
        #expect(profile.name == "Maria Silva")

        let refreshed = try await auth.refresh(.refreshToken(refreshToken))
        #expect(refreshed.accessToken != issued.accessToken)
        let session = SessionToken(
            token: refreshed.accessToken, issuedAt: Date(), expiresAt: Date().addingTimeInterval(300),
            refreshToken: refreshed.refreshToken)
        try await auth.signOut(session)

        let table = try await NativeAppServer.tokens()
        #expect(table.access.isEmpty, "an access token outlived the logout")
        #expect(!table.refresh.isEmpty && table.refresh.allSatisfy { $0.revoked != nil })
        await #expect(throws: RemoteError.self) {
            try await NativeAppServer.users().currentUser(token: refreshed.accessToken)
        }
    }

    @Test(
        "A key rotation on the server (a second key signs, the first retired): the next sign-in fetches the key set once more, then goes through, and the one after fetches nothing"
    )
    func keyRotation() async throws {
        try await NativeAppServer.reset()
        let clock = ManualClock(start: Date())
        let auth = try NativeAppServer.auth(clock: clock)
        let before = try await Self.signedInThroughTheBrowser(auth)
        #expect(before.idToken != nil && auth.keySetFetchCount == 1)

        let rotation = try await NativeAppServer.rotateSigningKey()
        #expect(rotation.retired.count == 1 && rotation.signing != rotation.retired.first)
        // The adapter asks for an unknown key at most once a minute; a
        // provider rotates far less often than that.
        clock.advance(by: .seconds(61))
        let after = try await Self.signedInThroughTheBrowser(auth)
        #expect(after.idToken != nil && after.subject == before.subject)
        #expect(auth.keySetFetchCount == 2, "one extra fetch for the new key")
        _ = try await Self.signedInThroughTheBrowser(auth)
        #expect(auth.keySetFetchCount == 2, "the new key is known now")
        // A session kept from before the rotation still proves its sign-in: the retired key is still published.
        let keptFromBefore = SessionToken(
            token: before.accessToken, issuedAt: clock.now(), expiresAt: clock.now().addingTimeInterval(300),
            refreshToken: before.refreshToken, idToken: before.idToken)
        let subject = try #require(before.subject)
        #expect(try await auth.proveKeptSignIn(keptFromBefore) == .proved(subject: subject))
        #expect(auth.keySetFetchCount == 2)
        try await NativeAppServer.reset()
    }

    /// Maria signed in with `auth` through the server's pages, the ID token's signature checked.
    private static func signedInThroughTheBrowser(_ auth: OAuth2AuthRemoteAPI) async throws -> IssuedTokens {
        let attempt = try await auth.beginSignIn(.browser)
        guard case .openInBrowser(let url) = attempt.instructions else {
            throw NativeAppServer.Failure(description: "not a browser attempt")
        }
        async let browser = ScriptedBrowser.run([
            "authorize", url.absoluteString, "--account", maria.account, "--password", maria.password,
        ])
        try await attempt.awaitPerson()
        #expect(try await browser == 0)
        guard case .signedIn(let issued) = try await attempt.poll() else {
            throw NativeAppServer.Failure(description: "no tokens")
        }
        return issued
    }

    @Test("Consent refused in the browser is the person's no")
    func consentRefused() async throws {
        try await NativeAppServer.reset()
        let attempt = try await NativeAppServer.auth().beginSignIn(.browser)
        guard case .openInBrowser(let url) = attempt.instructions else {
            Issue.record("not a browser attempt")
            return
        }
        async let browser = ScriptedBrowser.run([
            "authorize", url.absoluteString, "--account", Self.maria.account, "--password", Self.maria.password,
            "--consent", "deny",
        ])
        await #expect(throws: RemoteError.signInRefused(.deniedByPerson)) { try await attempt.awaitPerson() }
        _ = try await browser
    }

    @Test("By the device flow: approved on the verification page, then the tokens; denied is the person's no")
    func deviceFlow() async throws {
        try await NativeAppServer.reset()
        for approves in [true, false] {
            let attempt = try await NativeAppServer.auth().beginSignIn(.device)
            guard case .enterCode(let userCode, let verificationURI, _, _) = attempt.instructions else {
                Issue.record("not a device attempt")
                return
            }
            // The person acts before the first poll: the server's interval (real time) has nothing to count from.
            let status = try await ScriptedBrowser.run(
                [
                    "device", verificationURI.absoluteString, "--user-code", userCode, "--account", Self.maria.account,
                    "--password", Self.maria.password,
                ] + (approves ? [] : ["--deny"]))
            #expect(status == 0)
            if approves {
                guard case .signedIn(let issued) = try await attempt.poll() else {
                    Issue.record("no tokens after the approval")
                    return
                }
                #expect(try await NativeAppServer.users().currentUser(token: issued.accessToken).name == "Maria Silva")
            } else {
                await #expect(throws: RemoteError.signInRefused(.deniedByPerson)) { try await attempt.poll() }
            }
        }
    }

    @Test("Before the person acts: pending at the server's interval; asked again at once, slow_down adds five seconds")
    func devicePendingAndSlowDown() async throws {
        try await NativeAppServer.reset()
        let attempt = try await NativeAppServer.auth().beginSignIn(.device)
        #expect(try await attempt.poll() == .pending(retryAfter: .seconds(5)))
        #expect(try await attempt.poll() == .pending(retryAfter: .seconds(10)))
        await attempt.end()
        await #expect(throws: RemoteError.signInRefused(.cancelled)) { try await attempt.poll() }
    }
}

/// The compliant server of `OAUTH2_BASE_URL` and its test control.
enum NativeAppServer {
    static let baseURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["OAUTH2_BASE_URL"], !url.isEmpty else { return nil }
        return url
    }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func configuration() throws -> HTTPConfiguration {
        guard let baseURL else { throw Failure(description: "OAUTH2_BASE_URL is not set") }
        return try HTTPConfiguration(baseURL: baseURL, apiKey: nil, tokenHeaderStyle: .bearer, timeout: .seconds(30))
    }

    static func auth(clock: any Clock = SystemClock()) throws -> OAuth2AuthRemoteAPI {
        guard let baseURL else { throw Failure(description: "OAUTH2_BASE_URL is not set") }
        return OAuth2AuthRemoteAPI(
            configuration: try configuration(),
            client: OAuth2Configuration(
                clientID: "gatehouse-native", issuer: baseURL + "/o", scope: "openid read", discoversEndpoints: true),
            proofMaker: SoftwareAuthorizationProofMaker(), clock: clock,
            signatureVerifier: SoftwareSignatureVerifier())
    }

    static func users() throws -> URLSessionUserRemoteAPI {
        URLSessionUserRemoteAPI(configuration: try configuration())
    }

    struct TokenTable: Decodable {
        struct Access: Decodable {
            let client: String?
        }
        struct Refresh: Decodable {
            let revoked: String?
        }
        let access: [Access]
        let refresh: [Refresh]
    }

    static func reset() async throws { _ = try await send("POST", "_test/reset") }

    /// The server's answer to a key rotation: the new key's id and the retired ones'.
    struct KeyRotation: Decodable {
        let signing: String
        let retired: [String]
    }

    /// A new signing key at the server, the ones before it retired (still published).
    static func rotateSigningKey() async throws -> KeyRotation {
        try JSONDecoder().decode(KeyRotation.self, from: try await send("POST", "_test/rotate-signing-key"))
    }

    static func tokens() async throws -> TokenTable {
        try JSONDecoder().decode(TokenTable.self, from: try await send("GET", "_test/tokens"))
    }

    private static func send(_ method: String, _ path: String) async throws -> Data {
        try await TestControl.send(method, path, to: baseURL, named: "OAUTH2_BASE_URL")
    }
}

/// `OAuth2Server/scripted_browser.py` in the server's virtual environment:
/// the person, at the server's own pages.
enum ScriptedBrowser {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs it with `arguments` and answers its exit status, on a thread of
    /// its own (never the cooperative pool).
    static func run(_ arguments: [String]) async throws -> Int32 {
        let python = root.appending(path: ".build/oauth2-venv/bin/python")
        let script = root.appending(path: "OAuth2Server/scripted_browser.py")
        // `posix_spawn`, not Foundation's `Process`: its `run()` on Linux
        // (swift-corelibs-foundation 6.3.1) can read past a `dirent` while it
        // lists `/proc/self/fd` and crash the test process (fixed upstream by
        // swift-corelibs-foundation pull request 5472).
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                // Its output on /dev/null, its errors on the test's.
                let child: pid_t
                switch Platform.spawn(
                    python.path, arguments: [script.path] + arguments, error: .descriptor(STDERR_FILENO))
                {
                case .success(let started): child = started
                case .failure(let failure):
                    return continuation.resume(throwing: POSIXError(POSIXErrorCode(rawValue: failure.code) ?? .EIO))
                }
                var status: Int32 = 0
                while waitpid(child, &status, 0) == -1 {
                    guard errno == EINTR else { return continuation.resume(throwing: POSIXError(.ECHILD)) }
                }
                // The exit status, or 128 + the signal that ended it, as a shell says.
                let signal = status & 0x7F
                continuation.resume(returning: signal == 0 ? (status >> 8) & 0xFF : 128 + signal)
            }
            thread.start()
        }
    }
}
