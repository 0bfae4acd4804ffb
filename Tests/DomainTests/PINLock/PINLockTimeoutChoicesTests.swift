import DomainCore
import Testing

/// The PIN-lock timeouts offered are only those that can happen
/// (docs/spec/pin-lock.md): a session survives in the background only until
/// the backend's refresh window closes on its last token, so a lock after
/// that long is never asked of a live session.
@Suite("PIN-lock choices that can happen")
struct PINLockTimeoutChoicesTests {
    @Test("A session surely survives the refresh window less the token's age on leaving: 250 s by default")
    func survivalFollowsTheTokenPolicy() {
        #expect(TokenPolicy().sessionSurvivesInBackground == .seconds(250))
        #expect(
            TokenPolicy(lifetime: .seconds(120), refreshMargin: .seconds(20)).sessionSurvivesInBackground
                == TokenPolicy.backendRefreshWindow - .seconds(100))
        #expect(TokenPolicy(lifetime: .seconds(3600)).sessionSurvivesInBackground == .zero)
    }

    @Test("With the default policy the choices are at every return, 1 and 2 minutes; 5 and 15 are not offered")
    func defaultChoices() {
        let choices = PINLockPolicy.timeoutChoices(
            sessionSurvivesInBackground: TokenPolicy().sessionSurvivesInBackground)

        #expect(choices == [.zero, .seconds(60), .seconds(120)])
        #expect(!choices.contains(PINLockPolicy.defaultTimeout))
    }

    @Test(
        "Every choice offered is shorter than the session's survival; every candidate left out is not",
        arguments: [Duration.zero, .seconds(30), .seconds(61), .seconds(250), .seconds(301), .seconds(3600)])
    func choicesAreExactlyThoseThatCanHappen(survival: Duration) {
        let choices = PINLockPolicy.timeoutChoices(sessionSurvivesInBackground: survival)

        for candidate in PINLockPolicy.timeoutCandidates {
            #expect(choices.contains(candidate) == (candidate < survival))
            #expect(
                PINLockPolicy.locksBeforeSessionEnds(candidate, sessionSurvivesInBackground: survival)
                    == (candidate < survival))
        }
    }
}
