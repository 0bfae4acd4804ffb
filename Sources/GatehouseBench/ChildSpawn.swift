import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How the bench starts a child process — `app serve`, a script run, a
/// terminal launch, a session worker: `posix_spawn`, not Foundation's
/// `Process` (`Process.run()` crashed under load on Linux), with every
/// descriptor above the standard three closed in the child.
enum ChildSpawn {
    /// Where one of the child's standard descriptors goes.
    enum Stream {
        /// `/dev/null`.
        case null
        /// A file of the bench's, created or truncated (0600).
        case file(String)
        /// A descriptor of the bench's (a pipe's end, a terminal's replica), given as it is.
        case descriptor(Int32)
    }

    /// Starts `executable` with `arguments` and `variables` as its
    /// environment: its pid, or the error number `posix_spawn` gave.
    static func start(
        executable: String, arguments: [String], variables: [String: String], input: Stream, output: Stream,
        error: Stream
    ) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in [(STDIN_FILENO, input), (STDOUT_FILENO, output), (STDERR_FILENO, error)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .descriptor(let given):
                posix_spawn_file_actions_adddup2(&actions, given, descriptor)
            }
        }
        closeEveryOtherDescriptor(&actions)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else { return .failure(SpawnError(number: result)) }
        return .success(pid)
    }

    /// `posix_spawn`'s error number, and what it means.
    struct SpawnError: Error, CustomStringConvertible {
        let number: Int32
        var description: String { String(cString: strerror(number)) }
    }

    /// Has the child close every descriptor above the standard three before
    /// it runs: a copy of another test's socket living on in a child would
    /// keep that connection open after its owner closed it (a server's
    /// answer would then never end for its client). Glibc 2.34 has the
    /// action, but Swift's Glibc module does not export it, so it is looked
    /// up by name; without it a session worker closes them itself as it
    /// starts (`SessionWorkerInput`'s caller), a few milliseconds later.
    private static func closeEveryOtherDescriptor(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, STDERR_FILENO + 1)
    }
}
