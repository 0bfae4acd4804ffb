import Ports
import Testing

@testable import DomainCore
@testable import GatehouseApp

/// One cause, one message, and the message is the cause (issue 39, item 5):
/// a sign-in the server never answered is not a connection to check, and a
/// setup the app cannot use says which part of it — in every language.
@MainActor
@Suite("One message per cause")
struct OneMessagePerCauseTests {
    @Test(
        "Every cause of a setup the app cannot use has its own sentence, and none speaks of a secret",
        arguments: AppLocale.allCases)
    func everySetupCauseItsOwnSentence(_ locale: AppLocale) {
        let texts = Texts(locale: locale)
        let sentences = Misconfiguration.Cause.allCases.map {
            ScreenDriver.text(for: .misconfigured($0), in: texts)
        }
        #expect(Set(sentences).count == Misconfiguration.Cause.allCases.count, "\(sentences)")
        for sentence in sentences {
            #expect(!["secret", "segredo", "secreto"].contains { sentence.lowercased().contains($0) }, "\(sentence)")
        }
    }

    @Test(
        "A timeout, a broken connection and a server failure say three different things", arguments: AppLocale.allCases)
    func timeoutIsNotAConnectionProblem(_ locale: AppLocale) {
        let texts = Texts(locale: locale)
        let failures: [LoginFailure] = [.timedOut, .network, .server]
        let sentences = failures.map { ScreenDriver.text(for: $0, in: texts) }
        #expect(Set(sentences).count == 3, "\(sentences)")
        #expect(LoginFailure(RemoteError.timeout) == .timedOut)
        #expect(LoginFailure(RemoteError.transport("reset")) == .network)
    }

    @Test("A discovery mix-up, an endpoint in clear, a 404 discovery, no S256 and invalid_scope are five causes")
    func oauthSetupProblemsAreTheirOwnCauses() {
        let errors: [RemoteError] = [
            .misconfigured(.anotherIssuer("issuer")), .misconfigured(.insecureEndpoint("token_endpoint")),
            .misconfigured(.discoveryUnavailable("404")), .misconfigured(.pkceNotSupported("S256")),
            .misconfigured(.scopeRefused("invalid_scope")),
        ]
        let sentences = Set(errors.map { ScreenDriver.text(for: LoginFailure($0), in: Texts(locale: .enUS)) })
        #expect(sentences.count == errors.count)
        #expect(!sentences.contains(ScreenDriver.text(for: .misconfigured(.clientRefused), in: Texts(locale: .enUS))))
    }
}
