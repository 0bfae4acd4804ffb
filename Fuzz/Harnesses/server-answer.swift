import AdapterHTTP
import BoundedHTTP
import Dispatch
import Foundation
import Ports
import Synchronization

import OperatingSystem

/// Any bytes as a server's whole HTTP answer — status line, headers, chunked
/// or not, body — written by a raw-socket server on 127.0.0.1
/// (`LoopbackAnswerServer`) to one call of a remote adapter, as the app
/// makes it: the wire contract's auth, user, statement and health adapters,
/// Supabase's auth, user and health, and OAuth 2.0's auth.
///
/// The input: byte 0 picks the call; byte 1 says what the server does after
/// the answer (bits 0–1: close, hold the connection open, write the body
/// again and again, for 2 s) and whether it adds `Location: /again` after
/// the first line (bit 2: a redirect back to itself, which the answer's
/// status may make a loop); the rest is the answer. Every `location` in the
/// answer, in any case, is written `xocation`: no answer can send the client
/// anywhere but back to this server — networking stays on loopback.
///
/// Four answers crash the process in swift-corelibs-foundation 6.3.1
/// (`Transfer completed, but there's no response`, swift-corelibs-foundation
/// issue 5285, fixed upstream by pull request 5286, later than 6.3.1;
/// docs/fuzzing.md, docs/threat-model.md): libcurl finishes the transfer
/// while Foundation holds no complete head. Gatehouse cannot catch that, and
/// the harness would find nothing else, so it keeps them out:
/// - an answer whose head never ends is held open, never closed (a server
///   that closes the connection inside the head — also inside the head
///   that follows an interim `100 Continue`, found by CI);
/// - a line that begins with a carriage return not followed by a line feed
///   has that byte written `x` (libcurl takes such a line as the head's end,
///   Foundation as one more header line);
/// - a line that begins with a NUL byte has that byte written `x` (a head
///   line `\0…\r\n` ends the transfer with Foundation holding no response);
/// - a chunked body's last chunk (a line of zeros) is always followed by the
///   empty line (a trailer field — valid HTTP — reaches Foundation as a
///   header line after the head, which drops the response it had).
/// An endless answer ends with a line feed, so that no line spans two copies
/// of its body and the rewrites hold for every copy.
///
/// Properties of every call:
/// - it ends (no crash, no hang) within its deadline per request it may
///   make, plus 2 s;
/// - the process's peak resident size grows by under 128 MB during the
///   call. The tests hold 64 MB; AddressSanitizer, which every harness is
///   built with, adds its shadow, and keeps up to 16 MB of freed memory in
///   quarantine (`__asan_default_options` below) instead of its default
///   256 MB, which would make the resident size measure how much was freed
///   rather than held. (After a call that refused an endless body, URLSession
///   goes on reading it until its cancellation gets through, and holds
///   memory of its own meanwhile — docs/threat-model.md says how much; the
///   next input waits until the server has stopped writing.)
/// - it fails only as `RemoteError` says a server can make it fail, and
///   never with a URLSession error `HTTPTransport` does not name — save
///   `URLError.unknown` (`network error -1`), with which URLSession on Linux
///   reports a connection that failed or broke off and a head libcurl could
///   not read alike: they cannot be told apart;
/// - no error's text holds the token, refresh token, password, API key or
///   client secret it was sent with (a secret made at random per run, which
///   no answer can echo but by leaking it).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = fuzzInput(start, count)
    guard input.count >= 2, let harness = ServerAnswerHarness.shared else {
        fuzzRequire(ServerAnswerHarness.shared != nil, "no loopback socket: the harness cannot run")
        return 0
    }
    let call = ServerAnswerHarness.calls[Int(input[0]) % ServerAnswerHarness.calls.count]
    var tail: LoopbackAnswerServer.Tail = [.close, .hold, .endless, .close][Int(input[1] & 3)]
    let answer = ServerAnswerHarness.answer(
        Array(input.dropFirst(2)), redirectingBack: input[1] & 4 != 0, endless: tail == .endless)
    if tail == .close, !ServerAnswerHarness.headEnds(answer) { tail = .hold }
    harness.server.answer(with: LoopbackAnswerServer.Answer(bytes: answer, tail: tail))

    resetPeakResidentSize()
    let before = peakResidentBytes()
    let started = ContinuousClock.now
    let outcome = harness.run(call)
    let elapsed = ContinuousClock.now - started
    let growth = peakResidentBytes() - before
    // URLSession reads on a refused endless body until its cancellation
    // gets through (docs/threat-model.md), holding memory for every piece
    // still on its way after the server stopped: that is this input's doing,
    // and must be over — the client has hung up — before the next input is
    // measured.
    harness.server.waitWhileStreaming(upTo: .seconds(7))

    let allowed = ServerAnswerHarness.deadline * call.requests + .seconds(2)
    fuzzRequire(elapsed < allowed, "\(call.name) took \(elapsed), more than \(allowed)")
    fuzzRequire(growth < 128 * 1024 * 1024, "\(call.name): the peak resident size grew by \(growth) bytes")
    if case .failure(let error) = outcome {
        fuzzRequire(!ServerAnswerHarness.isUnmapped(error), "\(call.name) failed with an unmapped error: \(error)")
        let text = "\(error) \(String(reflecting: error))"
        fuzzRequire(!text.contains(ServerAnswerHarness.secret), "\(call.name)'s error shows a secret: \(error)")
    }
    return 0
}

/// AddressSanitizer's options for this harness (the environment's
/// `ASAN_OPTIONS` still override them): a 16 MB quarantine, so that freed
/// memory does not count as held (see the properties above).
@_cdecl("__asan_default_options")
public func asanDefaultOptions() -> UnsafePointer<CChar>? {
    UnsafeRawPointer(asanOptions.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let asanOptions: StaticString = "quarantine_size_mb=16"

/// The server, the adapters (made once, as the app makes them once) and the calls.
final class ServerAnswerHarness: Sendable {
    struct Call: Sendable {
        let name: String
        /// How many requests the call may make (Supabase's logout may need three).
        let requests: Int
        let run: @Sendable (Adapters) async throws(RemoteError) -> Void
    }

    struct Adapters: Sendable {
        let auth: URLSessionAuthRemoteAPI
        let user: URLSessionUserRemoteAPI
        let statement: URLSessionStatementRemoteAPI
        let health: URLSessionHealthProbe
        let supabaseAuth: SupabaseAuthRemoteAPI
        let supabaseUser: SupabaseUserRemoteAPI
        let supabaseHealth: SupabaseHealthProbe
        let oauth2: OAuth2AuthRemoteAPI
    }

    static let deadline = Duration.milliseconds(400)
    /// Sent as every secret; random per run, so no answer holds it.
    static let secret = "secret-" + UUID().uuidString
    static let shared = ServerAnswerHarness()

    let server: LoopbackAnswerServer
    let adapters: Adapters

    private init?() {
        guard let server = LoopbackAnswerServer() else { return nil }
        let baseURL = "http://127.0.0.1:\(server.port)"
        guard
            let wire = try? HTTPConfiguration(
                baseURL: baseURL, apiKey: APIKey(Self.secret), tokenHeaderStyle: .token, timeout: Self.deadline),
            let bearer = try? HTTPConfiguration(
                baseURL: baseURL, apiKey: APIKey(Self.secret), tokenHeaderStyle: .bearer, timeout: Self.deadline)
        else { return nil }
        self.server = server
        adapters = Adapters(
            auth: URLSessionAuthRemoteAPI(configuration: wire, offersSignOut: true),
            user: URLSessionUserRemoteAPI(configuration: wire),
            statement: URLSessionStatementRemoteAPI(configuration: wire),
            health: URLSessionHealthProbe(configuration: wire),
            supabaseAuth: SupabaseAuthRemoteAPI(configuration: bearer),
            supabaseUser: SupabaseUserRemoteAPI(configuration: bearer),
            supabaseHealth: SupabaseHealthProbe(configuration: bearer),
            oauth2: OAuth2AuthRemoteAPI(
                configuration: bearer,
                client: OAuth2Configuration(clientID: "app", clientSecret: OAuth2ClientSecret(Self.secret))))
    }

    static let token = AccessToken(secret)
    static let session = SessionToken(
        token: token, issuedAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 3600),
        refreshToken: RefreshToken(secret))

    static let calls: [Call] = [
        Call(name: "auth.signIn", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.auth.signIn(Credentials(identifier: .cpf("12345678909"), password: Password(secret)))
        },
        Call(name: "auth.refresh", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.auth.refresh(.accessToken(token))
        },
        Call(name: "auth.register", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.auth.register(
                Registration(name: "Maria", email: "maria@example.com", cpf: "12345678909", password: Password(secret)))
        },
        Call(name: "auth.signOut", requests: 1) { adapters throws(RemoteError) in
            try await adapters.auth.signOut(session)
        },
        Call(name: "user.currentUser", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.user.currentUser(token: token)
        },
        Call(name: "user.updateCurrentUser", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.user.updateCurrentUser(ProfileChanges(name: "Maria"), token: token)
        },
        Call(name: "user.deleteCurrentUser", requests: 1) { adapters throws(RemoteError) in
            try await adapters.user.deleteCurrentUser(token: token)
        },
        Call(name: "user.relatedUsers", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.user.relatedUsers(token: token)
        },
        Call(name: "user.saveSharedWith", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.user.saveSharedWith(["1", "2"], token: token)
        },
        Call(name: "statement.statement", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.statement.statement(token: token)
        },
        Call(name: "statement.entryDetails", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.statement.entryDetails(id: "1", token: token)
        },
        Call(name: "health.check", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.health.check()
        },
        Call(name: "supabase.signIn", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.supabaseAuth.signIn(
                Credentials(identifier: .email("maria@example.com"), password: Password(secret)))
        },
        Call(name: "supabase.refresh", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.supabaseAuth.refresh(.refreshToken(RefreshToken(secret)))
        },
        Call(name: "supabase.signOut", requests: 3) { adapters throws(RemoteError) in
            try await adapters.supabaseAuth.signOut(session)
        },
        Call(name: "supabase.currentUser", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.supabaseUser.currentUser(token: token)
        },
        Call(name: "supabase.health", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.supabaseHealth.check()
        },
        Call(name: "oauth2.signIn", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.oauth2.signIn(
                Credentials(identifier: .email("maria@example.com"), password: Password(secret)))
        },
        Call(name: "oauth2.refresh", requests: 1) { adapters throws(RemoteError) in
            _ = try await adapters.oauth2.refresh(.refreshToken(RefreshToken(secret)))
        },
        Call(name: "oauth2.signOut", requests: 1) { adapters throws(RemoteError) in
            try await adapters.oauth2.signOut(session)
        },
    ]

    /// The answer as the server writes it: `location` defused,
    /// `Location: /again` after the first line when asked, and the lines that
    /// crash Foundation 6.3.1 rewritten (see the top of this file).
    static func answer(_ bytes: [UInt8], redirectingBack: Bool, endless: Bool) -> [UInt8] {
        var answer = bytes
        if endless, answer.last != UInt8(ascii: "\n") { answer.append(UInt8(ascii: "\n")) }
        let word = Array("location".utf8)
        var index = 0
        while index + word.count <= answer.count {
            if zip(answer[index..<index + word.count], word).allSatisfy({ $0 | 0x20 == $1 }) {
                answer[index] = UInt8(ascii: "x")
                index += word.count
            } else {
                index += 1
            }
        }
        if redirectingBack, let newline = answer.firstIndex(of: UInt8(ascii: "\n")) {
            answer.insert(contentsOf: Array("Location: /again\r\n".utf8), at: newline + 1)
        }
        return withoutFoundationCrashes(answer)
    }

    /// `answer` with every last chunk followed by the empty line, then every
    /// carriage return that begins a line without ending it, and every NUL
    /// byte that begins a line, written `x`.
    static func withoutFoundationCrashes(_ bytes: [UInt8]) -> [UInt8] {
        let carriageReturn = UInt8(ascii: "\r")
        let lineFeed = UInt8(ascii: "\n")
        var answer: [UInt8] = []
        answer.reserveCapacity(bytes.count + 16)
        var lineStart = 0
        for (index, byte) in bytes.enumerated() where byte == lineFeed || index == bytes.count - 1 {
            let line = bytes[lineStart...index]
            answer.append(contentsOf: line)
            lineStart = index + 1
            guard byte == lineFeed, isLastChunk(line) else { continue }
            if !bytes[lineStart...].starts(with: [carriageReturn, lineFeed]) {
                answer.append(contentsOf: [carriageReturn, lineFeed])
            }
        }
        for index in answer.indices where index == 0 || answer[index - 1] == lineFeed {
            let bareCarriageReturn =
                answer[index] == carriageReturn && (index + 1 == answer.count || answer[index + 1] != lineFeed)
            if bareCarriageReturn || answer[index] == 0 { answer[index] = UInt8(ascii: "x") }
        }
        return answer
    }

    /// A chunk-size line whose size is zero: zeros, then anything but a hex
    /// digit (an extension, or the line's end), as libcurl reads it.
    static func isLastChunk(_ line: ArraySlice<UInt8>) -> Bool {
        let digits = line.prefix { $0 == UInt8(ascii: "0") }
        guard !digits.isEmpty else { return false }
        guard let next = line.dropFirst(digits.count).first else { return true }
        return !(Character(Unicode.Scalar(next)).isHexDigit)
    }

    /// Whether the answer holds the empty line that ends its final HTTP head:
    /// an interim head (a 1xx status, as `100 Continue`) is followed by
    /// another, which must end too (libcurl reads on past an interim head).
    static func headEnds(_ answer: [UInt8]) -> Bool {
        var start = 0
        while let end = headEnd(in: answer, from: start) {
            guard isInterim(answer[start..<end]) else { return true }
            start = end
        }
        return false
    }

    /// Where the first head from `start` ends (just past its empty line), if it does.
    static func headEnd(in answer: [UInt8], from start: Int) -> Int? {
        for index in answer.indices.dropLast() where index >= start && answer[index] == 10 {
            if answer[index + 1] == 10 { return index + 2 }
            if index + 2 < answer.count, answer[index + 1] == 13, answer[index + 2] == 10 { return index + 3 }
        }
        return nil
    }

    /// Whether `head`'s status code begins with 1 (read loosely, so that any
    /// head libcurl might take for an interim one counts as one).
    static func isInterim(_ head: ArraySlice<UInt8>) -> Bool {
        let statusLine = head.prefix { $0 != 10 }
        guard let space = statusLine.firstIndex(of: 32) else { return false }
        return statusLine[(space + 1)...].drop { $0 == 32 }.first == UInt8(ascii: "1")
    }

    /// The catch-alls `HTTPTransport` falls back on for a URLSession error it
    /// does not name (`URLError.unknown`, -1, excepted: see the properties).
    static func isUnmapped(_ error: RemoteError) -> Bool {
        guard case .transport(let reason) = error else { return false }
        return (reason.hasPrefix("network error") && reason != "network error -1") || reason == "the request failed"
    }

    /// Makes `call` and waits for it (libFuzzer calls the harness synchronously).
    func run(_ call: Call) -> Result<Void, RemoteError> {
        let outcome = Mutex<Result<Void, RemoteError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let adapters = adapters
        Task.detached {
            let result: Result<Void, RemoteError>
            do throws(RemoteError) {
                try await call.run(adapters)
                result = .success(())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 } ?? .failure(.transport("the harness lost the outcome"))
    }
}

/// The peak resident size so far, in bytes.
private func peakResidentBytes() -> Int {
    guard let bytes = Platform.peakResidentBytes() else {
        fuzzRequire(false, "cannot read the peak resident size: the harness cannot measure memory")
        return 0
    }
    return bytes
}

/// Brings the peak down to the current resident size.
private func resetPeakResidentSize() {
    fuzzRequire(
        Platform.resetPeakResidentBytes(), "cannot reset the peak resident size: the harness cannot measure memory")
}
