import Ports
import Testing

@testable import DomainCore

/// What the sign-in screen is told for Supabase's refusals: each its own
/// failure, never a wrong password or the server failing.
@Suite("Supabase sign-in refusals on the sign-in screen")
struct SupabaseLoginFailureTests {
    @Test(
        "A CPF on an e-mail-only backend and an unconfirmed e-mail are failures of their own; a refused apikey is a configuration error",
        arguments: [
            (RemoteError.signInRefused(.identifierKindNotAccepted), LoginFailure.identifierKindNotAccepted),
            (RemoteError.signInRefused(.emailNotConfirmed), LoginFailure.emailNotConfirmed),
            (
                RemoteError.misconfigured(.clientRefused("401 without an error code: the apikey was refused")),
                LoginFailure.misconfigured(.clientRefused)
            ),
            (RemoteError.rejected(status: 403, code: .userInactive), LoginFailure.accountInactive),
        ])
    func mapped(error: RemoteError, expected: LoginFailure) {
        #expect(LoginFailure(error) == expected)
    }
}
