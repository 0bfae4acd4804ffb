// Stream sockets as every listener and client of the package opens them:
// close-on-exec from the start (a child the app starts, the browser, never
// holds one) and never raising SIGPIPE on a peer that went away (a write
// fails with EPIPE instead). Linux and musl say both per call
// (`SOCK_CLOEXEC`, `MSG_NOSIGNAL`); Darwin has neither, and says them per
// socket instead (`FD_CLOEXEC` through `fcntl`, the `SO_NOSIGPIPE` option),
// as swift-nio's Darwin branch does.
extension Platform {
    /// `SOCK_STREAM` as `socket(2)` takes it (glibc spells it as an enum).
    public static var streamSocketType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// A new stream socket of `family` (`AF_INET`, `AF_UNIX`), close-on-exec
    /// and without SIGPIPE; -1 with `errno` set when none could be opened.
    public static func streamSocket(family: Int32 = AF_INET) -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        #elseif canImport(Musl)
            let descriptor = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0)
        #else
            let descriptor = socket(family, SOCK_STREAM, 0)
            if descriptor >= 0 { preparePerSocket(descriptor) }
        #endif
        return descriptor
    }

    /// Two connected local stream sockets (`socketpair(2)`), each
    /// close-on-exec and without SIGPIPE; nil with `errno` set on failure.
    public static func streamSocketPair() -> (Int32, Int32)? {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
            let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0, &ends)
        #elseif canImport(Musl)
            let made = socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, &ends)
        #else
            let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &ends)
            if made == 0 { ends.forEach(preparePerSocket) }
        #endif
        return made == 0 ? (ends[0], ends[1]) : nil
    }

    /// The next connection on `listener` (`accept(2)`), close-on-exec and
    /// without SIGPIPE; -1 with `errno` set, as `accept` says.
    public static func acceptConnection(on listener: Int32) -> Int32 {
        // accept4 (Linux, musl) is not in Swift's Glibc module: close-on-exec
        // is set on the new socket, a moment after it exists; the package's
        // own children are started with every other descriptor closed anyway
        // (`spawn`). Darwin has no accept4, and an accepted socket is not
        // promised its listener's SO_NOSIGPIPE: set it on the new socket.
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return connection }
        #if canImport(Darwin)
            preparePerSocket(connection)
        #else
            setCloseOnExec(connection)
        #endif
        return connection
    }

    /// `send(2)` that never raises SIGPIPE on a closed peer: it fails with
    /// EPIPE instead. On Darwin the socket must come from this seam
    /// (`streamSocket`, `streamSocketPair`, `acceptConnection`), which set
    /// `SO_NOSIGPIPE` on it.
    public static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc) || canImport(Musl)
            systemSend(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #else
            systemSend(descriptor, bytes, count, 0)
        #endif
    }

    /// Marks `descriptor` close-on-exec: a process this one starts does not
    /// inherit it.
    public static func setCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
    }

    #if canImport(Darwin)
        /// Darwin's per-socket spelling of `SOCK_CLOEXEC` and `MSG_NOSIGNAL`.
        private static func preparePerSocket(_ descriptor: Int32) {
            setCloseOnExec(descriptor)
            var yes: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
    #endif
}

/// `send(2)` itself, named apart from `Platform.send`.
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}

extension Platform {
    /// The `poll` event that says the peer closed its end of a stream
    /// socket: Linux's `POLLRDHUP` (which Swift's Glibc module leaves out, as
    /// it needs _GNU_SOURCE: hence the number, from <poll.h>). Darwin has no
    /// such event; `POLLHUP` is its nearest, set at end of file, which is
    /// not the same promise and has not been tried on a Mac.
    public static var peerClosedPollEvent: Int16 {
        #if canImport(Darwin)
            Int16(POLLHUP)
        #else
            0x2000
        #endif
    }
}
