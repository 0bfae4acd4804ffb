/// One seam to the operating system: the platform's C library is named, and
/// what differs between Linux and Darwin is spelled, in
/// `Sources/OperatingSystem/` and nowhere else. Anywhere else, a platform
/// import, a call qualified by a library's name, a `/proc` path or a
/// constant only Linux has would build here and break an app team's build
/// on the Apple platforms they ship to, or behave differently there without
/// a word.
enum PlatformSeamChecks {
    /// The seam itself: the one folder allowed every spelling below.
    static let seam = "Sources/OperatingSystem/"

    /// The folders whose Swift files are checked: everything of ours that is
    /// compiled (the example package's too), but this check's own tests,
    /// which plant each spelling in text to show it caught.
    static let checkedFolders = ["Sources", "Tests", "Fuzz", "Examples"]
    static let unchecked = "Tests/ArchitectureTests/"

    /// Each mistake, and its pattern in code (comments blanked, strings kept).
    static let mistakes: [(name: String, pattern: String)] = [
        (
            "a platform import (import OperatingSystem instead)",
            #"\bimport\s+(struct\s+|func\s+|enum\s+)?(Glibc|Musl|Darwin)\b"#
        ),
        ("a call qualified by a C library's name", #"(?<![\w.])(Glibc|Musl|Darwin)\.\w"#),
        (
            "a branch on the platform (the seam's Platform answers it)",
            #"canImport\((Glibc|Musl|Darwin)\)|\bos\((Linux|macOS|iOS)\)"#
        ),
        ("a /proc path (Darwin has no /proc)", #"/proc/"#),
        ("MSG_NOSIGNAL (Linux only: Platform.send)", #"\bMSG_NOSIGNAL\b"#),
        ("SOCK_CLOEXEC / SOCK_NONBLOCK (Linux only: Platform.streamSocket)", #"\bSOCK_(CLOEXEC|NONBLOCK)\b"#),
        ("glibc's enum spelling of a socket type (Platform.streamSocketType)", #"\bSOCK_(STREAM|DGRAM|RAW)\.rawValue"#),
        ("glibc's __rusage_who_t (Platform.cpuSecondsOfThisProcess)", #"\b__rusage_who_t\b"#),
        (
            "a Linux-only call (accept4, pipe2, dup3, epoll, inotify, prctl, malloc_trim)",
            #"(?<![\w.])(accept4|pipe2|dup3|epoll_\w+|inotify_\w+|prctl|malloc_trim)\("#
        ),
        ("a Linux-only open flag (O_PATH, O_TMPFILE)", #"\bO_(PATH|TMPFILE)\b"#),
        ("Linux's pseudo-terminal devices (Platform.openPseudoTerminal)", #"/dev/(ptmx|pts/)"#),
        ("a spawn action built Linux's way (Platform.spawn)", #"\bposix_spawn(_file_actions|attr)_t\(\)"#),
        ("Linux's names of a file's times (st_mtimespec on Darwin: Platform.modificationTime)", #"\.st_[amc]tim\b"#),
        ("a limit spelled glibc's way (Platform.raiseOpenFileLimit)", #"\bRLIMIT_\w+\.rawValue"#),
        ("a dirent's name copied whole (Platform.directoryEntries reads it in place)", #"\.d_name\b"#),
        ("dlsym on a handle that is RTLD_DEFAULT on Linux only (Platform.isLoaded)", #"\bdlsym\(\s*nil\b"#),
        ("Linux's POLLRDHUP (Platform.peerClosedPollEvent)", #"\bPOLLRDHUP\b"#),
        ("homeDirectoryForCurrentUser (not on iOS: Platform's directories)", #"\bhomeDirectoryForCurrentUser\b"#),
    ]

    /// Every mistake in `files` outside the seam, with its file, line and name.
    static func violations(in files: [PackageTree.SourceFile]) -> [ArchitectureViolation] {
        var found: [ArchitectureViolation] = []
        for file in files where !file.path.hasPrefix(seam) && !file.path.hasPrefix(unchecked) {
            for (index, line) in SwiftSourceText.codeLines(of: file.text).enumerated() {
                for mistake in mistakes where line.range(of: mistake.pattern, options: .regularExpression) != nil {
                    found.append(
                        ArchitectureViolation(
                            file: file.path, line: index + 1,
                            problem: "has \(mistake.name) outside the operating-system seam (\(seam))"))
                }
            }
        }
        return found
    }
}
