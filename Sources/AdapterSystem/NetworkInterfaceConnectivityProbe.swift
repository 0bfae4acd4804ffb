public import Ports

import OperatingSystem

/// Connectivity from the machine's own network interfaces (the Linux stand-in
/// for iOS's NWPathMonitor): connected when some interface other than
/// loopback is up, running and has an IPv4 or IPv6 address. It reads local
/// state only (`getifaddrs`) and never sends a packet.
///
/// It cannot tell that the route beyond the interface works — a cable in a
/// dead switch still counts as connected; then the health check fails and the
/// status is `serverDown`, which is the honest answer.
public struct NetworkInterfaceConnectivityProbe: ConnectivityProbe {
    public init() {}

    public func isConnected() async -> Bool {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return false }
        defer { freeifaddrs(first) }
        var cursor = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_RUNNING) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                let address = entry.pointee.ifa_addr
            else { continue }
            let family = Int32(address.pointee.sa_family)
            if family == AF_INET || family == AF_INET6 { return true }
        }
        return false
    }
}
