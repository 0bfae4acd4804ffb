import AdapterSoftwareCrypto
import PortContracts
import Ports
import Testing

/// `AuthorizationProofMaker`'s contract (its doc comment), as `PortContracts`
/// checks it, against every adapter: each promise of
/// `AuthorizationProofMakerContract.Promise`.
@Suite("AuthorizationProofMaker contract")
struct AuthorizationProofMakerContractTests {
    struct Maker: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable () -> any AuthorizationProofMaker
        var testDescription: String { name }
    }

    static let makers = [Maker(name: "software") { SoftwareAuthorizationProofMaker() }]

    @Test(
        "Every maker keeps each promise of the port", arguments: makers,
        AuthorizationProofMakerContract.Promise.allCases)
    func everyMakerKeepsThePromise(_ maker: Maker, _ promise: AuthorizationProofMakerContract.Promise) throws {
        try AuthorizationProofMakerContract.check(promise) { maker.make() }
    }
}
