// A process's memory as the kernel counts it, for the bench and the bounds
// probes. Linux reads /proc/self; Darwin's branches say what is not written.
extension Platform {
    /// The size of a memory page, in bytes.
    public static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

    /// Process `processID`'s resident set now, in bytes; nil where it is
    /// not read (Darwin: `task_info` is not used yet) or the process is gone.
    public static func residentBytes(ofProcess processID: pid_t) -> Int? {
        #if canImport(Darwin)
            return nil
        #else
            guard let statm = readSmallFile("/proc/\(processID)/statm") else { return nil }
            let fields = statm.split(separator: UInt8(ascii: " "))
            guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
            return pages * pageSize
        #endif
    }

    /// This process's resident set now, in bytes; nil where it cannot be
    /// read (Darwin: `task_info` is not used yet).
    public static func residentBytes() -> Int? {
        residentBytes(ofProcess: getpid())
    }

    /// This process's peak resident set so far, in bytes (`getrusage`'s
    /// maximum: kilobytes on Linux, bytes on Darwin).
    public static func peakResidentBytes() -> Int? {
        #if canImport(Glibc) || canImport(Musl)
            // VmHWM, which `resetPeakResidentBytes` can bring down; ru_maxrss cannot be.
            guard let status = readSmallFile("/proc/self/status") else { return nil }
            let lines = String(decoding: status, as: UTF8.self).split(separator: "\n")
            guard let line = lines.first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
            let digits = line.dropFirst("VmHWM:".count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        #else
            var usage = rusage()
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss)
        #endif
    }

    /// Brings the peak resident set down to the current one (Linux 4.0 and
    /// later, `/proc/self/clear_refs`); false where that cannot be done.
    public static func resetPeakResidentBytes() -> Bool {
        #if canImport(Darwin)
            return false
        #else
            let descriptor = SystemCall.open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC, 0)
            guard descriptor >= 0 else { return false }
            defer { SystemCall.close(descriptor) }
            let five: [UInt8] = [UInt8(ascii: "5")]
            return five.withUnsafeBytes { SystemCall.write(descriptor, $0.baseAddress, 1) } == 1
        #endif
    }

    /// Gives the memory malloc keeps but no one uses back to the kernel
    /// (glibc's `malloc_trim`), so that the resident set that follows counts
    /// live memory and little else. Does nothing off glibc.
    public static func returnFreeMemory() {
        #if canImport(Glibc)
            // <malloc.h> is not in Swift's Glibc module: look the function up.
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
