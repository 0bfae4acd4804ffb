public import Foundation
public import Ports

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's browser on Linux: `xdg-open URL`, the freedesktop.org way
/// to open a page in the browser the person chose, found on `PATH`.
///
/// Started with `posix_spawn` and the URL as its one argument — no shell —
/// with its input and output on `/dev/null`, so nothing it prints reaches
/// the app's screen. `xdg-open` usually returns once the browser has the
/// page; when it is still running after `patience` (some launchers wait for
/// the browser), the page is taken as opened and the launcher is reaped in
/// the background. Without `xdg-open` (a server, a container) or when it
/// fails, the answer is `.notOpened` and the sign-in screen shows the URL.
public struct SystemBrowserOpener: BrowserOpener {
    private let searchPath: [String]
    private let patience: Duration

    /// - Parameters:
    ///   - searchPath: where to look for `xdg-open`, as `PATH` lists it
    ///     (the process's `PATH` by default).
    ///   - patience: how long to wait for the launcher to say it opened the page.
    public init(
        searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
        patience: Duration = .seconds(5)
    ) {
        self.searchPath = searchPath.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        self.patience = patience
    }

    public func open(_ url: URL) async -> BrowserOpening {
        guard url.isOpenableInBrowser else { return .notOpened(reason: "not a web address the browser may open") }
        guard let launcher = searchPath.map({ $0 + "/xdg-open" }).first(where: { access($0, X_OK) == 0 }) else {
            return .notOpened(reason: "no xdg-open on this system")
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
        let argv = [strdup(launcher), strdup(address), nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let started = posix_spawn(&child, launcher, &actions, nil, argv, environ)
        guard started == 0 else {
            return answer(.notOpened(reason: "xdg-open could not start: \(String(cString: strerror(started)))"))
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
                return answer(exited && code == 0 ? .opened : .notOpened(reason: "xdg-open failed (\(how))"))
            }
            if waited < 0, errno != EINTR { return answer(.opened) }
            usleep(10_000)
        }
        // Still running: it holds the page. Said now; reaped when it ends.
        answer(.opened)
        _ = waitpid(child, &status, 0)
    }
}
