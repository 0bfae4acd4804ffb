import Glibc

/// The CPU time the whole process has used so far, user and system, on
/// every thread: beside a wall time it says whether work was added or only
/// spread differently over the cores.
enum ProcessCPUTime {
    /// Seconds of CPU used since the process began.
    static func now() -> Double {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }
}
