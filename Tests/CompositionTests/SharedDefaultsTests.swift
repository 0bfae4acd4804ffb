import Composition
import DomainCore
import Testing

/// A default the domain and the environments share is written once, in the
/// domain's policy: an environment that sets nothing gets the domain's value.
@Suite("Shared defaults live once")
struct SharedDefaultsTests {
    @Test("An environment that sets nothing has the token policy's lifetime and refresh margin")
    func tokenDefaultsAreThePolicys() {
        let settings = AppEnvironment.Settings()
        #expect(settings.tokenLifetime == TokenPolicy().lifetime)
        #expect(settings.refreshMargin == TokenPolicy().refreshMargin)
        #expect(TokenPolicy().refreshMargin == TokenPolicy.defaultRefreshMargin)
    }

    @Test("An environment that sets nothing has the health policy's poll interval")
    func healthDefaultIsThePolicys() {
        #expect(AppEnvironment.Settings().healthPollInterval == HealthPolicy().pollInterval)
    }

    @Test("Every built-in environment runs the token manager on the default margin")
    func builtInEnvironmentsUseTheDefaultMargin() {
        for environment in AppEnvironment.builtIn {
            #expect(environment.settings.refreshMargin == TokenPolicy.defaultRefreshMargin, "\(environment.name)")
        }
    }
}
