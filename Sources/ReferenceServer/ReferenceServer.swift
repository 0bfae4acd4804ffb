public import SimulatedBackend
import Dispatch
import Foundation
import Synchronization
public import TaskRuntime
public import VirtualTime

import OperatingSystem
import StandInServers

/// Why the server could not start. Never carries the API key.
public struct ReferenceServerError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// A loopback HTTP/1.1 server that serves the wire contract
/// (docs/spec/wire-contract.md) from an
/// `InMemoryBackend`: the stand-in for the real backend that these machines
/// cannot reach, for `app serve`, the `local` environment and tests.
///
/// Blocking sockets, a thread per connection (cheap at this scale: a
/// thousand connections are a thousand small threads), keep-alive, Content-
/// Length bodies, the contract's limits (431, 413, 400), and a read timeout
/// that lets a slow or idle client go. It binds loopback only. A request's
/// async work runs on its connection's thread (`ConnectionExecutor`), so the
/// server answers however busy Swift's cooperative pool is.
///
/// Its descriptors are close-on-exec, and a connection it lets go is shut
/// down, not only closed: a process started meanwhile (a test suite starts
/// hundreds — app processes, session workers, exit tests) would otherwise
/// hold a copy of the connection, which then stays open in it, and the
/// client's next request on that keep-alive connection would go where
/// nobody reads it and wait for its timeout.
public final class ReferenceServer: Sendable {
    public struct Configuration: Sendable {
        /// An IPv4 loopback address (127.0.0.0/8) or `localhost`; nothing else is served.
        public var host: String
        /// 0 picks a free port (tests).
        public var port: UInt16
        public var apiKey: String
        /// How long a connection may stay silent between requests, and how long
        /// a request may take to arrive whole once it has begun (then 408).
        public var idleTimeout: Duration
        /// Which backend the server plays: every route, or only Cora's three.
        public var profile: ServerProfile
        /// Called once per answered request, on the connection's thread.
        public var requestLog: (@Sendable (RequestLogEntry) -> Void)?

        public init(
            host: String = "127.0.0.1", port: UInt16 = 8080, apiKey: String = "gatehouse-dev-key",
            idleTimeout: Duration = .seconds(10), profile: ServerProfile = .full,
            requestLog: (@Sendable (RequestLogEntry) -> Void)? = nil
        ) {
            self.requestLog = requestLog
            self.host = host
            self.port = port
            self.apiKey = apiKey
            self.idleTimeout = idleTimeout
            self.profile = profile
        }
    }

    public let backend: InMemoryBackend
    public let host: String
    /// The port actually bound (the chosen one when the configuration said 0).
    public let port: UInt16
    private let listener: Int32
    private let router: ContractRouter
    private let idleTimeout: Duration
    private let requestLog: (@Sendable (RequestLogEntry) -> Void)?
    /// Set when the server shares an app's virtual time: requests that carry a
    /// handoff park on that time as their client's work (`VirtualActivity.serve`).
    private let virtualActivity: VirtualActivity?
    /// Which descriptors are open, and whether the server still takes new
    /// ones, under one lock: a descriptor is added, shut down by `stop()` and
    /// closed only while it is held, so `stop()` never touches a number the
    /// system has already handed to somebody else.
    private struct Connections {
        var open: Set<Int32> = []
        var stopped = false
        var acceptLoopStarted = false
    }
    private let connections = Mutex(Connections())
    /// Where a redirect to another origin points, once one was answered.
    private let elsewhere = Mutex<AnotherOrigin?>(nil)

    public var baseURL: String { "http://\(host):\(port)" }

    /// - Parameters:
    ///   - virtualClock: the backend's clock when it is virtual: `/_control/clock` moves it.
    ///   - virtualActivity: the count of work the app in this process shares
    ///     with the server (the in-process `local` scripts); nil for a server
    ///     other processes talk to.
    public init(
        configuration: Configuration, backend: InMemoryBackend, virtualClock: ManualClock? = nil,
        virtualActivity: VirtualActivity? = nil
    ) throws(ReferenceServerError) {
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        var address = sockaddr_in()
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1, host.hasPrefix("127.") else {
            throw ReferenceServerError(
                description:
                    "'\(configuration.host)' is not a loopback address: the reference server serves 127.0.0.0/8 only")
        }
        // Close-on-exec from the start: a process started later does not get it.
        let fd = Platform.streamSocket()
        guard fd >= 0 else {
            throw ReferenceServerError(description: "cannot open a socket: \(String(cString: strerror(errno)))")
        }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = configuration.port.bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 4096) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ReferenceServerError(description: "cannot listen on \(host):\(configuration.port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        Self.raiseFileLimit()
        self.backend = backend
        self.host = host
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        idleTimeout = configuration.idleTimeout
        requestLog = configuration.requestLog
        self.virtualActivity = virtualActivity
        router = ContractRouter(
            backend: backend, apiKey: configuration.apiKey, manualClock: virtualClock, profile: configuration.profile)
    }

    /// Starts accepting connections on a thread of its own.
    public func start() {
        let starts = connections.withLock { table in
            defer { table.acceptLoopStarted = true }
            return !table.stopped && !table.acceptLoopStarted
        }
        guard starts else { return }
        let thread = Thread { [self] in acceptLoop() }
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Stops accepting and closes every open connection.
    public func stop() {
        let acceptLoopOwnsListener: Bool? = connections.withLock { table in
            guard !table.stopped else { return nil }
            table.stopped = true
            for fd in table.open { shutdown(fd, Int32(SHUT_RDWR)) }
            return table.acceptLoopStarted
        }
        guard let acceptLoopOwnsListener else { return }
        // Shutting the listener down wakes a blocked accept(); the accept loop
        // closes it then, so its number cannot be reused while accept() may
        // still be called on it.
        shutdown(listener, Int32(SHUT_RDWR))
        if !acceptLoopOwnsListener { close(listener) }
        // A request held by a hang fault would keep its thread forever.
        let backend = self.backend
        Task { await backend.releaseHangingRequests() }
    }

    /// How many connections are open right now.
    public var openConnectionCount: Int { connections.withLock { $0.open.count } }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let client = Platform.acceptConnection(on: listener)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE {
                    // Out of descriptors: the pending connection stays queued
                    // until one frees; wait a little rather than spin on it.
                    Thread.sleep(forTimeInterval: 0.05)
                    if connections.withLock({ $0.stopped }) { return }
                    continue
                }
                return
            }
            let admitted = connections.withLock { table in
                guard !table.stopped else { return false }
                table.open.insert(client)
                return true
            }
            guard admitted else {
                close(client)
                return
            }
            // Close-on-exec at once (Glibc's module has no accept4): a
            // process started from here on gets no copy of the connection.
            _ = fcntl(client, F_SETFD, fcntl(client, F_GETFD) | FD_CLOEXEC)
            let thread = Thread { [self] in serve(client) }
            thread.stackSize = 256 * 1024
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer {
            connections.withLock { table in
                table.open.remove(client)
                // Shut down first: closing only lets go of this process's
                // descriptor, and a copy another process still holds (one
                // started between accept and close-on-exec) would keep the
                // connection open, the client's next request unread.
                shutdown(client, Int32(SHUT_RDWR))
                close(client)
            }
        }
        // An answer the client does not read is given up after the same time.
        // (The reader sets the read timeout before each read.)
        var timeout = timeval(tv_sec: max(1, Int(idleTimeout.components.seconds)), tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var reader = RequestReader(socket: client, timeout: idleTimeout)
        let executor = ConnectionExecutor()
        while true {
            switch reader.next() {
            case .closed:
                return
            case .refuse(let response):
                send(response.serialized(closing: true), to: client)
                closeGently(client)
                return
            case .request(let request):
                let began = ContinuousClock.now
                let response = answer(request, on: client, executor: executor)
                requestLog?(
                    RequestLogEntry(
                        method: request.method, path: request.path, status: response?.status,
                        duration: ContinuousClock.now - began))
                guard let response else {
                    // A dropped request: the connection breaks mid-answer. (Closing before any
                    // byte would let a client retry an idempotent request on a fresh connection.)
                    send(Data("HTTP/1.1 200 OK\r\nContent-Length: 1024\r\n\r\n{".utf8), to: client)
                    return
                }
                guard var response = delivered(response, for: request) else { return }
                let closing = request.wantsClose || response.delivery == .pastTheBoundWithoutLength
                let bytes = response.serialized(
                    closing: closing, answeringHead: request.method == "HEAD",
                    sayingLength: response.delivery != .pastTheBoundWithoutLength)
                response.delivery = nil
                guard send(bytes, to: client) else { return }
                if closing {
                    closeGently(client)
                    return
                }
            }
        }
    }

    /// After a last answer: stop sending, and read (and drop) what the client
    /// is still sending — the rest of a refused 2 MiB body — for a short
    /// while, until it stops: the staged close of RFC 9112 §9.6. Closing with
    /// unread bytes resets the connection, and over a real network the reset
    /// can destroy the answer before the client reads it. (Loopback on Linux
    /// keeps the answer readable either way, so no test here can tell.)
    private func closeGently(_ client: Int32) {
        shutdown(client, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .seconds(2)
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while ContinuousClock.now < deadline {
            let (seconds, attoseconds) = (deadline - .now).components
            var limit = timeval(tv_sec: Int(seconds), tv_usec: .init(max(1000, Int(attoseconds / 1_000_000_000_000))))
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            let count = read(client, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
        }
    }

    /// Runs the router (async) on this connection's thread and waits for
    /// it, watching the connection meanwhile: a client that hangs up before
    /// its answer has the router's work cancelled, so what it asked for is
    /// abandoned before it takes effect — a delayed refresh the app gave up on
    /// does not rotate its token behind its back — as servers commonly do.
    ///
    /// The work runs on `executor` (the connection thread), not on Swift's
    /// cooperative pool, so a pool kept busy by other work in the process
    /// cannot delay the answer. Only without an executor (no descriptors left
    /// for its pipe) does it fall back to the pool, unwatched.
    private func answer(
        _ request: HTTPServerRequest, on client: Int32, executor: ConnectionExecutor?
    ) -> HTTPServerResponse? {
        let router = self.router
        let lent = virtualActivity.flatMap { activity in
            request.header(VirtualActivity.handoffHeader).flatMap(UInt64.init).map { (activity, $0) }
        }
        let work: @Sendable () async -> HTTPServerResponse? = {
            if let (activity, handoff) = lent {
                await activity.serve(handoff: handoff, on: executor) { await router.handle(request) }
            } else {
                await router.handle(request)
            }
        }
        if let executor {
            return executor.serve(work, watching: client)
        }
        let outcome = Mutex<HTTPServerResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let response = await work()
            outcome.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 }
    }

    /// The response as its delivery says: led by whitespace past the bound,
    /// or held at another origin with a 307 there in its place (nil when
    /// none can listen: the connection is dropped, and a client sees no
    /// success either way).
    private func delivered(_ response: HTTPServerResponse, for request: HTTPServerRequest) -> HTTPServerResponse? {
        var response = response
        switch response.delivery {
        case nil: break
        case .pastTheBound?, .pastTheBoundWithoutLength?:
            response.body = InMemoryBackend.Delivery.paddedPastTheBound(response.body)
        case .redirectToAnotherOrigin?:
            let origin = elsewhere.withLock { origin in
                if origin == nil { origin = try? AnotherOrigin() }
                return origin
            }
            guard let origin else { return nil }
            origin.hold(LoopbackStandIn.Answer(status: response.status, body: response.body))
            response = HTTPServerResponse(status: 307, body: Data())
            response.headers.append((name: "Location", value: origin.root + request.path))
        }
        return response
    }

    @discardableResult
    private func send(_ data: Data, to client: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = Platform.send(client, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }

    /// A thousand connections need a thousand descriptors.
    private static func raiseFileLimit() {
        Platform.raiseOpenFileLimit()
    }
}
