import AdapterSupport
import Foundation
public import Ports
import Synchronization

import OperatingSystem

/// The short pages the browser is shown after the redirect, in the person's
/// language: plain text, escaped into a minimal HTML page.
public struct RedirectPages: Sendable {
    /// After a code: the person may close the window and go back to the app.
    public var signedIn: String
    /// After the server's refusal (`access_denied` …).
    public var refused: String
    /// A request that is not the answer the app waits for (another `state`,
    /// or none); the app keeps waiting.
    public var notThisRequest: String
    /// After a logout at the server (OpenID Connect RP-Initiated Logout):
    /// the browser's sign-in there has ended too.
    public var signedOut: String

    /// The pages' texts.
    public init(
        signedIn: String, refused: String, notThisRequest: String,
        signedOut: String = RedirectPages.standardSignedOut
    ) {
        self.signedIn = signedIn
        self.refused = refused
        self.notThisRequest = notThisRequest
        self.signedOut = signedOut
    }

    /// The logout page in the app's three languages at once.
    public static let standardSignedOut =
        "Você saiu. Pode fechar esta janela. · You are signed out. You can close this window. · Ha cerrado la sesión. Puede cerrar esta ventana."

    /// The pages in the app's three languages at once (Portuguese, English,
    /// Spanish), for an adapter that is not told the person's language.
    public static let standard = RedirectPages(
        signedIn:
            "Pronto. Pode fechar esta janela e voltar ao app. · Signed in. You can close this window and go back to the app. · Listo. Puede cerrar esta ventana y volver a la app.",
        refused:
            "A entrada não foi concluída. Volte ao app. · The sign-in did not go through. Go back to the app. · El inicio de sesión no se completó. Vuelva a la app.",
        notThisRequest:
            "Este não é o acesso que o app está esperando. · This is not the sign-in this app is waiting for. · Este no es el inicio de sesión que la app está esperando."
    )

    /// The pages in `language` alone: what the browser shows when the app
    /// knows the language the person reads (``PersonsLanguage``).
    public static func inLanguage(_ language: PreferredLanguage) -> RedirectPages {
        switch language {
        case .ptBR:
            RedirectPages(
                signedIn: "Pronto. Pode fechar esta janela e voltar ao app.",
                refused: "A entrada não foi concluída. Volte ao app.",
                notThisRequest: "Este não é o acesso que o app está esperando.",
                signedOut: "Você saiu. Pode fechar esta janela.")
        case .enUS:
            RedirectPages(
                signedIn: "Signed in. You can close this window and go back to the app.",
                refused: "The sign-in did not go through. Go back to the app.",
                notThisRequest: "This is not the sign-in this app is waiting for.",
                signedOut: "You are signed out. You can close this window.")
        case .esES:
            RedirectPages(
                signedIn: "Listo. Puede cerrar esta ventana y volver a la app.",
                refused: "El inicio de sesión no se completó. Vuelva a la app.",
                notThisRequest: "Este no es el inicio de sesión que la app está esperando.",
                signedOut: "Ha cerrado la sesión. Puede cerrar esta ventana.")
        }
    }
}

/// The redirect URI of a native app's browser sign-in (RFC 8252 §7.3): a
/// one-shot HTTP listener on 127.0.0.1 on a port the system picks, for one
/// authorization attempt.
///
/// - Only loopback: it binds 127.0.0.1 (not `localhost`, RFC 8252 §8.3), so
///   nothing off the machine can reach it.
/// - One answer: it waits for a `GET` of its path whose `state` is this
///   attempt's. Any other request — another path (a browser's favicon),
///   another method, no `state`, a parameter twice — is answered 404, 405 or
///   400 with the "not this request" page, and it keeps waiting. An answer
///   (a `code` or an `error`) with another `state` is answered 400 too,
///   counted (`answersOfAnotherAttempt`), never used, and the wait goes on:
///   it is another attempt's answer — an old tab — or a forged one, and a
///   local process that can reach the listener must not be able to end the
///   person's sign-in with one request. Only the right `state`, or the
///   person (cancelling), ends the wait. The request with the right `state`
///   is answered and the listener closes: a second request is refused by
///   the system (nothing listens any more).
/// - Bounded: a request's head is read up to `maximumHeadBytes` (a longer
///   one is answered 431 as soon as it passes the limit) and for at most
///   `readBudget` per connection (a connection that sends nothing is
///   dropped). Connections are read side by side, at most
///   `mostPendingConnections` at once, so idle ones never delay the
///   browser's redirect.
/// - Nothing it is sent is printed; the code is handed over redacted
///   (`AuthorizationCode`).
///
/// How long the whole wait may take is the caller's to decide: cancel the
/// task awaiting `redirect(expectedState:issuer:issuerRequired:)` (the
/// domain does so on its clock) and the listener closes.
public final class LoopbackRedirectListener: Sendable {
    /// The longest request head read.
    public static let maximumHeadBytes = 8 * 1024

    /// The port the system gave the listener.
    public let port: UInt16
    /// The path the redirect URI names.
    public let path: String
    private let pages: RedirectPages
    private let readBudget: Duration
    /// Told that a wait for the person is not work (`willPark`), so a
    /// headless runner settles while the browser is out: the prompt comes
    /// back, and `cancel` can be typed.
    private let waitCounter: (any ActivityCounter)?
    private let listeningSocket: Int32
    private let state = Mutex(ListenerState())

    private struct ListenerState {
        var isClosed = false
        var isWaiting = false
        var isSocketClosed = false
        var answersOfAnotherAttempt = 0
    }

    /// How many answers with another `state` came and were refused while
    /// this attempt waited (none of them ended it).
    public var answersOfAnotherAttempt: Int { state.withLock { $0.answersOfAnotherAttempt } }

    /// The redirect URI to send in the authorization request.
    public var redirectURI: String { "http://127.0.0.1:\(port)\(path)" }

    /// Opens the listener on 127.0.0.1, on a port the system picks.
    ///
    /// - Parameters:
    ///   - path: the redirect URI's path.
    ///   - pages: what the browser is shown, in the person's language.
    ///   - readBudget: how long one connection may take to send its request.
    ///   - waitCounter: counts the wait for the person as parked (a
    ///     headless app's settle rule); nil counts nothing.
    public init(
        path: String = "/callback", pages: RedirectPages, readBudget: Duration = .seconds(10),
        waitCounter: (any ActivityCounter)? = nil
    ) throws(AuthorizationRedirectError) {
        let (descriptor, port): (Int32, UInt16)
        switch LoopbackSocket.listen(backlog: 64) {
        case .success(let opened): (descriptor, port) = opened
        case .failure(let error): throw .cannotListen(error.reason)
        }
        listeningSocket = descriptor
        self.port = port
        self.path = path
        self.pages = pages
        self.readBudget = readBudget
        self.waitCounter = waitCounter
    }

    deinit { closeSocketOnce() }

    /// Waits for the request that carries `expectedState`, answers it and
    /// closes. `issuer`: the issuer asked, compared with an `iss` the answer
    /// carries (RFC 9207); `issuerRequired`: the server says it always sends
    /// one, so an answer without it is refused.
    ///
    /// - Throws: `.wrongIssuer`, `.malformed` for an answer with the right
    ///   `state` that cannot be used (the listener closes: the attempt is
    ///   over); `.ended` when the task is cancelled or the listener closed.
    public func redirect(expectedState: String, issuer: String? = nil, issuerRequired: Bool = false)
        async throws(AuthorizationRedirectError) -> AuthorizationRedirect
    {
        let starts = state.withLock { state in
            defer { state.isWaiting = true }
            return !state.isClosed && !state.isWaiting
        }
        guard starts else { throw .ended }
        return try await serveOnItsOwnThread(expectedState: expectedState) { [pages] items in
            let answer = AuthorizationRedirectQuery.redirect(items, issuer: issuer, issuerRequired: issuerRequired)
            switch answer {
            case .success(.code): return (answer, pages.signedIn)
            case .success(.refused), .failure: return (answer, pages.refused)
            }
        }
    }

    /// Waits for the server's redirect after a logout (OpenID Connect
    /// RP-Initiated Logout 1.0, section 3): a `GET` of the path whose
    /// `state` is this logout's, answered with the "signed out" page; then
    /// the listener closes. A request with another `state`, or none, is
    /// answered 400 and the wait goes on (one with a `state` is counted in
    /// `answersOfAnotherAttempt`).
    ///
    /// - Throws: `.ended` when the task is cancelled or the listener closed.
    public func postLogoutRedirect(expectedState: String) async throws(AuthorizationRedirectError) {
        let starts = state.withLock { state in
            defer { state.isWaiting = true }
            return !state.isClosed && !state.isWaiting
        }
        guard starts else { throw .ended }
        try await serveOnItsOwnThread(expectedState: expectedState, anyStateCounts: true) { [pages] _ in
            (.success(()), pages.signedOut)
        }
    }

    /// Serves on a thread of its own (blocking calls: poll, accept, recv;
    /// never the cooperative pool) until the request with `expectedState`,
    /// which `answer` reads into the result and the page to show.
    private func serveOnItsOwnThread<Answer: Sendable>(
        expectedState: String, anyStateCounts: Bool = false,
        answer: @escaping @Sendable ([String: String]) -> (Result<Answer, AuthorizationRedirectError>, String)
    ) async throws(AuthorizationRedirectError) -> Answer {
        // The wait is the person's, not work: parked, as a clock's sleeper is.
        let counted = waitCounter?.willPark() ?? false
        let result: Result<Answer, AuthorizationRedirectError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread { [self] in
                    let served = serve(
                        expectedState: expectedState, anyStateCounts: anyStateCounts, answer: answer)
                    // Counted back in before it resumes, so the count never dips to zero while work is still to run.
                    if counted { waitCounter?.willResume(1) }
                    continuation.resume(returning: served)
                }
                thread.stackSize = 256 * 1024
                thread.start()
            }
        } onCancel: {
            close()
        }
        close()
        return try result.get()
    }

    /// Stops listening; a wait under way ends with `.ended`. Closing twice is harmless.
    public func close() {
        let nobodyServes = state.withLock { state in
            state.isClosed = true
            return !state.isWaiting
        }
        // A wait under way closes the socket as it ends; without one, close it
        // now, so the system refuses a browser that comes back later.
        if nobodyServes { closeSocketOnce() }
    }

    private var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Closes the listening socket (so the system refuses what comes next), once.
    private func closeSocketOnce() {
        let closes = state.withLock { state in
            defer { state.isSocketClosed = true }
            return !state.isSocketClosed
        }
        if closes { closeDescriptor(listeningSocket) }
    }

    // MARK: - Serving, on the listener's thread

    /// A connection accepted whose request head is still coming.
    private struct PendingConnection {
        let descriptor: Int32
        let deadline: ContinuousClock.Instant
        var head: [UInt8] = []
    }

    /// What one read on a pending connection came to.
    private enum HeadProgress {
        /// More is to come.
        case incomplete
        /// The whole head, up to the empty line.
        case complete([UInt8])
        /// Past `maximumHeadBytes`: answered 431.
        case tooLarge
        /// The peer closed, or the read failed.
        case gone
    }

    /// Serves every connection at once, on this one thread: each is read
    /// as its bytes come (`poll` over all of them), within its own read
    /// budget, so a connection that sends nothing — or sends slowly —
    /// never holds up the browser's redirect behind it. At most
    /// `mostPendingConnections` wait at once; one more drops the oldest.
    private func serve<Answer>(
        expectedState: String, anyStateCounts: Bool,
        answer: ([String: String]) -> (Result<Answer, AuthorizationRedirectError>, String)
    ) -> Result<Answer, AuthorizationRedirectError> {
        defer { closeSocketOnce() }
        var pending: [PendingConnection] = []
        defer { for connection in pending { closeDescriptor(connection.descriptor) } }
        while !isClosed {
            var descriptors =
                [pollfd(fd: listeningSocket, events: Int16(POLLIN), revents: 0)]
                + pending.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            // A short tick, so a close, a cancel or a read budget's end is seen soon.
            if poll(&descriptors, nfds_t(descriptors.count), 100) <= 0 {
                for index in descriptors.indices { descriptors[index].revents = 0 }
            }
            // Newest first, so removing one leaves the indices still to visit as they were.
            for index in pending.indices.reversed() where descriptors[index + 1].revents != 0 {
                switch readMore(&pending[index]) {
                case .incomplete:
                    continue
                case .gone:
                    closeDescriptor(pending.remove(at: index).descriptor)
                case .tooLarge:
                    let connection = pending.remove(at: index)
                    discardTheRest(
                        of: connection.descriptor, until: min(connection.deadline, .now + .milliseconds(500)))
                    closeDescriptor(connection.descriptor)
                case .complete(let head):
                    let connection = pending.remove(at: index).descriptor
                    defer { closeDescriptor(connection) }
                    if let outcome = handle(
                        head, on: connection, expectedState: expectedState, anyStateCounts: anyStateCounts,
                        answer: answer)
                    {
                        return outcome
                    }
                }
            }
            // Only after what has come was read: a request that arrived while
            // this thread was not running (a busy machine) is served, not
            // dropped for the time it waited on us.
            let now = ContinuousClock.now
            pending.removeAll { connection in
                guard connection.deadline <= now else { return false }
                closeDescriptor(connection.descriptor)
                return true
            }
            guard descriptors[0].revents & Int16(POLLIN) != 0 else { continue }
            let connection = Platform.acceptConnection(on: listeningSocket)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, fcntl(connection, F_GETFD) | FD_CLOEXEC)
            if pending.count >= Self.mostPendingConnections {
                closeDescriptor(pending.removeFirst().descriptor)
            }
            pending.append(PendingConnection(descriptor: connection, deadline: .now + readBudget))
        }
        return .failure(.ended)
    }

    /// Answers one whole request head: nil while the wait goes on (the
    /// request was not this attempt's answer), the outcome when it ends.
    private func handle<Answer>(
        _ head: [UInt8], on connection: Int32, expectedState: String, anyStateCounts: Bool,
        answer: ([String: String]) -> (Result<Answer, AuthorizationRedirectError>, String)
    ) -> Result<Answer, AuthorizationRedirectError>? {
        guard let target = Self.target(ofGet: head) else {
            respond(connection, status: "405 Method Not Allowed", page: pages.notThisRequest)
            return nil
        }
        guard Self.path(of: target) == path else {
            respond(connection, status: "404 Not Found", page: pages.notThisRequest)
            return nil
        }
        guard let items = AuthorizationRedirectQuery.parameters(of: target)?.items,
            let sentState = items["state"], Self.equalInConstantTime(sentState, expectedState)
        else {
            respond(connection, status: "400 Bad Request", page: pages.notThisRequest)
            let isAnotherAttempts =
                anyStateCounts
                ? AuthorizationRedirectQuery.parameters(of: target)?.items["state"] != nil
                : AuthorizationRedirectQuery.isAnswerOfAnotherAttempt(target)
            if isAnotherAttempts { state.withLock { $0.answersOfAnotherAttempt += 1 } }
            return nil
        }
        let (result, page) = answer(items)
        respond(connection, status: "200 OK", page: page)
        return result
    }

    /// The most connections whose heads are read at once: a local process
    /// that opens more only drops its own oldest.
    public static let mostPendingConnections = 32

    /// Reads what `connection` has sent (it polled readable) and says how
    /// far its head has come. The limit is the head's, wherever a read
    /// happens to end: a head that ends past it in the same read is as
    /// oversized as one that goes on.
    private func readMore(_ connection: inout PendingConnection) -> HeadProgress {
        var chunk = [UInt8](repeating: 0, count: 2048)
        let count = recv(connection.descriptor, &chunk, chunk.count, 0)
        if count < 0, errno == EINTR || errno == EAGAIN { return .incomplete }
        guard count > 0 else { return .gone }
        connection.head += chunk[..<count]
        let end = Self.endOfHead(in: connection.head)
        if let end, end <= Self.maximumHeadBytes { return .complete(Array(connection.head[..<end])) }
        guard end == nil, connection.head.count <= Self.maximumHeadBytes else {
            respond(connection.descriptor, status: "431 Request Header Fields Too Large", page: pages.notThisRequest)
            return .tooLarge
        }
        return .incomplete
    }

    /// After an answer sent early: ends the writing side and reads what the
    /// browser still sends (bounded), so closing with unread bytes does not
    /// reset the connection before the browser reads the answer.
    private func discardTheRest(of connection: Int32, until deadline: ContinuousClock.Instant) {
        shutdown(connection, Int32(SHUT_WR))
        var chunk = [UInt8](repeating: 0, count: 4096)
        var discarded = 0
        while discarded < 16 * Self.maximumHeadBytes, ContinuousClock.now < deadline {
            var readable = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&readable, 1, 100) > 0 else { continue }
            let count = recv(connection, &chunk, chunk.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            discarded += count
        }
    }

    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// The request target of a `GET` request line; nil for another method
    /// or a line that is none.
    private static func target(ofGet head: [UInt8]) -> String? {
        let line = head.prefix { $0 != 13 && $0 != 10 }
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].elementsEqual("GET".utf8), parts[1].first == UInt8(ascii: "/"),
            parts[2].starts(with: "HTTP/1.".utf8)
        else { return nil }
        return String(decoding: parts[1], as: UTF8.self)
    }

    /// The target's path, before any query.
    private static func path(of target: String) -> Substring {
        target.prefix { $0 != "?" }
    }

    private static func equalInConstantTime(_ left: String, _ right: String) -> Bool {
        let left = Array(left.utf8)
        let right = Array(right.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Answers a short page and lets the connection close. Not cached, not
    /// referred on: the page's URL held the code.
    private func respond(_ connection: Int32, status: String, page: String) {
        let body = Array(
            """
            <!doctype html><html><head><meta charset="utf-8"><title>Gatehouse</title></head>\
            <body><p>\(Self.escapedHTML(page))</p></body></html>
            """.utf8)
        let head = Array(
            ("HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
                + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n").utf8)
        var bytes = head + body
        while !bytes.isEmpty {
            let sent = Platform.send(connection, bytes, bytes.count)
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return }
            bytes.removeFirst(sent)
        }
    }

    private static func escapedHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// `close(2)`, named apart from the listener's own `close()`.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
