public import Foundation
public import Ports

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's browser on Linux: the program `$BROWSER` names, else
/// `xdg-open URL`, the freedesktop.org way to open a page in the browser the
/// person chose, found on `PATH`.
///
/// `BROWSER` follows the convention Python's `webbrowser` and `xdg-open`
/// share: a program (a path, or a name found on `PATH`), the first of a
/// colon-separated list; given the URL as its one argument. It is how a
/// person picks another browser, and how the acceptance runs hand the page
/// to a scripted or headless one.
///
/// Started with `posix_spawn` and the URL as its one argument — no shell —
/// with its input and output on `/dev/null`, so nothing it prints reaches
/// the app's screen, and no other descriptor of the app's (a socket, a
/// file) open in it. The launcher usually returns once the browser has the
/// page; when it is still running after `patience` (some launchers wait for
/// the browser), the page is taken as opened and the launcher is reaped in
/// the background. Without a launcher (a server, a container) or when it
/// fails, the answer is `.notOpened` and the sign-in screen shows the URL.
public struct SystemBrowserOpener: BrowserOpener {
    private let searchPath: [String]
    private let browser: String?
    private let patience: Duration

    /// - Parameters:
    ///   - searchPath: where to look for the launcher, as `PATH` lists it
    ///     (the process's `PATH` by default).
    ///   - browser: the program to run instead of `xdg-open`, as `BROWSER`
    ///     names it (the process's `BROWSER` by default); nil or empty runs
    ///     `xdg-open`.
    ///   - patience: how long to wait for the launcher to say it opened the page.
    public init(
        searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
        browser: String? = ProcessInfo.processInfo.environment["BROWSER"],
        patience: Duration = .seconds(5)
    ) {
        self.searchPath = searchPath.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        self.browser = browser?.split(separator: ":").first.map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        self.patience = patience
    }

    public func open(_ url: URL) async -> BrowserOpening {
        guard url.isOpenableInBrowser else { return .notOpened(reason: "not a web address the browser may open") }
        guard let launcher = self.launcher else {
            return .notOpened(
                reason: browser.map { "no program \($0) to open it (BROWSER)" } ?? "no xdg-open on this system")
        }
        let address = url.absoluteString
        let patience = self.patience
        // Waiting for the launcher blocks: a thread of its own, never the cooperative pool.
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                Self.run(launcher, address, patience: patience) { continuation.resume(returning: $0) }
            }
            thread.start()
        }
    }

    /// The program to run: `BROWSER`'s (a path, or a name on the search
    /// path), else `xdg-open` on the search path; nil when there is none.
    private var launcher: String? {
        let program = browser ?? "xdg-open"
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        return searchPath.map { $0 + "/" + program }.first { access($0, X_OK) == 0 }
    }

    #if os(Linux)
        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and
        /// later), which Swift's Glibc module does not export: looked up by
        /// name. Where it is missing, the app's own sockets are still
        /// close-on-exec (`LoopbackSocket`, the listener's connections).
        private static let addCloseFrom: AddCloseFrom? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return nil }
            return unsafeBitCast(symbol, to: AddCloseFrom.self)
        }()

        private typealias AddCloseFrom =
            @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

        private static func closeFromThreeUp(in actions: inout posix_spawn_file_actions_t) {
            _ = addCloseFrom?(&actions, 3)
        }
    #endif

    /// Starts the launcher and tells `answer` what became of it, once; then,
    /// if it still runs, waits for it to end (this thread is its own).
    private static func run(
        _ launcher: String, _ address: String, patience: Duration, answer: (BrowserOpening) -> Void
    ) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Nothing else of the app's reaches the browser: not the redirect
        // listener's socket (the browser's process tree would keep the port
        // listening after the sign-in), not URLSession's connections, not a
        // file. Every descriptor from 3 up is closed in the child, whatever
        // flag it was opened with.
        #if os(Linux)
            Self.closeFromThreeUp(in: &actions)
        #endif
        let argv = [strdup(launcher), strdup(address), nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let started = posix_spawn(&child, launcher, &actions, nil, argv, environ)
        guard started == 0 else {
            return answer(.notOpened(reason: "the browser could not start: \(String(cString: strerror(started)))"))
        }
        // waitpid has no timeout: look every 10 ms until the launcher ends or patience runs out.
        let deadline = ContinuousClock.now + patience
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let waited = waitpid(child, &status, WNOHANG)
            if waited == child {
                let exited = status & 0x7F == 0
                let code = (status >> 8) & 0xFF
                let how = exited ? "exit \(code)" : "signal \(status & 0x7F)"
                return answer(exited && code == 0 ? .opened : .notOpened(reason: "the browser failed (\(how))"))
            }
            if waited < 0, errno != EINTR { return answer(.opened) }
            usleep(10_000)
        }
        // Still running: it holds the page. Said now; reaped when it ends.
        answer(.opened)
        _ = waitpid(child, &status, 0)
    }
}
