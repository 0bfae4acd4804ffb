import AdapterHTTP
import BoundedHTTP
import AdapterInMemory
import AdapterSoftwareCrypto
import AdapterSystem
import Foundation
import PortContracts
import Ports
import Testing

import OperatingSystem

/// The `BrowserOpener` contract (`BrowserOpenerContract` of
/// `PortContracts`), against every adapter, and what the system's adapter
/// promises beside it (no descriptor inherited, no ID token in a child's
/// argv, no launcher said). The system's adapter runs a stand-in `xdg-open`
/// — a shell script in a directory of its own given as its `PATH` — that
/// writes down the arguments it got and exits as told; no browser starts,
/// nothing is fetched.
@Suite("BrowserOpener contract")
struct BrowserOpenerContractTests {
    /// An adapter under test, and what its launcher was given (nil: it never ran).
    struct Opener: Sendable, CustomTestStringConvertible {
        let name: String
        /// The registry plugin this adapter is (`PluginSuiteCompletenessTests`).
        let plugin: CoveredPlugin?
        let make: @Sendable (_ failing: Bool) throws -> BrowserOpenerUnderTest
        var testDescription: String { name }
    }

    static let openers = [
        systemOpener(
            name: "system (a stand-in \(Platform.defaultBrowserLauncher))",
            launcherName: Platform.defaultBrowserLauncher,
            browser: nil),
        systemOpener(
            name: "system (a stand-in BROWSER names by path)", launcherName: "my-browser", browser: .path),
        systemOpener(
            name: "system (a stand-in BROWSER names, found on the path)", launcherName: "my-browser", browser: .name),
        Opener(name: "in-memory", plugin: CoveredPlugin(.browser, "in-memory")) { failing in
            let adapter = InMemoryBrowserOpener(refusal: failing ? "no browser here" : nil)
            return BrowserOpenerUnderTest(opener: adapter) {
                adapter.opened.isEmpty ? nil : ["\(adapter.opened.count)"] + adapter.opened.map(\.absoluteString)
            }
        },
    ]

    /// How the system's adapter is told of the stand-in: as `xdg-open` on its
    /// search path, or through `BROWSER` by path or by name.
    enum BrowserVariable {
        case path
        case name
    }

    /// The system's adapter with a stand-in launcher that writes down the
    /// arguments it got and exits as told.
    static func systemOpener(name: String, launcherName: String, browser: BrowserVariable?) -> Opener {
        Opener(name: name, plugin: CoveredPlugin(.browser, "system")) { failing in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let log = directory.appendingPathComponent("arguments").path
            let script = directory.appendingPathComponent(launcherName)
            try writeExecutable(
                """
                #!/bin/sh
                printf '%s\\n' "$#" "$@" > '\(log)'
                echo "launcher output that must not reach the app"
                exit \(failing ? 3 : 0)
                """, to: script.path)
            let named: String? =
                switch browser {
                case .path: script.path + ":/nowhere/else"
                case .name: launcherName
                case nil: nil
                }
            return BrowserOpenerUnderTest(opener: SystemBrowserOpener(searchPath: directory.path, browser: named)) {
                guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return nil }
                return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            }
        }
    }

    /// An authorization URL with characters a shell would act on.
    static let authorizationAddress =
        "https://auth.invalid/o/authorize/?response_type=code&state=a$(touch%20x)b;c'd&redirect_uri=http://127.0.0.1:1/cb"

    @Test("Every opener keeps each promise", arguments: openers, BrowserOpenerContract.Promise.allCases)
    func keepsThePromise(_ opener: Opener, _ promise: BrowserOpenerContract.Promise) async throws {
        try await BrowserOpenerContract.check(promise) { try opener.make($0) }
    }

    @Test("The system's browser holds no socket or file of the app's, only its input and output on /dev/null")
    func launcherInheritsNoDescriptor() async throws {
        // A listening socket of this process, as the sign-in's redirect listener holds one.
        let listener = try LoopbackRedirectListener(
            pages: RedirectPages(signedIn: "in", refused: "no", notThisRequest: "other"))
        defer { listener.close() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-fds-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = directory.appendingPathComponent("descriptors").path
        try writeExecutable(
            """
            #!/bin/sh
            ls -l \(Platform.openDescriptorsDirectory)/ > '\(log)' 2>&1
            """, to: directory.appendingPathComponent(Platform.defaultBrowserLauncher).path)
        let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/callback"))

        #expect(await SystemBrowserOpener(searchPath: directory.path, browser: nil).open(url) == .opened)

        let listing = try String(contentsOfFile: log, encoding: .utf8)
        let inherited = listing.split(separator: "\n").filter { $0.contains("socket:") || $0.contains("pipe:") }
        #expect(inherited.isEmpty, "the launcher inherited \(inherited)")
        #expect(listing.contains("/dev/null"), "its input and output are /dev/null: \(listing)")
    }

    @Test("The logout at the provider reaches the browser with no ID token in its argv or environment")
    func endSessionKeepsTheIDTokenOutOfTheProcessList() async throws {
        let idToken = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJtYXJpYSIsImNwZiI6IjEyMyJ9.SIGNATURE-SECRET"
        let auth = OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(
                baseURL: "http://127.0.0.1:9/", apiKey: nil, tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(clientID: "gatehouse-native", endSessionPath: "o/logout/"),
            proofMaker: SoftwareAuthorizationProofMaker())
        let token = SessionToken(
            token: AccessToken("AT"), issuedAt: Date(timeIntervalSince1970: 0),
            expiresAt: Date(timeIntervalSince1970: 60),
            refreshToken: RefreshToken("RT"), idToken: IDTokenHint(idToken))
        let attempt = try #require(try await auth.beginBrowserSignOut(token))
        defer { Task { await attempt.end() } }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-argv-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = directory.appendingPathComponent("process").path
        // What another local user can read of the launched process: its arguments and its environment.
        try writeExecutable(
            """
            #!/bin/sh
            { printf '%s\\n' "$0" "$@"; env; } > '\(log)' 2>&1
            """, to: directory.appendingPathComponent(Platform.defaultBrowserLauncher).path)

        #expect(await SystemBrowserOpener(searchPath: directory.path, browser: nil).open(attempt.url) == .opened)

        let seen = try String(contentsOfFile: log, encoding: .utf8)
        #expect(seen.contains("/o/logout/"), "the launcher was handed the end-session address: \(seen.prefix(200))")
        #expect(!seen.contains("SIGNATURE-SECRET") && !seen.contains("eyJhbGciOiJSUzI1NiJ9"))
    }

    @Test("Without the platform's launcher on the path, the system's adapter says so and opens nothing")
    func noLauncher() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-xdg-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let url = try #require(URL(string: Self.authorizationAddress))
        #expect(
            await SystemBrowserOpener(searchPath: empty.path, browser: nil).open(url)
                == .notOpened(reason: "no \(Platform.defaultBrowserLauncher) on this system"))
        #expect(
            await SystemBrowserOpener(searchPath: empty.path, browser: "missing-browser").open(url)
                == .notOpened(reason: "no program missing-browser to open it (BROWSER)"))
    }
}

/// Writes `text` to a new file at `path`, executable, from a child process
/// (`/bin/sh`): this process never holds a descriptor of it open for
/// writing, so a process another test spawns meanwhile cannot inherit one
/// (close-on-exec closes it only once that child execs), and exec'ing the
/// file never fails with "Text file busy".
///
/// Started with `Platform.spawn`, not Foundation's `Process` (which once
/// crashed this test process on Linux, with thousands of sockets of the HTTP
/// tests open: the seam says why).
private func writeExecutable(_ text: String, to path: String) throws {
    // The text as an argument, not through a pipe: a pipe's end held here
    // could be inherited the same way, and the writer would wait for it.
    let arguments = [
        "/bin/sh", "-c", "umask 077 && printf '%s' \"$2\" > \"$1\" && chmod 700 \"$1\"", "write-executable",
        path, text,
    ]
    guard case .success(let child) = Platform.spawn("/bin/sh", arguments: Array(arguments.dropFirst())) else {
        throw POSIXError(.EIO)
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1 {
        guard errno == EINTR else { throw POSIXError(.EIO) }
    }
    // Exited (not signalled), with status 0.
    guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { throw POSIXError(.EIO) }
}
