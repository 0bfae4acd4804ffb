// Each C library's calls, spelled with its module's name: the one file that
// may write `Glibc.`, `Musl.` or `Darwin.`. `SystemCall` picks one of these.
#if canImport(Glibc)
    enum GlibcCalls {
        static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
        static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Glibc.read(fd, buffer, count)
        }
        static func write(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
            Glibc.write(fd, bytes, count)
        }
        static func fsync(_ fd: Int32) -> Int32 { Glibc.fsync(fd) }
        static func rename(_ from: String, _ to: String) -> Int32 { Glibc.rename(from, to) }
        static func unlink(_ path: String) -> Int32 { Glibc.unlink(path) }
        static func chmod(_ path: String, _ mode: mode_t) -> Int32 { Glibc.chmod(path, mode) }
        static func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }
        static func kill(_ pid: pid_t, _ signal: Int32) -> Int32 { Glibc.kill(pid, signal) }
        static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
            Glibc.connect(fd, address, length)
        }
    }
#elseif canImport(Musl)
    enum MuslCalls {
        static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Musl.open(path, flags, mode) }
        static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Musl.read(fd, buffer, count)
        }
        static func write(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
            Musl.write(fd, bytes, count)
        }
        static func fsync(_ fd: Int32) -> Int32 { Musl.fsync(fd) }
        static func rename(_ from: String, _ to: String) -> Int32 { Musl.rename(from, to) }
        static func unlink(_ path: String) -> Int32 { Musl.unlink(path) }
        static func chmod(_ path: String, _ mode: mode_t) -> Int32 { Musl.chmod(path, mode) }
        static func close(_ fd: Int32) -> Int32 { Musl.close(fd) }
        static func kill(_ pid: pid_t, _ signal: Int32) -> Int32 { Musl.kill(pid, signal) }
        static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
            Musl.connect(fd, address, length)
        }
    }
#elseif canImport(Darwin)
    enum DarwinCalls {
        static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
        static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
            Darwin.read(fd, buffer, count)
        }
        static func write(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
            Darwin.write(fd, bytes, count)
        }
        /// Darwin's fsync does not make the drive write its cache; F_FULLFSYNC
        /// does (fsync(2)), where the file system takes it; else fsync.
        static func fsync(_ fd: Int32) -> Int32 { fcntl(fd, F_FULLFSYNC) == 0 ? 0 : Darwin.fsync(fd) }
        static func rename(_ from: String, _ to: String) -> Int32 { Darwin.rename(from, to) }
        static func unlink(_ path: String) -> Int32 { Darwin.unlink(path) }
        static func chmod(_ path: String, _ mode: mode_t) -> Int32 { Darwin.chmod(path, mode) }
        static func close(_ fd: Int32) -> Int32 { Darwin.close(fd) }
        static func kill(_ pid: pid_t, _ signal: Int32) -> Int32 { Darwin.kill(pid, signal) }
        static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
            Darwin.connect(fd, address, length)
        }
    }
#endif
