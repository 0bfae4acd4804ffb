import SimulatedBackend
import Foundation
import Ports
import TaskRuntime
import VirtualTime
import Testing

/// The simulated backend's memory stays bounded whatever clients send: field
/// lengths, accounts and token records have limits, and what it can no longer
/// accept it forgets. Everything is counted, never measured in bytes or time.
@Suite("InMemoryBackend bounds")
struct InMemoryBackendBoundsTests {
    private static let maria = Credentials(identifier: .cpf("12345678909"), password: Password("123456"))

    /// A CPF with valid check digits for `number` (nine digits, not all equal).
    static func cpf(_ number: Int) -> String {
        let base = String(format: "%09d", number)
        var digits = base.compactMap(\.wholeNumberValue)
        for weights in [Array((2...10).reversed()), Array((2...11).reversed())] {
            let remainder = zip(digits, weights).map(*).reduce(0, +) % 11
            digits.append(remainder < 2 ? 0 : 11 - remainder)
        }
        return digits.map(String.init).joined()
    }

    private static func registration(_ number: Int, name: String? = nil, email: String? = nil) -> Registration {
        Registration(
            name: name ?? "Person \(number)", email: email ?? "person\(number)@example.com",
            cpf: cpf(100_000_000 + number), password: Password("246810"))
    }

    // MARK: - Field lengths

    @Test(
        "a name over 100 characters or an e-mail over 254 is VALIDATION_FAILED naming the field, at sign-up and in a profile change",
        arguments: [
            ("name", String(repeating: "n", count: 101)),
            ("email", String(repeating: "e", count: 243) + "@example.com"),
        ])
    func overlongFieldsAreRefused(field: String, value: String) async throws {
        let backend = InMemoryBackend(clock: ManualClock())
        let registration = Self.registration(
            1, name: field == "name" ? value : nil, email: field == "email" ? value : nil)

        let signUp = await #expect(throws: BackendRejection.self) { try await backend.register(registration) }
        #expect(signUp?.code == .validationFailed)
        #expect(signUp?.fields.keys.sorted() == [field])
        #expect(signUp?.fields[field]?.contains(field == "name" ? "100" : "254") == true, "the limit is said")

        let token = try await backend.signIn(Self.maria)
        let changes =
            field == "name" ? ProfileChanges(name: value, email: nil) : ProfileChanges(name: nil, email: value)
        let change = await #expect(throws: BackendRejection.self) {
            try await backend.updateCurrentUser(changes, token: token)
        }
        #expect(change?.code == .validationFailed)
        #expect(await backend.accountCount == 3, "nothing was stored")
    }

    @Test("a name of exactly 100 characters and an e-mail of exactly 254 are accepted")
    func fieldsAtTheLimitAreAccepted() async throws {
        let backend = InMemoryBackend(clock: ManualClock())
        let registration = Self.registration(
            1, name: String(repeating: "n", count: 100), email: String(repeating: "e", count: 242) + "@example.com")

        _ = try await backend.register(registration)

        #expect(await backend.accountCount == 4)
    }

    // MARK: - Accounts

    @Test("past the most accounts a registration is refused with 503 and stores nothing; a reset makes room again")
    func accountCapRefusesRegistrations() async throws {
        let backend = InMemoryBackend(clock: ManualClock(), configuration: .init(mostAccounts: 5))
        for number in 1...2 { _ = try await backend.register(Self.registration(number)) }

        let refusal = await #expect(throws: BackendRejection.self) { try await backend.register(Self.registration(3)) }

        #expect(refusal?.status == 503)
        #expect(refusal?.message.contains("5") == true, "the limit is said")
        #expect(await backend.accountCount == 5)
        await backend.reset()
        _ = try await backend.register(Self.registration(3))
        #expect(await backend.accountCount == 4)
    }

    // MARK: - Tokens

    @Test("after many sign-ins and refreshes the stored token records stay within the limit, the newest still serving")
    func tokenRecordsStayBounded() async throws {
        let backend = InMemoryBackend(clock: ManualClock(), configuration: .init(mostTokens: 20))
        var latest = try await backend.signIn(Self.maria)
        for _ in 0..<100 {
            _ = try await backend.signIn(Self.maria)
            latest = try await backend.refresh(latest)
        }

        #expect(await backend.storedTokenCount == 20)
        #expect(try await backend.currentUser(token: latest).name == "Maria Silva")
    }

    @Test("tokens exchanged past their rotation grace and tokens long past their refresh window are forgotten")
    func unacceptableTokensAreForgotten() async throws {
        let clock = ManualClock()
        let backend = InMemoryBackend(
            clock: clock, configuration: .init(refreshWindow: .seconds(300), rotationGrace: .seconds(5)))
        var latest = try await backend.signIn(Self.maria)
        for _ in 0..<10 { latest = try await backend.refresh(latest) }
        #expect(await backend.storedTokenCount == 11, "every exchanged token serves out its grace")

        clock.advance(by: .seconds(6))
        let fresh = try await backend.signIn(Self.maria)
        #expect(await backend.storedTokenCount == 2, "the exchanged ones are gone: the latest and the new one")

        clock.advance(by: .seconds(2 * 86_400))
        _ = try await backend.signIn(Self.maria)
        #expect(await backend.storedTokenCount == 1, "tokens long past their refresh window are gone too")
        _ = fresh
    }

    @Test("with reuse detection spent tokens are remembered until their refresh window is long past, then forgotten")
    func spentTokensAreForgottenWithTheSweeps() async throws {
        let clock = ManualClock()
        let backend = InMemoryBackend(
            clock: clock, configuration: .init(refreshWindow: .seconds(300), reuseDetection: true))
        var latest = try await backend.signIn(Self.maria)
        for _ in 0..<10 { latest = try await backend.refresh(latest) }
        #expect(await backend.storedTokenCount == 11, "every spent token is remembered, to recognise its reuse")

        clock.advance(by: .seconds(2 * 86_400))
        _ = try await backend.signIn(Self.maria)
        #expect(await backend.storedTokenCount == 1, "spent tokens go with the sweep of old ones")
    }

    @Test("with reuse detection 20,000 refreshes keep at most the limit of records")
    func spentTokensStayBounded() async throws {
        let backend = InMemoryBackend(
            clock: ManualClock(), configuration: .init(reuseDetection: true, mostTokens: 1_000))
        var latest = try await backend.signIn(Self.maria)
        for _ in 0..<20_000 { latest = try await backend.refresh(latest) }

        #expect(await backend.storedTokenCount == 1_000)
        #expect(await backend.tokenBookkeepingCount <= 2 * (2 * 1_000 + 64), "the issue order and the spent list")
        _ = try await backend.currentUser(token: latest)
    }

    @Test("20,000 sign-in and sign-out cycles leave no token record, and the table's bookkeeping stays small")
    func signInOutCyclesLeaveNothing() async throws {
        let backend = InMemoryBackend(clock: ManualClock())
        var largestBookkeeping = 0
        for _ in 0..<20_000 {
            let token = try await backend.signIn(Self.maria)
            try await backend.signOut(token)
            largestBookkeeping = max(largestBookkeeping, await backend.tokenBookkeepingCount)
        }

        #expect(await backend.storedTokenCount == 0)
        #expect(largestBookkeeping <= 2 * 1 + 64, "gone records are dropped from the issue order, not kept")
        #expect(await backend.issuedTokens.count == 10_000, "the leak check keeps its own bounded record")
    }

    @Test("20,000 sign-ins never signed out (the Cora API has no sign-out) keep at most the limit of records")
    func signInsWithoutSignOutStayBounded() async throws {
        let backend = InMemoryBackend(clock: ManualClock(), configuration: .init(mostTokens: 1_000))
        var latest = try await backend.signIn(Self.maria)
        for _ in 0..<20_000 { latest = try await backend.signIn(Self.maria) }

        #expect(await backend.storedTokenCount == 1_000)
        #expect(await backend.tokenBookkeepingCount <= 2 * 1_000 + 64)
        #expect(try await backend.currentUser(token: latest).name == "Maria Silva", "the newest still serves")
    }

    @Test("after a reset the next 20,000 cycles start from an empty table")
    func resetThenCyclesStayEmpty() async throws {
        let backend = InMemoryBackend(clock: ManualClock())
        for _ in 0..<500 { _ = try await backend.signIn(Self.maria) }
        await backend.reset()
        #expect(await backend.tokenBookkeepingCount == 0)
        for _ in 0..<20_000 {
            let token = try await backend.signIn(Self.maria)
            try await backend.signOut(token)
        }
        #expect(await backend.storedTokenCount == 0)
        #expect(await backend.tokenBookkeepingCount <= 64)
    }

    @Test("reset forgets every token, live ones and those remembered for leak checks")
    func resetForgetsTokens() async throws {
        let backend = InMemoryBackend(clock: ManualClock())
        for _ in 0..<5 { _ = try await backend.signIn(Self.maria) }
        #expect(await backend.issuedTokens.count == 5)

        await backend.reset()

        #expect(await backend.storedTokenCount == 0)
        #expect(await backend.issuedTokens.isEmpty)
    }

    @Test("the tokens remembered for leak checks are the latest ones, at most the limit, and include every live one")
    func rememberedTokensStayBounded() async throws {
        let backend = InMemoryBackend(
            clock: ManualClock(), configuration: .init(mostTokens: 10, mostRememberedTokens: 30))
        var issued: [AccessToken] = []
        for _ in 0..<100 { issued.append(try await backend.signIn(Self.maria)) }

        let remembered = await backend.issuedTokens
        #expect(remembered.count == 30)
        #expect(remembered == Array(issued.suffix(30)))
    }
}
