// A pseudo-terminal, for running a program as a person runs it (its
// input and output a terminal's). POSIX says `posix_openpt`, `grantpt`,
// `unlockpt` and `ptsname`; Swift's Glibc module does not export them, so
// Linux does the same through /dev/ptmx and the two ioctls they use.
extension Platform {
    /// A new pseudo-terminal: its primary side (this process reads what the
    /// program draws and writes what is typed), close-on-exec, and the path
    /// of its replica, for the program's standard streams. Nil with `errno`
    /// set when none could be opened.
    public static func openPseudoTerminal() -> (primary: Int32, replicaPath: String)? {
        #if canImport(Darwin)
            let primary = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard primary >= 0 else { return nil }
            guard grantpt(primary) == 0, unlockpt(primary) == 0, let name = ptsname(primary) else {
                let saved = errno
                SystemCall.close(primary)
                errno = saved
                return nil
            }
            return (primary, String(cString: name))
        #else
            // TIOCSPTLCK and TIOCGPTN (asm-generic/ioctls.h): unlock the
            // replica, and read its number.
            let unlockReplica = UInt(0x4004_5431)
            let replicaNumber = UInt(0x8004_5430)
            let primary = SystemCall.open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC, 0)
            guard primary >= 0 else { return nil }
            var unlock: Int32 = 0
            var number: Int32 = 0
            guard ioctl(primary, unlockReplica, &unlock) == 0, ioctl(primary, replicaNumber, &number) == 0 else {
                let saved = errno
                SystemCall.close(primary)
                errno = saved
                return nil
            }
            return (primary, "/dev/pts/\(number)")
        #endif
    }
}
