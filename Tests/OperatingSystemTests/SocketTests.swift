import Foundation
import OperatingSystem
import Testing

/// The seam's sockets: close-on-exec from the start, and a write to a peer
/// that went away fails with EPIPE instead of ending the process.
struct SocketTests {
    private func isCloseOnExec(_ descriptor: Int32) -> Bool {
        fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0
    }

    @Test("A stream socket and both ends of a pair are close-on-exec")
    func socketsAreCloseOnExec() throws {
        let socket = Platform.streamSocket()
        try #require(socket >= 0, "errno \(errno)")
        defer { SystemCall.close(socket) }
        #expect(isCloseOnExec(socket))
        let pair = try #require(Platform.streamSocketPair())
        defer {
            SystemCall.close(pair.0)
            SystemCall.close(pair.1)
        }
        #expect(isCloseOnExec(pair.0) && isCloseOnExec(pair.1))
    }

    @Test("Sending to a peer that closed fails with EPIPE, and this process lives on")
    func sendToAClosedPeerFails() throws {
        let pair = try #require(Platform.streamSocketPair())
        defer { SystemCall.close(pair.0) }
        SystemCall.close(pair.1)
        let bytes: [UInt8] = Array("hello".utf8)
        let sent = bytes.withUnsafeBytes { Platform.send(pair.0, $0.baseAddress, $0.count) }
        #expect(sent == -1)
        #expect(errno == EPIPE)
    }

    @Test("An accepted connection is close-on-exec, and a send on it reaches its peer")
    func acceptedConnectionIsCloseOnExec() throws {
        let listener = Platform.streamSocket()
        try #require(listener >= 0)
        defer { SystemCall.close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0
                    && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(ready, "errno \(errno)")
        let client = Platform.streamSocket()
        defer { SystemCall.close(client) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SystemCall.connect(client, $0, length) }
        }
        try #require(connected == 0, "errno \(errno)")
        let connection = Platform.acceptConnection(on: listener)
        try #require(connection >= 0, "errno \(errno)")
        defer { SystemCall.close(connection) }
        #expect(isCloseOnExec(connection))
        let sent = [UInt8(42)].withUnsafeBytes { Platform.send(connection, $0.baseAddress, 1) }
        var received: UInt8 = 0
        #expect(sent == 1)
        #expect(SystemCall.read(client, &received, 1) == 1 && received == 42)
    }
}
