import Ports
import Testing

/// The auth adapters the contract runs (`RemoteAdapters.everyAuth`) declare
/// each capability's every value between them, so each branch of
/// `AuthRemoteAPIContract` — a capability's contract and the refusal that
/// goes with its absence — meets some adapter; and the lists kept for the
/// absences hold what they say.
@Suite("AuthRemoteAPI contract: the adapters it runs")
struct AuthAdapterListsTests {
    /// What each adapter declares, made once.
    private static func declarations() async throws -> [any AuthRemoteAPI] {
        var made: [any AuthRemoteAPI] = []
        for adapter in RemoteAdapters.everyAuth { made.append(try await adapter.make().0) }
        return made
    }

    @Test("Every refresh rotation is declared by some adapter the contract runs")
    func everyRotation() async throws {
        let declared = Set(try await Self.declarations().map(\.refreshRotation))
        for rotation in RefreshRotation.allCases {
            #expect(declared.contains(rotation), "no adapter declares \(rotation)")
        }
    }

    @Test("Each refusal told apart is declared by some adapter, and left out by another")
    func everyRefusalBothWays() async throws {
        let sets = try await Self.declarations().map(\.refusalsToldApart)
        for member in [AuthRefusalsToldApart.inactiveAccountAtSignIn, .expiryAtRefresh, .accountStateAtRefresh] {
            #expect(AuthRefusalsToldApart.all.contains(member))
            #expect(sets.contains { $0.contains(member) }, "no adapter tells \(member.rawValue) apart")
            #expect(sets.contains { !$0.contains(member) }, "every adapter tells \(member.rawValue) apart")
        }
        #expect(AuthRefusalsToldApart.all.rawValue == 0b111, "a member added to the set joins the loop above")
    }

    @Test(
        "Each identifier kind, sign-out and each kind of sign-up are declared by some adapter and absent from another")
    func everyDeclarationBothWays() async throws {
        let made = try await Self.declarations()
        for (name, declared) in [
            ("signsInByCPF", made.map(\.signsInByCPF)), ("signsInByEmail", made.map(\.signsInByEmail)),
            ("offersSignOut", made.map(\.offersSignOut)),
        ] {
            #expect(Set(declared) == [true, false], "\(name) is \(Set(declared)) for every adapter")
        }
        let offers = Set(made.map { Self.kind(of: $0.registrationOffer) })
        #expect(
            offers == ["none", "account", "account to confirm", "session"],
            "the offers declared are \(offers.sorted())")
    }

    /// The kind of an offer, whatever fields it takes.
    private static func kind(of offer: RegistrationOffer) -> String {
        switch offer {
        case .none: "none"
        case .createsAnAccount: "account"
        case .createsAnAccountToConfirm: "account to confirm"
        case .createsASession: "session"
        }
    }

    @Test(
        "The adapters kept for the absences declare them",
        arguments: RemoteAdapters.authWithoutRegistration + RemoteAdapters.authByCPFOnly
            + RemoteAdapters.authByEmailOnly)
    func absencesAreDeclared(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let inList = (
            withoutRegistration: RemoteAdapters.authWithoutRegistration.contains {
                $0.testDescription == adapter.testDescription
            },
            byCPFOnly: RemoteAdapters.authByCPFOnly.contains { $0.testDescription == adapter.testDescription },
            byEmailOnly: RemoteAdapters.authByEmailOnly.contains { $0.testDescription == adapter.testDescription }
        )
        if inList.withoutRegistration || inList.byCPFOnly { #expect(!auth.offersRegistration) }
        if inList.byCPFOnly { #expect(auth.signsInByCPF && !auth.signsInByEmail) }
        if inList.byEmailOnly { #expect(auth.signsInByEmail && !auth.signsInByCPF) }
    }
}
