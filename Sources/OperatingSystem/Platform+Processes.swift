// Processes: whether one is stopped, what CPU it used, what descriptors it
// holds. Linux answers from /proc; Darwin has no /proc and answers through
// sysctl(3) and /dev/fd.
extension Platform {
    /// Where a process lists the descriptors it holds, one entry per number.
    public static var openDescriptorsDirectory: String {
        #if canImport(Darwin)
            "/dev/fd"
        #else
            "/proc/self/fd"
        #endif
    }

    /// The descriptors this process holds now.
    public static func openDescriptors() -> [Int32] {
        (directoryEntries(openDescriptorsDirectory) ?? []).compactMap { Int32($0) }
    }

    /// Closes every descriptor beyond the standard three that this process
    /// inherited: a child the test process or the app started must not keep
    /// its parent's sockets open (a copy living on here would keep a
    /// connection open after its owner closed it). Call it first thing, before
    /// the process opens any descriptor of its own.
    public static func closeInheritedDescriptors() {
        for descriptor in openDescriptors() where descriptor > STDERR_FILENO {
            _ = SystemCall.close(descriptor)
        }
    }

    /// Whether process `processID` is stopped (SIGSTOP, Ctrl-Z, a tracer),
    /// so that it cannot let go of a lock until it is continued. False for a
    /// running process, and for one that is gone or cannot be read.
    public static func isStopped(_ processID: pid_t) -> Bool {
        #if canImport(Darwin)
            // kinfo_proc's p_stat is SSTOP for a stopped process (sys/proc.h).
            var information = kinfo_proc()
            var size = MemoryLayout<kinfo_proc>.stride
            var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, processID]
            guard sysctl(&name, u_int(name.count), &information, &size, nil, 0) == 0, size > 0 else { return false }
            return Int32(information.kp_proc.p_stat) == SSTOP
        #else
            // /proc/PID/stat: after the command's name in parentheses (which
            // may hold anything), the state: T stopped by a signal, t by a tracer.
            guard let stat = readSmallFile("/proc/\(processID)/stat"),
                let nameEnd = stat.lastIndex(of: UInt8(ascii: ")"))
            else { return false }
            let state = stat[(nameEnd + 1)...].first { $0 != UInt8(ascii: " ") }
            return state == UInt8(ascii: "T") || state == UInt8(ascii: "t")
        #endif
    }

    /// What the threads of process `processID` are waiting on, as the kernel
    /// names it, counted: `"S flock_lock_inode_wait ×1, S futex_wait_queue ×6"`
    /// (state letter, then the kernel function it sleeps in). For a test
    /// whose child process gave no answer, to say where it hangs — a lock
    /// (`flock…`), a read or a poll, a mutex (`futex…`). Nil where it cannot
    /// be read: the process is gone, or Darwin, which has no /proc.
    public static func threadWaits(ofProcess processID: pid_t) -> String? {
        #if canImport(Darwin)
            return nil
        #else
            guard let threads = directoryEntries("/proc/\(processID)/task"), !threads.isEmpty else { return nil }
            var counts: [String: Int] = [:]
            for thread in threads where Int32(thread) != nil {
                let base = "/proc/\(processID)/task/\(thread)"
                guard let stat = readSmallFile(base + "/stat"), let nameEnd = stat.lastIndex(of: UInt8(ascii: ")")),
                    let state = stat[(nameEnd + 1)...].first(where: { $0 != UInt8(ascii: " ") })
                else { continue }
                // wchan is "0" for a running thread; its bytes are a kernel symbol.
                let channel = readSmallFile(base + "/wchan").map { String(decoding: $0, as: UTF8.self) } ?? "?"
                let printable = String(channel.unicodeScalars.filter { $0.isASCII && $0.value > 32 }.prefix(64))
                counts["\(Character(UnicodeScalar(state))) \(printable.isEmpty ? "-" : printable)", default: 0] += 1
            }
            return counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        #endif
    }

    /// User plus system CPU time process `processID` has used so far, in
    /// seconds; nil when it cannot be read (gone, or not written for this
    /// platform: Darwin's `proc_pid_rusage` is not used yet).
    public static func cpuSeconds(ofProcess processID: pid_t) -> Double? {
        #if canImport(Darwin)
            return nil
        #else
            // After the command's closing parenthesis: state is the first
            // field, utime and stime the 12th and 13th, in clock ticks.
            guard let stat = readSmallFile("/proc/\(processID)/stat"),
                let nameEnd = stat.lastIndex(of: UInt8(ascii: ")"))
            else { return nil }
            let fields = stat[(nameEnd + 1)...].split(separator: UInt8(ascii: " "))
            guard fields.count > 12,
                let user = Double(String(decoding: fields[11], as: UTF8.self)),
                let system = Double(String(decoding: fields[12], as: UTF8.self))
            else { return nil }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #endif
    }

    /// User plus system CPU time this process has used so far, on every
    /// thread, in seconds.
    public static func cpuSecondsOfThisProcess() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Makes a write to a closed pipe or socket fail with EPIPE rather than
    /// end this process: for a process that talks to children that may die.
    public static func ignoreBrokenPipes() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }

    /// The first 4 KiB of a small kernel file (/proc's), or nil.
    static func readSmallFile(_ path: String) -> [UInt8]? {
        let descriptor = SystemCall.open(path, O_RDONLY | O_CLOEXEC, 0)
        guard descriptor >= 0 else { return nil }
        defer { SystemCall.close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? Array(bytes[..<count]) : nil
    }
}

extension Platform {
    /// Lifts this process's soft limit on open descriptors as far as it may
    /// go: to the hard limit on Linux; on Darwin to the smaller of the hard
    /// limit and `OPEN_MAX` (setrlimit refuses more, getrlimit(2)).
    public static func raiseOpenFileLimit() {
        let resource = openFileLimitResource
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        #if canImport(Darwin)
            limit.rlim_cur = min(rlim_t(OPEN_MAX), limit.rlim_max)
        #else
            limit.rlim_cur = limit.rlim_max
        #endif
        _ = setrlimit(resource, &limit)
    }

    /// `RLIMIT_NOFILE` as `getrlimit` takes it (glibc spells it as an enum).
    public static var openFileLimitResource: Int32 {
        #if canImport(Glibc)
            Int32(RLIMIT_NOFILE.rawValue)
        #else
            RLIMIT_NOFILE
        #endif
    }
}

extension Platform {
    /// Whether a symbol is loaded in this process (a sanitizer's runtime,
    /// say): `dlsym` on the default handle, `RTLD_DEFAULT`, which is 0 on
    /// glibc and musl and -2 on Darwin (<dlfcn.h>).
    public static func isLoaded(symbol: String) -> Bool {
        #if canImport(Darwin)
            let everything = UnsafeMutableRawPointer(bitPattern: -2)
        #else
            let everything = UnsafeMutableRawPointer(bitPattern: 0)
        #endif
        return dlsym(everything, symbol) != nil
    }
}
