import AdapterHTTP
import Foundation
import Ports
import Synchronization
import TaskRuntime
import Testing

import OperatingSystem

/// The browser's redirect to a native app (RFC 8252 §7.3): one request with
/// the right `state` is the answer; anything else is refused and the wait
/// goes on; after the answer nothing listens.
///
/// The "browser" is a plain socket on a thread of its own. Real sockets,
/// but nothing here waits on a duration: each step waits for what the
/// listener answers (a connection that sends nothing waits out the
/// listener's read budget, made short here).
@Suite("Loopback redirect listener")
struct LoopbackRedirectListenerTests {
    static let pages = RedirectPages(
        signedIn: "Signed in. You can close this window.", refused: "Sign-in refused.",
        notThisRequest: "This is not the sign-in this app is waiting for.")

    /// What a browser got: the status line and the body, or nil when the
    /// connection was refused or closed unanswered.
    struct Answer: Sendable {
        let statusLine: String
        let body: String
    }

    /// Sends `request` to 127.0.0.1:`port` on a thread of its own and reads the answer to its end.
    static func send(_ request: String, to port: UInt16, holdOpenWithoutSending: Bool = false) async -> Answer? {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: exchange(request, port: port, silent: holdOpenWithoutSending))
            }
            thread.start()
        }
    }

    private static func exchange(_ request: String, port: UInt16, silent: Bool) -> Answer? {
        guard let descriptor = openSilently(to: port) else { return nil }
        defer { close(descriptor) }
        if !silent {
            let bytes = Array(request.utf8)
            guard Platform.send(descriptor, bytes, bytes.count) == bytes.count else { return nil }
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            received += chunk[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n") else { return nil }
        return Answer(
            statusLine: String(text[..<headEnd.lowerBound].prefix { $0 != "\r\n" }),
            body: String(text[headEnd.upperBound...]))
    }

    static func get(_ target: String, _ port: UInt16) -> String {
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    }

    @Test("The redirect URI is http://127.0.0.1 on an ephemeral port, with its path")
    func redirectURI() throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages)
        #expect(listener.port > 0)
        #expect(listener.redirectURI == "http://127.0.0.1:\(listener.port)/callback")
    }

    @Test("The request with the right state gives the code, answered with the page; then nothing listens")
    func rightStateThenClosed() async throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages)
        let port = listener.port
        async let redirect = listener.redirect(expectedState: "s-123")
        let answer = await Self.send(Self.get("/callback?code=c-secret&state=s-123", port), to: port)

        #expect(try await redirect == .code(AuthorizationCode("c-secret")))
        #expect(answer?.statusLine == "HTTP/1.1 200 OK")
        #expect(answer?.body.contains("Signed in. You can close this window.") == true)
        #expect(await Self.send(Self.get("/callback?code=again&state=s-123", port), to: port) == nil)
    }

    @Test("No state, another path or method, a parameter twice are refused, and the wait goes on")
    func othersRefused() async throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages)
        let port = listener.port
        async let redirect = listener.redirect(expectedState: "s-123")
        let refusals: [(String, String)] = [
            (Self.get("/callback?code=c", port), "HTTP/1.1 400 Bad Request"),
            (Self.get("/callback?state=other", port), "HTTP/1.1 400 Bad Request"),
            (Self.get("/favicon.ico", port), "HTTP/1.1 404 Not Found"),
            (
                "POST /callback?code=c&state=s-123 HTTP/1.1\r\nContent-Length: 0\r\n\r\n",
                "HTTP/1.1 405 Method Not Allowed"
            ),
            (Self.get("/callback?code=c&state=s-123&state=s-123", port), "HTTP/1.1 400 Bad Request"),
        ]
        for (request, status) in refusals {
            let answer = await Self.send(request, to: port)
            #expect(answer?.statusLine == status, "\(request.prefix { $0 != "\r" })")
            #expect(answer?.body.contains("This is not the sign-in this app is waiting for.") == true)
        }
        _ = await Self.send(Self.get("/callback?code=c-right&state=s-123", port), to: port)
        #expect(try await redirect == .code(AuthorizationCode("c-right")))
    }

    @Test(
        "An answer with another state is refused (400), counted and ends nothing: the attempt goes on and takes its own answer",
        arguments: ["code=c&state=other", "code=c&state=s-12", "error=access_denied&state=s-1234"])
    func anotherAttemptsAnswerEndsNothing(query: String) async throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages)
        let port = listener.port
        async let redirect = listener.redirect(expectedState: "s-123")
        for _ in 1...3 {
            let answer = await Self.send(Self.get("/callback?\(query)", port), to: port)
            #expect(answer?.statusLine == "HTTP/1.1 400 Bad Request")
            #expect(answer?.body.contains("This is not the sign-in this app is waiting for.") == true)
        }
        #expect(listener.answersOfAnotherAttempt == 3)

        let right = await Self.send(Self.get("/callback?code=c-right&state=s-123", port), to: port)
        #expect(right?.statusLine == "HTTP/1.1 200 OK")
        #expect(try await redirect == .code(AuthorizationCode("c-right")))
        #expect(await Self.send(Self.get("/callback?code=c&state=s-123", port), to: port) == nil)
    }

    @Test("access_denied ends the wait as a refusal; an unregistered error code is passed on as server_error")
    func refusals() async throws {
        for (sent, passed) in [("access_denied", "access_denied"), ("<script>", "server_error")] {
            let listener = try LoopbackRedirectListener(pages: Self.pages)
            async let redirect = listener.redirect(expectedState: "s")
            let query = "error=\(sent.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&state=s"
            let answer = await Self.send(Self.get("/callback?\(query)", listener.port), to: listener.port)
            #expect(try await redirect == .refused(error: passed))
            #expect(answer?.body.contains("Sign-in refused.") == true)
        }
    }

    @Test("An iss other than the issuer asked is refused (RFC 9207), as is none when the server promised one")
    func issuer() async throws {
        let cases:
            [(query: String, required: Bool, expected: Result<AuthorizationRedirect, AuthorizationRedirectError>)] = [
                ("code=c&state=s&iss=https%3A%2F%2Fevil.example", false, .failure(.wrongIssuer)),
                ("code=c&state=s", true, .failure(.wrongIssuer)),
                ("code=c&state=s", false, .success(.code(AuthorizationCode("c")))),
                ("code=c&state=s&iss=http%3A%2F%2F127.0.0.1%3A8099%2Fo", true, .success(.code(AuthorizationCode("c")))),
                ("state=s", false, .failure(.malformed)),
            ]
        for item in cases {
            let listener = try LoopbackRedirectListener(pages: Self.pages)
            let port = listener.port
            let waiting = Task {
                () async -> Result<AuthorizationRedirect, AuthorizationRedirectError> in
                do throws(AuthorizationRedirectError) {
                    return .success(
                        try await listener.redirect(
                            expectedState: "s", issuer: "http://127.0.0.1:8099/o", issuerRequired: item.required))
                } catch {
                    return .failure(error)
                }
            }
            _ = await Self.send(Self.get("/callback?\(item.query)", port), to: port)
            #expect(await waiting.value == item.expected, "\(item.query)")
        }
    }

    @Test("A connection that sends nothing is dropped after the read budget; the next one is served")
    func silentConnectionDropped() async throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages, readBudget: .seconds(1))
        let port = listener.port
        async let redirect = listener.redirect(expectedState: "s")
        async let silent = Self.send("", to: port, holdOpenWithoutSending: true)
        #expect(await silent == nil, "dropped unanswered")
        _ = await Self.send(Self.get("/callback?code=c&state=s", port), to: port)
        #expect(try await redirect == .code(AuthorizationCode("c")))
    }

    @Test(
        "Idle connections never hold up the redirect: it is served while they stay open, even more than the listener keeps",
        arguments: [4, LoopbackRedirectListener.mostPendingConnections + 4])
    func idleConnectionsDoNotDelay(idle: Int) async throws {
        // A read budget no test outlives: only serving side by side lets the redirect through.
        let listener = try LoopbackRedirectListener(pages: Self.pages, readBudget: .seconds(3600))
        let port = listener.port
        let silent = try (0..<idle).map { _ in try #require(Self.openSilently(to: port)) }
        defer { silent.forEach { _ = close($0) } }
        async let redirect = listener.redirect(expectedState: "s")

        let answer = await Self.within(.seconds(60), onTimeout: { listener.close() }) {
            await Self.send(Self.get("/callback?code=c&state=s", port), to: port)
        }

        #expect(
            answer??.statusLine == "HTTP/1.1 200 OK", "the redirect was not served while idle connections were open")
        #expect(try await redirect == .code(AuthorizationCode("c")))
    }

    /// A connection to 127.0.0.1:`port` that sends nothing; nil when refused.
    static func openSilently(to port: UInt16) -> Int32? {
        let descriptor = Platform.streamSocket()
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                SystemCall.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// `work`'s answer, or nil — a failure, never a pass — when it takes
    /// longer than `budget`; `onTimeout` then runs (closing what the work
    /// waits on), so nothing hangs. The suite's one watchdog.
    static func within<T: Sendable>(
        _ budget: Duration, onTimeout: @escaping @Sendable () -> Void = {}, _ work: @escaping @Sendable () async -> T
    ) async -> T? {
        let first = Mutex<CheckedContinuation<T?, Never>?>(nil)
        return await withCheckedContinuation { continuation in
            first.withLock { $0 = continuation }
            let answer: @Sendable (T?) -> Void = { value in first.withLock { $0.take() }?.resume(returning: value) }
            Task.detached { answer(await work()) }
            Task.detached {
                try? await Task.sleep(for: budget)
                onTimeout()
                answer(nil)
            }
        }
    }

    @Test("An oversized request head is answered 431 and not read further")
    func oversizedHead() async throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages)
        let port = listener.port
        async let redirect = listener.redirect(expectedState: "s")
        let long = "GET /callback?code=c&state=s HTTP/1.1\r\nX: \(String(repeating: "a", count: 20_000))\r\n\r\n"
        #expect(await Self.send(long, to: port)?.statusLine == "HTTP/1.1 431 Request Header Fields Too Large")
        _ = await Self.send(Self.get("/callback?code=c&state=s", port), to: port)
        #expect(try await redirect == .code(AuthorizationCode("c")))
    }

    @Test(
        "A head just past the limit that ends within one read is answered 431, never served",
        arguments: [LoopbackRedirectListener.maximumHeadBytes + 1, 9 * 1024, 10 * 1024])
    func headJustPastTheLimit(size: Int) async throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages)
        let port = listener.port
        async let redirect = listener.redirect(expectedState: "s")
        let start = "GET /callback?code=c&state=s HTTP/1.1\r\nX: "
        let head = start + String(repeating: "a", count: size - start.utf8.count) + "\r\n\r\n"

        #expect(await Self.send(head, to: port)?.statusLine == "HTTP/1.1 431 Request Header Fields Too Large")
        _ = await Self.send(Self.get("/callback?code=other&state=s", port), to: port)
        #expect(try await redirect == .code(AuthorizationCode("other")), "the oversized request was not taken")
    }

    @Test("Cancelling the wait ends it as .ended and closes the listener")
    func cancelled() async throws {
        let listener = try LoopbackRedirectListener(pages: Self.pages)
        let port = listener.port
        let waiting = Task { () async -> AuthorizationRedirectError? in
            do throws(AuthorizationRedirectError) {
                _ = try await listener.redirect(expectedState: "s")
                return nil
            } catch {
                return error
            }
        }
        waiting.cancel()
        #expect(await waiting.value == .ended)
        #expect(await Self.send(Self.get("/callback?code=c&state=s", port), to: port) == nil)
    }

    /// Whether `activity` settles within `budget`: a count that never
    /// reaches zero fails the test instead of hanging the suite.
    static func settles(_ activity: VirtualActivity, within budget: Duration = .seconds(60)) async -> Bool {
        await within(budget) { await activity.waitUntilIdle() } != nil
    }

    @Test(
        "The wait for the person is no work: a counted task waiting here is parked, and counted back in with the answer"
    )
    func waitForThePersonIsParked() async throws {
        let activity = VirtualActivity()
        let listener = try LoopbackRedirectListener(pages: Self.pages, waitCounter: activity)
        let port = listener.port
        let waiting = CountingTaskScheduler(activity: activity).spawn { () -> Bool in
            guard case .code = try? await listener.redirect(expectedState: "s") else { return false }
            return true
        }
        // Settles while the browser is out: the headless app's prompt comes back.
        #expect(await Self.settles(activity), "settled within a minute while the person was in the browser")
        #expect(activity.liveTaskCount == 1, "the task still waits for the person")

        #expect(await Self.send(Self.get("/callback?code=c&state=s", port), to: port)?.statusLine == "HTTP/1.1 200 OK")
        #expect(await waiting.value)
        await activity.waitUntilIdle()
        #expect(activity.liveTaskCount == 0)
        #expect(activity.runnableCount == 0, "counted back in once, and out once it finished")
    }

    @Test("The code prints redacted, and no error text holds a code or a state")
    func redacted() {
        #expect("\(AuthorizationCode("c-secret"))" == "AuthorizationCode(redacted)")
        let errors: [AuthorizationRedirectError] = [.cannotListen("x"), .wrongIssuer, .malformed, .ended]
        for error in errors { #expect(!error.description.contains("c-secret")) }
    }
}

extension LoopbackRedirectListenerTests.Answer: Equatable {}
