import DomainCore
import Ports
import Testing

/// Deleting the account forgets its remembered identifier
/// (`RememberedIdentifierForgetting`): a deleted account's CPF must not be
/// offered at the next sign-in. A deletion that fails forgets nothing.
@MainActor
@Suite("A deleted account's identifier is forgotten")
struct DeletedAccountIdentifierTests {
    /// Records whom it was asked to forget.
    @MainActor
    private final class RecordingForgetting: RememberedIdentifierForgetting {
        private(set) var forgotten: [UserProfile] = []
        func forgetIdentifier(of user: UserProfile) async { forgotten.append(user) }
    }

    private func account(_ harness: SessionHarness, forgetting: RecordingForgetting) -> AccountManagement {
        AccountManagement(
            session: harness.authSession, userAPI: harness.userAPI, repository: harness.repository,
            tokenManager: harness.tokenManager, sessionEnd: harness.sessionEnd, clock: harness.clock,
            identifierForgetting: forgetting)
    }

    @Test("A deletion that goes through asks to forget the deleted user's identifier, once")
    func deletionForgetsTheIdentifier() async {
        let harness = SessionHarness()
        await harness.launcher.bootstrap()
        await harness.signInAsMaria()
        let forgetting = RecordingForgetting()

        let outcome = await account(harness, forgetting: forgetting).deleteAccount()

        #expect(outcome.isSuccess)
        #expect(forgetting.forgotten == [.maria])
        #expect(harness.authSession.state == .unauthenticated(.accountDeleted))
    }

    @Test("A deletion the server refuses forgets nothing and keeps the session")
    func failedDeletionForgetsNothing() async {
        let harness = SessionHarness()
        await harness.launcher.bootstrap()
        await harness.signInAsMaria()
        await harness.server.set(user: .fail(.transport("connection reset")))
        let forgetting = RecordingForgetting()

        let outcome = await account(harness, forgetting: forgetting).deleteAccount()

        #expect(!outcome.isSuccess)
        #expect(forgetting.forgotten.isEmpty)
        #expect(harness.authSession.state == .authenticated(.maria))
    }
}
