import Foundation
public import Testing

import OperatingSystem

/// Who may use the OAuth 2.0 test server (`OAUTH2_LEGACY_BASE_URL`) at a time: a
/// file lock (`flock`) on one file per server URL in the temporary directory.
///
/// The OAuth suite (`Tests/OAuth2Tests`) resets the server and expires every
/// access token, which would break a contract test holding a token on the same
/// server; the contract suites' OAuth cases only sign in, refresh their own
/// tokens and read the seed, so they can share the server among themselves.
/// The OAuth suite therefore holds the lock exclusively, each seeded contract
/// suite holds it shared, for the whole suite. `flock` excludes two opens of
/// the file within one process as well as across processes, so the two test
/// modules of one `swift test` and two `swift test`
/// runs against one server wait for one another.
///
/// It lives in this small test-support target, which both test targets
/// depend on, so the two agree on the lock file by construction.
public enum OAuth2ServerLock {
    public enum Mode: Sendable {
        /// Many holders at once (the contract suites' seeded reads).
        case shared
        /// One holder, no shared ones (the suite that resets the server).
        case exclusive
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The lock file of the server at `baseURL`.
    public static func path(baseURL: String) -> String {
        let name = String(baseURL.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        return FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-oauth2-server-\(name).lock")
            .path
    }

    /// Runs `body` holding the lock of the server at `baseURL` in `mode`.
    public static func withLock(
        _ mode: Mode, baseURL: String, _ body: @Sendable () async throws -> Void
    ) async throws {
        let descriptor = open(path(baseURL: baseURL), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot open the OAuth 2.0 server's lock file \(path(baseURL: baseURL))")
        }
        defer { close(descriptor) }
        let operation = mode == .shared ? LOCK_SH : LOCK_EX
        // flock blocks until the lock is free: wait on a thread of its own,
        // never on one of the cooperative pool's.
        let locked = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Thread {
                var result = flock(descriptor, operation)
                while result != 0, errno == EINTR { result = flock(descriptor, operation) }
                continuation.resume(returning: result == 0)
            }.start()
        }
        guard locked else {
            throw Failure(description: "cannot lock the OAuth 2.0 server's lock file \(path(baseURL: baseURL))")
        }
        defer { flock(descriptor, LOCK_UN) }
        try await body()
    }
}

/// A suite that uses the OAuth 2.0 test server: it runs holding
/// `OAuth2ServerLock` in `mode` when `OAUTH2_LEGACY_BASE_URL` is set, as it is
/// otherwise.
public struct OAuth2ServerAccessTrait: SuiteTrait, TestScoping {
    public let mode: OAuth2ServerLock.Mode
    /// The environment variable naming the server: `OAUTH2_LEGACY_BASE_URL`
    /// (the password-grant mode) or `OAUTH2_BASE_URL` (the compliant one).
    public var variable = "OAUTH2_LEGACY_BASE_URL"

    public var isRecursive: Bool { false }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? self : nil
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard let baseURL = ProcessInfo.processInfo.environment[variable], !baseURL.isEmpty else {
            try await function()
            return
        }
        try await OAuth2ServerLock.withLock(mode, baseURL: baseURL, function)
    }
}

extension Trait where Self == OAuth2ServerAccessTrait {
    /// The suite shares the OAuth 2.0 test server with other such suites, never
    /// with one that holds it alone (which resets it).
    public static var sharesTheOAuth2Server: Self { OAuth2ServerAccessTrait(mode: .shared) }

    /// The suite holds the OAuth 2.0 test server alone: it resets it or expires
    /// its tokens.
    public static var holdsTheOAuth2ServerAlone: Self { OAuth2ServerAccessTrait(mode: .exclusive) }

    /// The suite holds the compliant OAuth 2.0 test server (`OAUTH2_BASE_URL`)
    /// alone.
    public static var holdsTheCompliantOAuth2ServerAlone: Self {
        OAuth2ServerAccessTrait(mode: .exclusive, variable: "OAUTH2_BASE_URL")
    }
}
