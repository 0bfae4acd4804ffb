import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// The account's deletion (`AccountManagement`; docs/spec/explicit-actions.md, "Delete the account").
@MainActor
@Suite("Account management")
struct AccountManagementTests {
    @Test("Deleting the account ends the session as logout does")
    func deleteAccountEndsSession() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()

        #expect(await harness.account.deleteAccount().isSuccess)

        #expect(harness.authSession.state == .unauthenticated(.accountDeleted))
        #expect(await harness.storedSession() == nil)
    }

}
