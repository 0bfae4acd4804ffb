import AdapterHTTP
import BoundedHTTP
import DomainCore
import Foundation
import PortContracts
import Ports
import SimulatedBackend
import StandInKit
import StandInServers
import Testing
import VirtualTime

/// The stand-in kit as a team uses it: a dialect's stand-in made on
/// `LoopbackStandIn` and the simulated backend (here Gatehouse's own
/// Supabase Auth stand-in), its adapter, and `StandInAuthControl` — nothing
/// of the suites' own fixtures — run every promise of the auth contract,
/// those that need the server's switches too.
@Suite("The stand-in kit")
struct StandInKitTests {
    /// The Supabase adapter against a fresh stand-in, with the kit's switches.
    @Sendable static func supabaseUnderTest() async throws -> AuthAPIUnderTest {
        let clock = ManualClock()
        let standIn = try SupabaseAuthStandIn.onManualClock(clock)
        let configuration = try HTTPConfiguration(
            baseURL: standIn.baseURL, apiKey: APIKey(RemoteSecrets.apiKey), tokenHeaderStyle: .bearer,
            timeout: .seconds(30))
        let auth = SupabaseAuthRemoteAPI(configuration: configuration)
        let control = StandInAuthControl(
            backend: standIn.backend, clock: clock, auth: auth,
            routes: [
                .signIn: SupabaseAuthStandIn.Route.passwordGrant.rawValue,
                .refresh: SupabaseAuthStandIn.Route.refreshGrant.rawValue,
            ])
        return AuthAPIUnderTest(api: auth, server: control)
    }

    @Test(
        "StandInAuthControl over a dialect's stand-in keeps every promise of the auth contract checkable",
        arguments: AuthRemoteAPIContract.Promise.allCases)
    func everyPromise(_ promise: AuthRemoteAPIContract.Promise) async throws {
        try await AuthRemoteAPIContract.check(promise, on: Self.supabaseUnderTest)
    }

    @Test("The seeded people are the seed's: Maria and João active, Carla inactive, each signing in")
    func seededPeople() async throws {
        #expect(StandInSeed.account(.first).name == "Maria Silva")
        #expect(StandInSeed.account(.first).cpf == "12345678909")
        #expect(StandInSeed.account(.second).name == "João da Silva")
        #expect(StandInSeed.inactiveAccount?.name == "Carla Souza")
        let sut = try await Self.supabaseUnderTest()
        for person in SeededPerson.allCases {
            let token = try await sut.server.signIn(person)
            let profile = try #require(try await sut.server.profile(behind: token))
            #expect(profile.email == StandInSeed.account(person).email)
        }
    }

    /// The guides name the seeded people for a team writing its stand-in
    /// and its scripts: read from the seed, so a changed account fails here.
    @Test(
        "The guides name each seeded account as the seed has it",
        arguments: [
            "Sources/Ports/Ports.docc/CheckingYourBackend.md", "Sources/Ports/Ports.docc/AddingAnAdapter.md",
        ])
    func guidesNameTheSeededPeople(page: String) throws {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // Lines wrap anywhere: the words as one line, one space between each two.
        let text = try String(contentsOf: repository.appendingPathComponent(page), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let accounts =
            [StandInSeed.account(.first), StandInSeed.account(.second)]
            + [StandInSeed.inactiveAccount]
            .compactMap { $0 }
        #expect(accounts.count == 3)
        // Each check a Bool of its own: a miss names the account, not the whole page.
        for account in accounts {
            let namesIt = text.contains(account.name)
            let givesEmail = text.contains("(\(account.email), ") || text.contains("(\(account.email) ")
            let givesPassword =
                text.contains("password \(account.password)") || text.contains(", \(account.password))")
            #expect(namesIt, "\(page) does not name \(account.name)")
            #expect(givesEmail, "\(page) does not give \(account.name)'s e-mail, \(account.email)")
            #expect(givesPassword, "\(page) does not give \(account.name)'s password, \(account.password)")
        }
        guard page.hasSuffix("CheckingYourBackend.md") else { return }
        for account in accounts {
            let digits = Array(account.cpf)
            let written =
                String(digits[0..<3]) + "." + String(digits[3..<6]) + "." + String(digits[6..<9]) + "-"
                + String(digits[9...])
            let givesCPF = text.contains("CPF \(written)")
            #expect(givesCPF, "\(page) does not give \(account.name)'s CPF, \(written)")
        }
    }

    @Test("A status line names its status: each refusal a stand-in can be told to give, and the common ones")
    func statusLinesNameTheirStatus() {
        let statuses = InMemoryBackend.Refusal.allCases.map(\.status) + [200, 307, 400, 401, 403, 404, 500, 502, 503]
        for status in statuses {
            #expect(HTTPReasonPhrase.of(status) != "Status", "\(status) has no phrase")
        }
        #expect(HTTPReasonPhrase.of(429) == "Too Many Requests")
    }

    @Test("Each new registration is its own: another CPF, check digits right, and another e-mail")
    func registrationsAreNew() throws {
        let registrations = (1...50).map(StandInSeed.registration(number:))
        #expect(Set(registrations.map(\.cpf)).count == 50)
        #expect(Set(registrations.map(\.email)).count == 50)
        for registration in registrations {
            #expect(CPF(registration.cpf) != nil, "\(registration.cpf)")
        }
        // A base of one digit repeated, and the extremes, still make a CPF.
        for number in [11_111_111, 0, Int.min, Int.max] {
            #expect(CPF(StandInSeed.registration(number: number).cpf) != nil, "\(number)")
        }
    }

    @Test("A request the stand-in read shows no header value and no body, printed, debugged or dumped")
    func requestRedactsItself() {
        let request = LoopbackStandIn.Request(
            method: "POST", path: "/token", headers: ["apikey": "KEY-SECRET", "authorization": "Bearer TOKEN-SECRET"],
            body: Data(#"{"password":"PASSWORD-SECRET"}"#.utf8))
        var dumped = ""
        dump(request, to: &dumped)
        for shown in ["\(request)", String(reflecting: request), dumped] {
            #expect(!shown.contains("SECRET"), "\(shown)")
            #expect(shown.contains("POST /token"))
        }
    }

    @Test("A call the stand-in names no route for cannot be failed: the error says which and where to name it")
    func unnamedRouteIsSaid() async throws {
        let sut = try await Self.supabaseUnderTest()
        await #expect {
            try await sut.server.failNextCall(.register, .drop)
        } throws: { error in
            "\(error)".contains("register") && "\(error)".contains("routes")
        }
    }
}
