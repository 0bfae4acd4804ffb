public import Foundation
public import Ports

import OperatingSystem

/// The system's browser: the program `$BROWSER` names, else the platform's
/// launcher (`Platform.defaultBrowserLauncher`: on Linux `xdg-open URL`, the
/// freedesktop.org way to open a page in the browser the person chose; on
/// macOS `open URL`), found on `PATH`.
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
    ///   - browser: the program to run instead of the launcher, as `BROWSER`
    ///     names it (the process's `BROWSER` by default); nil or empty runs
    ///     the platform's launcher.
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
                reason: browser.map { "no program \($0) to open it (BROWSER)" }
                    ?? "no \(Platform.defaultBrowserLauncher) on this system")
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
    /// path), else the platform's launcher on the search path; nil when there is none.
    private var launcher: String? {
        let program = browser ?? Platform.defaultBrowserLauncher
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        return searchPath.map { $0 + "/" + program }.first { access($0, X_OK) == 0 }
    }

    /// Starts the launcher and tells `answer` what became of it, once; then,
    /// if it still runs, waits for it to end (this thread is its own).
    private static func run(
        _ launcher: String, _ address: String, patience: Duration, answer: (BrowserOpening) -> Void
    ) {
        // Nothing of the app's reaches the browser but its environment: its
        // input and output are /dev/null, and no other descriptor is open in
        // it (not the redirect listener's socket, which the browser's process
        // tree would keep listening after the sign-in, not URLSession's
        // connections, not a file), whatever flag it was opened with.
        let child: pid_t
        switch Platform.spawn(launcher, arguments: [address]) {
        case .success(let started): child = started
        case .failure(let failure): return answer(.notOpened(reason: "the browser could not start: \(failure.reason)"))
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
