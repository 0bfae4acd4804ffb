/// The C library's calls under names no type of ours shadows: a type with
/// a `read`, `send` or `close` method of its own calls the system's as
/// `SystemCall.read`, rather than spelling the library (`Glibc.read`), which
/// would tie the file to one platform.
public enum SystemCall {
    #if canImport(Glibc)
        private typealias Library = GlibcCalls
    #elseif canImport(Musl)
        private typealias Library = MuslCalls
    #else
        private typealias Library = DarwinCalls
    #endif

    /// `open(2)`.
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        Library.open(path, flags, mode)
    }

    /// `read(2)`.
    public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        Library.read(descriptor, buffer, count)
    }

    /// `write(2)`.
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        Library.write(descriptor, bytes, count)
    }

    /// `fsync(2)`.
    public static func fsync(_ descriptor: Int32) -> Int32 { Library.fsync(descriptor) }

    /// `rename(2)`.
    public static func rename(_ from: String, _ to: String) -> Int32 { Library.rename(from, to) }

    /// `unlink(2)`.
    public static func unlink(_ path: String) -> Int32 { Library.unlink(path) }

    /// `chmod(2)`.
    public static func chmod(_ path: String, _ mode: mode_t) -> Int32 { Library.chmod(path, mode) }

    /// `close(2)`.
    @discardableResult
    public static func close(_ descriptor: Int32) -> Int32 { Library.close(descriptor) }

    /// `kill(2)`.
    @discardableResult
    public static func kill(_ processID: pid_t, _ signal: Int32) -> Int32 { Library.kill(processID, signal) }

    /// `connect(2)`.
    public static func connect(
        _ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
    ) -> Int32 {
        Library.connect(descriptor, address, length)
    }
}
