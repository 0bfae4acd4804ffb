// The one place that names the platform's C library. Every other module of
// the package imports `OperatingSystem` for its POSIX calls, so that which
// library answers them (glibc, musl, Darwin's libSystem) is decided here
// and nowhere else; ArchitectureTests' seam check fails, naming file and
// line, on a platform import or spelling anywhere outside this folder.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#else
    #error("Gatehouse's operating-system seam has no branch for this platform's C library")
#endif

/// What differs between the operating systems Gatehouse is written for,
/// each answered once with a branch per C library: sockets that never raise
/// SIGPIPE, close-on-exec, a process's state and CPU time, the descriptors
/// a process holds, its memory, and where an app keeps its files.
///
/// Linux (glibc) is built and tested on every commit; the Musl and Darwin
/// branches are written against their headers and not compiled here.
public enum Platform {}

extension Platform {
    /// Whether this is Linux (glibc or musl): where `/proc` answers, and
    /// libdispatch names each worker thread after its queue. Tests that
    /// check such a Linux-only fact ask this rather than branch themselves.
    public static var isLinux: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }
}
