import Foundation
import Ports
import Testing

/// `AuthRemoteAPI`'s sign-in outside the app, for the adapters that offer
/// the browser or the device flow (`ExternalSignInAdapters.all`): their
/// `signInMethods` is never empty and never changes, the identifier kinds
/// follow `.password`, a method not listed is refused, and every attempt
/// keeps `ExternalSignInAttempt`'s contract (ended, cancelled, described
/// without a secret). What every adapter declares of its methods, the
/// password-only ones included, is `AuthRemoteAPIContract`'s
/// (`declarationsAgree`, `unlistedMethodsAreRefused`,
/// `undeclaredCallsSendNothing`), run by the auth contract suites.
@Suite("AuthRemoteAPI contract: sign-in methods and the sign-in outside the app")
struct AuthRemoteAPIExternalSignInContractTests {
    static let externalMethods: [SignInMethod] = [.browser, .device]

    // MARK: - Every adapter

    @Test(
        "An adapter offering a sign-in outside the app lists methods never empty and never changing",
        arguments: ExternalSignInAdapters.all)
    func methodsOfExternalAdapters(_ adapter: ExternalSignInAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let before = auth.signInMethods
        for method in auth.signInMethods where method != .password {
            let attempt = try await auth.beginSignIn(method)
            await attempt.end()
        }

        #expect(!before.isEmpty)
        #expect(auth.signInMethods == before)
        #expect(before.contains { Self.externalMethods.contains($0) })
    }

    @Test(
        "signsInByCPF and signsInByEmail are both false exactly when .password is not offered (outside the app)",
        arguments: ExternalSignInAdapters.all)
    func identifierKindsFollowPassword(_ adapter: ExternalSignInAdapter) async throws {
        let (auth, _) = try await adapter.make()

        #expect(auth.signInMethods.contains(.password) == (auth.signsInByCPF || auth.signsInByEmail))
    }

    @Test(
        "beginSignIn(.password) and any method not listed are refused as methodNotOffered",
        arguments: ExternalSignInAdapters.all)
    func unlistedMethodsAreRefused(_ adapter: ExternalSignInAdapter) async throws {
        let (auth, _) = try await adapter.make()

        for method in SignInMethod.allCases where method == .password || !auth.signInMethods.contains(method) {
            let error = await #expect(throws: RemoteError.self) { try await auth.beginSignIn(method) }
            #expect(error == .signInRefused(.methodNotOffered))
        }
        if !auth.signInMethods.contains(.password) {
            let error = await #expect(throws: RemoteError.self) { try await auth.signIn(RemoteSeed.maria.byCPF) }
            #expect(error == .signInRefused(.methodNotOffered))
        }
    }

    // MARK: - The attempt's contract

    @Test(
        "After end(), awaitPerson and poll throw cancelled, and ending twice is harmless",
        arguments: ExternalSignInAdapters.all)
    func endedAttemptRefusesEverything(_ adapter: ExternalSignInAdapter) async throws {
        let (auth, _) = try await adapter.make()
        for method in Self.offered(by: auth) {
            let attempt = try await auth.beginSignIn(method)
            await attempt.end()
            await attempt.end()

            let waited = await #expect(throws: RemoteError.self) { try await attempt.awaitPerson() }
            let polled = await #expect(throws: RemoteError.self) { _ = try await attempt.poll() }
            #expect(waited == .signInRefused(.cancelled), "\(method)")
            #expect(polled == .signInRefused(.cancelled), "\(method)")
        }
    }

    @Test("end() ends a wait for the person under way as cancelled", arguments: ExternalSignInAdapters.all)
    func endStopsAWait(_ adapter: ExternalSignInAdapter) async throws {
        let (auth, _) = try await adapter.make()
        for method in Self.offered(by: auth) {
            let attempt = try await auth.beginSignIn(method)
            // The device flow has nothing to wait for: its wait returns at once,
            // before or after end(); a browser wait ends only by end().
            let wait = Task { () -> RemoteError? in
                do throws(RemoteError) {
                    try await attempt.awaitPerson()
                    return nil
                } catch { return error }
            }
            await attempt.end()
            let outcome = await wait.value
            if method == .browser {
                #expect(outcome == .signInRefused(.cancelled))
            } else {
                #expect(outcome == nil || outcome == .signInRefused(.cancelled))
            }
        }
    }

    @Test("Cancelling the waiting task ends the wait as cancelled", arguments: ExternalSignInAdapters.all)
    func cancellingTheTaskStopsAWait(_ adapter: ExternalSignInAdapter) async throws {
        let (auth, _) = try await adapter.make()
        guard auth.signInMethods.contains(.browser) else { return }
        let attempt = try await auth.beginSignIn(.browser)
        let wait = Task { () -> RemoteError? in
            do throws(RemoteError) {
                try await attempt.awaitPerson()
                return nil
            } catch { return error }
        }
        wait.cancel()

        #expect(await wait.value == .signInRefused(.cancelled))
        await attempt.end()
    }

    @Test(
        "An attempt's description carries neither its state, nonce or code challenge nor a token it got",
        arguments: ExternalSignInAdapters.all)
    func descriptionsCarryNoSecret(_ adapter: ExternalSignInAdapter) async throws {
        let (auth, person) = try await adapter.make()
        for method in Self.offered(by: auth) {
            let attempt = try await auth.beginSignIn(method)
            var secrets = Self.queryValues(of: attempt.instructions)
            if let person {
                try await person.signsIn(RemoteSeed.maria.byCPF)
                try await attempt.awaitPerson()
                if case .signedIn(let tokens) = try await attempt.poll() {
                    secrets.append(tokens.accessToken.reveal())
                    if let refresh = tokens.refreshToken { secrets.append(refresh.reveal()) }
                }
            }
            let described = [String(describing: attempt), String(reflecting: attempt)]
            for text in described {
                for secret in secrets where secret.count >= 4 {
                    #expect(!text.contains(secret), "\(method): a description shows a one-time value or a token")
                }
            }
            await attempt.end()
        }
    }

    @Test("A device attempt shows a code, an https address and a lifetime", arguments: ExternalSignInAdapters.all)
    func deviceInstructionsAreComplete(_ adapter: ExternalSignInAdapter) async throws {
        let (auth, _) = try await adapter.make()
        guard auth.signInMethods.contains(.device) else { return }
        let attempt = try await auth.beginSignIn(.device)
        await attempt.end()

        guard case .enterCode(let code, let verification, let complete, let expiresIn) = attempt.instructions else {
            Issue.record("a device attempt asks for a code, got \(attempt.instructions)")
            return
        }
        #expect(!code.isEmpty)
        #expect(verification.isOpenableInBrowser)
        #expect(complete.map(\.isOpenableInBrowser) ?? true)
        #expect(expiresIn > .zero)
    }

    @Test("A browser attempt asks to open an address the browser may open", arguments: ExternalSignInAdapters.all)
    func browserInstructionsAreOpenable(_ adapter: ExternalSignInAdapter) async throws {
        let (auth, _) = try await adapter.make()
        guard auth.signInMethods.contains(.browser) else { return }
        let attempt = try await auth.beginSignIn(.browser)

        guard case .openInBrowser(let url) = attempt.instructions else {
            Issue.record("a browser attempt asks to open an address, got \(attempt.instructions)")
            return
        }
        #expect(url.isOpenableInBrowser)
        await attempt.end()
    }

    private static func offered(by auth: any AuthRemoteAPI) -> [SignInMethod] {
        auth.signInMethods.filter { $0 != .password }
    }

    private static func queryValues(of instructions: ExternalSignInInstructions) -> [String] {
        guard case .openInBrowser(let url) = instructions,
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        else { return [] }
        // Where the one-time values travel (RFC 6749 §4.1.1, RFC 7636 §4.3, and OpenID Connect Core's authentication request).
        return items.filter { ["state", "nonce", "code_challenge"].contains($0.name) }.compactMap(\.value)
    }
}
