import OperatingSystem

/// A listening TCP socket on 127.0.0.1, on a port the system picks or one
/// asked for: the one way the package's own listeners open theirs (the
/// OAuth redirect listener and the stand-ins), so each does not repeat the
/// `bind` dance.
public enum LoopbackSocket {
    /// The socket and a port the system picks, or why none could be opened
    /// (errno's text).
    public static func listen(backlog: Int32) -> Result<(descriptor: Int32, port: UInt16), LoopbackSocketError> {
        listen(backlog: backlog, port: 0)
    }

    /// The socket and its port, or why none could be opened (errno's text:
    /// "Address already in use" for a port another program holds).
    ///
    /// - Parameters:
    ///   - backlog: how many connections may wait to be accepted.
    ///   - port: the port to listen on; 0, the system picks a free one.
    public static func listen(
        backlog: Int32, port: UInt16
    ) -> Result<(descriptor: Int32, port: UInt16), LoopbackSocketError> {
        let descriptor = Platform.streamSocket()
        guard descriptor >= 0 else { return .failure(LoopbackSocketError(reason: String(cString: strerror(errno)))) }
        // Close-on-exec: a child the app starts (the browser) never holds the listener.
        _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        if port != 0 {
            // A port asked for by number is taken again at once after a
            // restart, not refused while the last run's connections linger.
            var yes: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0, startListening(descriptor, backlog) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure(LoopbackSocketError(reason: reason))
        }
        return .success((descriptor, UInt16(bigEndian: address.sin_port)))
    }
}

/// Why no loopback socket could be opened; the system's words, no more.
public struct LoopbackSocketError: Error, Sendable, CustomStringConvertible {
    /// errno's text.
    public let reason: String
    /// What went wrong, in a sentence.
    public var description: String { "cannot listen on 127.0.0.1: \(reason)" }
}

/// `listen(2)`, named apart from `LoopbackSocket.listen(backlog:)`.
private func startListening(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    listen(descriptor, backlog)
}
