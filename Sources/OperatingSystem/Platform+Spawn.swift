public import Foundation

// Starting a program with nothing of this process's but what it is handed:
// each standard stream as asked, and no other descriptor open in it,
// whatever flag that descriptor was opened with (a copy of a socket living
// on in a child keeps that connection open after its owner closed it).
// Linux closes them with glibc's `addclosefrom_np` (2.34 and later); Darwin
// with `POSIX_SPAWN_CLOEXEC_DEFAULT`. The spawn types differ too (structs on
// Linux, opaque pointers on Darwin), so the whole call is here.
//
// `posix_spawn`, not Foundation's `Process`: its `run()` on Linux
// (swift-corelibs-foundation 6.3.1) can read past a `dirent` while it lists
// `/proc/self/fd` and crash the process (fixed upstream by pull request 5472).
extension Platform {
    /// The program that opens a web page in the person's browser when no
    /// other is named: `xdg-open` (freedesktop.org) on Linux, `open` on macOS.
    public static var defaultBrowserLauncher: String {
        #if canImport(Darwin)
            "open"
        #else
            "xdg-open"
        #endif
    }

    /// Where one of a child's standard streams goes.
    public enum ChildStream: Sendable {
        /// `/dev/null`.
        case null
        /// A descriptor of this process's (a pipe's end, a socket), given as it is.
        case descriptor(Int32)
        /// A file, created or truncated, readable by its owner only (0600).
        case createdFile(String)
        /// A terminal device, read and written, that does not become the
        /// child's controlling terminal (`O_NOCTTY`).
        case terminal(String)
    }

    /// Why a program could not start: `posix_spawn`'s error number.
    public struct SpawnFailure: Error, Sendable, CustomStringConvertible {
        /// The error number posix_spawn returned.
        public let code: Int32
        /// strerror's text for it.
        public var reason: String { String(cString: strerror(code)) }
        public var description: String { reason }
    }

    /// Starts `program` (a path) with `arguments` after its name, and
    /// `environment` ("NAME=value" each; this process's when nil), its
    /// standard streams as given and no other descriptor of this process open
    /// in it. Its process id, to wait for.
    public static func spawn(
        _ program: String, arguments: [String], environment: [String]? = nil,
        input: ChildStream = .null, output: ChildStream = .null, error: ChildStream = .null
    ) -> Result<pid_t, SpawnFailure> {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        for (descriptor, stream) in [(STDIN_FILENO, input), (STDOUT_FILENO, output), (STDERR_FILENO, error)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let given):
                // dup2 clears close-on-exec on the copy only. Darwin takes a
                // dup2 onto itself for no action (the descriptor would stay
                // close-on-exec and be lost): it says "inherit" instead.
                #if canImport(Darwin)
                    if given == descriptor {
                        posix_spawn_file_actions_addinherit_np(&actions, descriptor)
                    } else {
                        posix_spawn_file_actions_adddup2(&actions, given, descriptor)
                    }
                #else
                    posix_spawn_file_actions_adddup2(&actions, given, descriptor)
                #endif
            case .createdFile(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .terminal(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_RDWR | O_NOCTTY, 0)
            }
        }
        // The child starts with no signal blocked and the usual signals at
        // their default actions, whatever the spawning thread had: a thread
        // of Swift's or Dispatch's pools may block signals, and a child
        // inherits the mask — `openssl speed`, whose timer is SIGALRM, then
        // ran forever. (Signals this process ignores, SIGPIPE among them,
        // would stay ignored in the child too.)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGALRM, SIGCHLD, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let signalFlags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
            // Every descriptor the actions do not name is closed in the child.
            posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_CLOEXEC_DEFAULT) | signalFlags))
        #else
            posix_spawnattr_setflags(&attributes, Int16(signalFlags))
            _ = addCloseFrom?(&actions, STDERR_FILENO + 1)
        #endif
        let variables = environment ?? ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let started = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        return started == 0 ? .success(child) : .failure(SpawnFailure(code: started))
    }

    #if !canImport(Darwin)
        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and
        /// later), which Swift's Glibc module does not export: looked up by
        /// name. Where it is missing (older glibc, musl) the package's own
        /// sockets are still close-on-exec (this seam opens them so), and its
        /// child processes close what they inherited as they start
        /// (`closeInheritedDescriptors`).
        private static let addCloseFrom: AddCloseFrom? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return nil }
            return unsafeBitCast(symbol, to: AddCloseFrom.self)
        }()

        private typealias AddCloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    #endif
}
