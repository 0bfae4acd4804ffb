import Foundation
import Ports
import Testing

/// The checks behind `ExternalSignInContract`'s promises, on one adapter.
struct ExternalSignInChecks {
    let sut: ExternalSignInUnderTest
    let sourceLocation: SourceLocation
    private var auth: any AuthRemoteAPI { sut.api }

    /// The methods outside the app the adapter lists.
    private var offered: [SignInMethod] { auth.signInMethods.filter { $0 != .password } }

    func methodsAreListedAndConstant() async throws {
        let before = auth.signInMethods
        for method in offered {
            let attempt = try await auth.beginSignIn(method)
            await attempt.end()
        }
        #expect(!before.isEmpty, sourceLocation: sourceLocation)
        #expect(auth.signInMethods == before, "the methods changed", sourceLocation: sourceLocation)
        #expect(Set(before).count == before.count, "no method listed twice", sourceLocation: sourceLocation)
        #expect(
            before.contains { $0 == .browser || $0 == .device }, "a method outside the app",
            sourceLocation: sourceLocation)
    }

    func identifierKindsFollowThePassword() {
        #expect(
            auth.signInMethods.contains(.password) == (auth.signsInByCPF || auth.signsInByEmail),
            sourceLocation: sourceLocation)
    }

    func endedAttemptRefusesEverything() async throws {
        for method in offered {
            let attempt = try await auth.beginSignIn(method)
            await attempt.end()
            await attempt.end()
            let waited = await outcome { () async throws(RemoteError) in try await attempt.awaitPerson() }
            let polled = await outcome { () async throws(RemoteError) in _ = try await attempt.poll() }
            #expect(waited == .signInRefused(.cancelled), "\(method): awaitPerson", sourceLocation: sourceLocation)
            #expect(polled == .signInRefused(.cancelled), "\(method): poll", sourceLocation: sourceLocation)
        }
    }

    func endStopsAWait() async throws {
        for method in offered {
            let attempt = try await auth.beginSignIn(method)
            // The device flow has nothing to wait for: its wait returns at once,
            // before or after end(); a browser wait ends only by end().
            let wait = Task { await outcome { () async throws(RemoteError) in try await attempt.awaitPerson() } }
            await attempt.end()
            let ended = await wait.value
            if method == .browser {
                #expect(ended == .signInRefused(.cancelled), sourceLocation: sourceLocation)
            } else {
                #expect(
                    ended == nil || ended == .signInRefused(.cancelled), "\(method)", sourceLocation: sourceLocation)
            }
        }
    }

    func cancellingTheWaitingTaskStopsIt() async throws {
        let attempt = try await auth.beginSignIn(.browser)
        let wait = Task { await outcome { () async throws(RemoteError) in try await attempt.awaitPerson() } }
        wait.cancel()
        #expect(await wait.value == .signInRefused(.cancelled), sourceLocation: sourceLocation)
        await attempt.end()
    }

    func descriptionsCarryNoSecret() async throws {
        for method in offered {
            let attempt = try await auth.beginSignIn(method)
            var secrets = Self.oneTimeValues(in: attempt.instructions)
            if let personSignsIn = sut.personSignsIn {
                try await personSignsIn()
                try await attempt.awaitPerson()
                if case .signedIn(let tokens) = try await attempt.poll() {
                    secrets.append(tokens.accessToken.reveal())
                    if let refresh = tokens.refreshToken { secrets.append(refresh.reveal()) }
                }
            }
            for text in [String(describing: attempt), String(reflecting: attempt)] {
                for secret in secrets where secret.count >= 4 && text.contains(secret) {
                    Issue.record(
                        "\(method): a description shows a one-time value or a token", sourceLocation: sourceLocation)
                }
            }
            await attempt.end()
        }
    }

    func deviceInstructionsAreComplete() async throws {
        let attempt = try await auth.beginSignIn(.device)
        await attempt.end()
        guard case .enterCode(let code, let verification, let complete, let expiresIn) = attempt.instructions else {
            Issue.record(
                "a device attempt asks for a code, got \(attempt.instructions)", sourceLocation: sourceLocation)
            return
        }
        #expect(!code.isEmpty, "a code", sourceLocation: sourceLocation)
        #expect(verification.isOpenableInBrowser, "an address to type it at", sourceLocation: sourceLocation)
        #expect(complete.map(\.isOpenableInBrowser) ?? true, "a complete address", sourceLocation: sourceLocation)
        #expect(expiresIn > .zero, "a lifetime", sourceLocation: sourceLocation)
    }

    func browserInstructionsAreOpenable() async throws {
        let attempt = try await auth.beginSignIn(.browser)
        await attempt.end()
        guard case .openInBrowser(let url) = attempt.instructions else {
            Issue.record(
                "a browser attempt asks to open an address, got \(attempt.instructions)", sourceLocation: sourceLocation
            )
            return
        }
        #expect(url.isOpenableInBrowser, sourceLocation: sourceLocation)
    }

    /// The error `body` throws, or nil.
    private func outcome(_ body: () async throws(RemoteError) -> Void) async -> RemoteError? {
        do throws(RemoteError) {
            try await body()
            return nil
        } catch {
            return error
        }
    }

    /// Where a browser attempt's one-time values travel (RFC 6749 §4.1.1,
    /// RFC 7636 §4.3, OpenID Connect Core's authentication request).
    private static func oneTimeValues(in instructions: ExternalSignInInstructions) -> [String] {
        guard case .openInBrowser(let url) = instructions,
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        else { return [] }
        return items.filter { ["state", "nonce", "code_challenge"].contains($0.name) }.compactMap(\.value)
    }
}
