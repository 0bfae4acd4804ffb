import Ports

/// A PIN vault whose storage refuses everything, as a damaged or
/// unreachable keychain would.
struct FailingPINVault: PINVault {
    func isSet() async throws(PINVaultError) -> Bool { throw .unavailable("the test's vault refuses") }
    func set(_ pin: PIN) async throws(PINVaultError) { throw .unavailable("the test's vault refuses") }
    func verify(_ pin: PIN) async throws(PINVaultError) -> PINVerification {
        throw .unavailable("the test's vault refuses")
    }
    func remove() async throws(PINVaultError) { throw .unavailable("the test's vault refuses") }
}
