import SimulatedBackend
import Foundation
import Ports
import TaskRuntime
import VirtualTime
import Testing

/// What only the simulated backend promises: fault switches, metrics, reset,
/// token timing and the seeded data. Time is a `ManualClock`; nothing sleeps.
@Suite("InMemoryBackend")
struct InMemoryBackendTests {
    // MARK: - Faults

    @Test(
        "admit answers each fault mode with the action a server performs",
        arguments: [
            (InMemoryBackend.FaultMode.status(503), InMemoryBackend.FaultAction.status(503)),
            (.drop, .drop),
            (.malformed, .malformed),
            (.delay(.zero), .proceed),
        ])
    func admitAnswersFaultAction(_ mode: InMemoryBackend.FaultMode, _ action: InMemoryBackend.FaultAction) async {
        let backend = InMemoryRemoteFixture().backend
        await backend.addFault(InMemoryBackend.Fault(route: BackendRoute.currentUser, mode: mode))

        #expect(await backend.admit(BackendRoute.currentUser) == action)
        #expect(await backend.admit(BackendRoute.currentUser) == .proceed)
    }

    @Test("the in-memory adapters map drop, malformed and status faults onto RemoteError")
    func adaptersMapFaults() async throws {
        let server = InMemoryRemoteFixture()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let cases: [(InMemoryBackend.FaultMode, RemoteError)] = [
            (.drop, .transport("connection dropped")),
            (.status(503), .rejected(status: 503, code: nil)),
        ]

        for (mode, expected) in cases {
            await server.backend.addFault(InMemoryBackend.Fault(route: BackendRoute.currentUser, mode: mode))
            let error = await #expect(throws: RemoteError.self) { try await server.users.currentUser(token: token) }
            #expect(error == expected)
        }
        await server.backend.addFault(InMemoryBackend.Fault(route: BackendRoute.currentUser, mode: .malformed))
        let error = await #expect(throws: RemoteError.self) { try await server.users.currentUser(token: token) }
        guard case .malformedResponse? = error else {
            Issue.record("expected malformedResponse, got \(String(describing: error))")
            return
        }
    }

    @Test("a fault applies to exactly the next count requests of its route")
    func faultAppliesToNextCountRequests() async throws {
        let server = InMemoryRemoteFixture()
        await server.backend.addFault(InMemoryBackend.Fault(route: BackendRoute.auth, mode: .status(500), count: 2))

        for _ in 0..<2 {
            let error = await #expect(throws: RemoteError.self) { try await server.auth.signIn(RemoteSeed.maria.byCPF) }
            #expect(error == .rejected(status: 500, code: nil))
        }
        _ = try await server.auth.signIn(RemoteSeed.maria.byCPF)
    }

    @Test("a fault touches only its own route")
    func faultTouchesOnlyItsRoute() async throws {
        let server = InMemoryRemoteFixture()
        await server.backend.addFault(InMemoryBackend.Fault(route: BackendRoute.relatedUsers, mode: .drop))
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        _ = try await server.users.currentUser(token: token)
        _ = try await server.statements.statement(token: token)
        #expect(try await server.health.check() == .healthy)

        await #expect(throws: RemoteError.self) { try await server.users.relatedUsers(token: token) }
    }

    @Test("faults of one route apply in the order they were added")
    func faultsApplyInOrder() async {
        let backend = InMemoryRemoteFixture().backend
        await backend.addFault(InMemoryBackend.Fault(route: BackendRoute.health, mode: .status(502)))
        await backend.addFault(InMemoryBackend.Fault(route: BackendRoute.health, mode: .drop))

        #expect(await backend.admit(BackendRoute.health) == .status(502))
        #expect(await backend.admit(BackendRoute.health) == .drop)
        #expect(await backend.admit(BackendRoute.health) == .proceed)
    }

    @Test("clearFaults removes every pending fault")
    func clearFaultsRemovesPendingFaults() async {
        let backend = InMemoryRemoteFixture().backend
        await backend.addFault(InMemoryBackend.Fault(route: BackendRoute.health, mode: .drop, count: 5))

        await backend.clearFaults()

        #expect(await backend.admit(BackendRoute.health) == .proceed)
    }

    @Test("a delay fault waits on the backend's clock, then proceeds normally")
    func delayFaultWaitsOnClock() async throws {
        let server = InMemoryRemoteFixture()
        await server.backend.addFault(InMemoryBackend.Fault(route: BackendRoute.health, mode: .delay(.seconds(5))))
        let probe = server.health
        let check = Task { try await probe.check() }

        await server.clock.waitForSleepers(atLeast: 1)
        server.clock.advance(by: .seconds(4))
        #expect(server.clock.sleeperCount == 1)
        server.clock.advance(by: .seconds(1))

        #expect(try await check.value == .healthy)
    }

    @Test("a fault's leading delay runs on the backend's clock before its mode acts")
    func leadingDelayRunsBeforeMode() async throws {
        let server = InMemoryRemoteFixture()
        await server.backend.addFault(
            InMemoryBackend.Fault(route: BackendRoute.health, mode: .status(200), delayFirst: .seconds(2)))
        let probe = server.health
        let check = Task { try await probe.check() }

        await server.clock.waitForSleepers(atLeast: 1)
        server.clock.advance(by: .seconds(2))

        let error = await #expect(throws: RemoteError.self) { try await check.value }
        guard case .malformedResponse? = error else {
            Issue.record("a 200 without a health body should be malformed, got \(String(describing: error))")
            return
        }
    }

    @Test("a request whose caller is cancelled while it is delayed fails as a transport failure")
    func cancelledDelayedRequestFails() async throws {
        let server = InMemoryRemoteFixture()
        await server.backend.addFault(InMemoryBackend.Fault(route: BackendRoute.health, mode: .delay(.seconds(30))))
        let probe = server.health
        let check = Task { try await probe.check() }

        await server.clock.waitForSleepers(atLeast: 1)
        check.cancel()

        let error = await #expect(throws: RemoteError.self) { try await check.value }
        #expect(error == .transport("request cancelled"))
    }

    @Test("a hanging request ends with a transport failure when its caller is cancelled")
    func hangingRequestEndsOnCancellation() async throws {
        let server = InMemoryRemoteFixture()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        await server.backend.addFault(InMemoryBackend.Fault(route: BackendRoute.currentUser, mode: .hang))
        let users = server.users
        let call = Task { try await users.currentUser(token: token) }

        await server.backend.waitForRequests(BackendRoute.currentUser, count: 1)
        call.cancel()

        let error = await #expect(throws: RemoteError.self) { try await call.value }
        #expect(error == .transport("request cancelled"))
        #expect(await server.backend.hangingRequestCount == 0)
    }

    @Test("a hanging request proceeds normally once released")
    func hangingRequestProceedsOnRelease() async throws {
        let server = InMemoryRemoteFixture()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        await server.backend.addFault(InMemoryBackend.Fault(route: BackendRoute.currentUser, mode: .hang, count: 2))
        let users = server.users
        let first = Task { try await users.currentUser(token: token) }
        let second = Task { try await users.currentUser(token: token) }

        await server.backend.waitForRequests(BackendRoute.currentUser, count: 2)
        await server.backend.releaseHangingRequests()

        #expect(try await first.value.cpf == RemoteSeed.maria.cpf)
        #expect(try await second.value.cpf == RemoteSeed.maria.cpf)
        #expect(await server.backend.hangingRequestCount == 0)
    }

    // MARK: - Metrics

    @Test("metrics count every request, failed and faulted ones included, and successful sign-ins and refreshes")
    func metricsCountRequestsAndOutcomes() async throws {
        let server = InMemoryRemoteFixture()
        let auth = server.auth
        let token = try await auth.signIn(RemoteSeed.maria.byCPF).accessToken
        _ = try? await auth.signIn(RemoteSeed.maria.withWrongPassword())
        await server.backend.addFault(InMemoryBackend.Fault(route: BackendRoute.auth, mode: .drop))
        _ = try? await auth.signIn(RemoteSeed.maria.byCPF)
        let refreshed = try await auth.refresh(.accessToken(token)).accessToken
        _ = try? await auth.refresh(.accessToken(token))
        _ = try await server.users.currentUser(token: refreshed)
        _ = try? await server.users.currentUser(token: token)

        let metrics = await server.backend.metrics()

        #expect(
            metrics
                == BackendMetrics(
                    requests: [BackendRoute.auth: 5, BackendRoute.currentUser: 2],
                    logins: 1, refreshes: 1, refreshesRejected: 1, tokensLive: 1))
    }

    @Test("tokensLive counts the tokens that would serve a request now")
    func tokensLiveCountsServingTokens() async throws {
        let server = InMemoryRemoteFixture()
        let first = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        _ = try await server.auth.signIn(RemoteSeed.joao.byCPF)
        #expect(await server.backend.metrics().tokensLive == 2)

        _ = try await server.auth.refresh(.accessToken(first))
        #expect(await server.backend.metrics().tokensLive == 2)

        server.clock.advance(by: server.tokenLifetime)
        #expect(await server.backend.metrics().tokensLive == 0)

        _ = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        await server.backend.revokeAllTokens()
        #expect(await server.backend.metrics().tokensLive == 0)
    }

    @Test("waitForRequests returns once that many requests of the route have arrived")
    func waitForRequestsReturnsOnceArrived() async throws {
        let server = InMemoryRemoteFixture()
        let backend = server.backend
        await backend.waitForRequests(BackendRoute.health, count: 0)
        let waiter = Task {
            await backend.waitForRequests(BackendRoute.health, count: 2)
            return await backend.metrics().requestCount(BackendRoute.health)
        }

        _ = try await server.health.check()
        _ = try await server.health.check()

        #expect(await waiter.value >= 2)
    }

    // MARK: - Registration, the wire contract's rules

    /// The wire contract names every malformed field at once, and takes a
    /// password of six digits only: stricter than the port, which lets a
    /// backend name the first it finds and take any password of six
    /// characters (Google's Identity Toolkit), so this is the backend's own promise.
    @Test("register names every malformed field, and refuses a password of letters")
    func registerNamesEveryMalformedField() async throws {
        let backend = InMemoryRemoteFixture().backend

        let everyField = await #expect(throws: BackendRejection.self) {
            try await backend.register(Registration(name: "", email: "no", cpf: "123", password: Password("1")))
        }
        let letters = await #expect(throws: BackendRejection.self) {
            try await backend.register(RemoteSeed.newcomer(password: "abcdef"))
        }

        #expect(Set(everyField?.fields.keys.map(\.self) ?? []) == ["name", "email", "cpf", "password"])
        #expect(letters?.fields.keys.sorted() == ["password"])
    }

    @Test("register judging the e-mail only keeps no name and no CPF, and the account signs in by its e-mail")
    func registerJudgingSomeFields() async throws {
        let backend = InMemoryRemoteFixture().backend
        let registration = Registration(
            name: "", email: "ana@example.com", cpf: RemoteSeed.maria.cpf, password: Password("246810"))

        let id = try await backend.register(registration, judging: [.email, .password])

        let token = try await backend.signIn(
            Credentials(identifier: .email("ana@example.com"), password: Password("246810")))
        let profile = try await backend.currentUser(token: token)
        #expect(profile.id == id)
        #expect(profile.cpf.isEmpty)
        #expect(profile.name.isEmpty)
    }

    // MARK: - Control

    @Test("reset brings back the seeded state, with metrics zeroed, faults cleared and the server healthy")
    func resetRestoresSeededState() async throws {
        let server = InMemoryRemoteFixture()
        let backend = server.backend
        let newcomer = RemoteSeed.newcomer()
        _ = try await server.auth.register(newcomer)
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF).accessToken
        try await backend.setAccountState(cpf: RemoteSeed.maria.cpf, .inactive)
        await backend.setHealthy(false)
        await backend.addFault(InMemoryBackend.Fault(route: BackendRoute.auth, mode: .drop, count: 3))

        await backend.reset()

        #expect(await backend.metrics() == BackendMetrics())
        #expect(try await server.health.check() == .healthy)
        _ = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        let newcomerError = await #expect(throws: RemoteError.self) {
            try await server.auth.signIn(Credentials(identifier: .cpf(newcomer.cpf), password: newcomer.password))
        }
        #expect(newcomerError?.code == .invalidCredentials)
        let tokenError = await #expect(throws: RemoteError.self) {
            try await server.users.currentUser(token: joaoToken)
        }
        #expect(tokenError == .tokenInvalid)
    }

    @Test("setAccountState of an unknown CPF is NOT_FOUND")
    func setAccountStateOfUnknownCPFIsNotFound() async {
        let backend = InMemoryRemoteFixture().backend

        await #expect(throws: BackendRejection.notFound) {
            try await backend.setAccountState(cpf: "11144477735", .inactive)
        }
    }

    @Test("an inactive account serves requests again once made active")
    func inactiveAccountCanBeActivatedAgain() async throws {
        let server = InMemoryRemoteFixture()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        try await server.backend.setAccountState(cpf: RemoteSeed.maria.cpf, .inactive)
        await #expect(throws: RemoteError.userInactive) { try await server.users.currentUser(token: token) }

        try await server.backend.setAccountState(cpf: RemoteSeed.maria.cpf, .active)

        #expect(try await server.users.currentUser(token: token).active)
    }

    @Test("signOut ends only the token it is given")
    func signOutEndsOnlyThatToken() async throws {
        let server = InMemoryRemoteFixture()
        let ended = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let kept = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        try await server.backend.signOut(ended)

        await #expect(throws: RemoteError.tokenInvalid) { try await server.users.currentUser(token: ended) }
        _ = try await server.users.currentUser(token: kept)
    }

    @Test("a deleted account leaves its related users' lists")
    func deletedAccountLeavesRelatedLists() async throws {
        let server = InMemoryRemoteFixture()
        let mariaToken = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF).accessToken

        try await server.users.deleteCurrentUser(token: mariaToken)

        #expect(try await server.users.relatedUsers(token: joaoToken).isEmpty)
    }

    // MARK: - Tokens

    @Test("tokens are opaque hex strings of at least 128 bits, never repeated")
    func tokensAreRandomHex() async throws {
        let server = InMemoryRemoteFixture()
        var seen: Set<String> = []

        for _ in 0..<5 {
            let raw = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken.reveal()
            #expect(raw.count >= 32)
            #expect(raw.allSatisfy { $0.isHexDigit })
            seen.insert(raw)
        }

        #expect(seen.count == 5)
    }

    @Test("a token serves requests until its lifetime ends, then is TOKEN_EXPIRED")
    func tokenServesUntilLifetimeEnds() async throws {
        let server = InMemoryRemoteFixture()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        server.clock.advance(by: server.tokenLifetime - .seconds(1))
        _ = try await server.users.currentUser(token: token)
        server.clock.advance(by: .seconds(1))

        await #expect(throws: RemoteError.tokenExpired) { try await server.users.currentUser(token: token) }
    }

    @Test("with no rotation grace an exchanged token stops serving requests at once")
    func exchangedTokenStopsAtOnce() async throws {
        let server = InMemoryRemoteFixture()
        let old = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        let new = try await server.auth.refresh(.accessToken(old)).accessToken

        await #expect(throws: RemoteError.tokenInvalid) { try await server.users.currentUser(token: old) }
        _ = try await server.users.currentUser(token: new)
    }

    @Test("with a rotation grace an exchanged token serves requests until the grace ends, but is never exchanged again")
    func rotationGraceKeepsOldTokenBriefly() async throws {
        let server = InMemoryRemoteFixture(
            configuration: InMemoryBackend.Configuration(rotationGrace: .seconds(10)))
        let old = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let new = try await server.auth.refresh(.accessToken(old)).accessToken

        _ = try await server.users.currentUser(token: old)
        await #expect(throws: RemoteError.tokenInvalid) { try await server.auth.refresh(.accessToken(old)) }
        server.clock.advance(by: .seconds(10))

        await #expect(throws: RemoteError.tokenInvalid) { try await server.users.currentUser(token: old) }
        _ = try await server.users.currentUser(token: new)
    }

    // MARK: - Reuse detection

    @Test("with reuse detection a spent token presented again revokes its family and is counted")
    func reusedTokenRevokesItsFamily() async throws {
        let server = InMemoryRemoteFixture(configuration: InMemoryBackend.Configuration(reuseDetection: true))
        let backend = server.backend
        let first = try await backend.signIn(RemoteSeed.maria.byCPF)
        let second = try await backend.refresh(first)
        let third = try await backend.refresh(second)
        let otherSession = try await backend.signIn(RemoteSeed.maria.byCPF)

        await #expect(throws: BackendRejection.tokenInvalid) { try await backend.refresh(first) }

        await #expect(throws: BackendRejection.tokenInvalid) { try await backend.currentUser(token: third) }
        await #expect(throws: BackendRejection.tokenInvalid) { try await backend.refresh(third) }
        _ = try await backend.currentUser(token: otherSession)
        let metrics = await backend.metrics()
        #expect(metrics.refreshes == 2)
        #expect(metrics.refreshTokensReused == 1, "the revoked family's tokens are not reuse a second time")
        #expect(metrics.refreshesRejected == 2)
        #expect(metrics.tokensLive == 1)
    }

    @Test(
        "with reuse detection and a rotation grace a spent token still serves out its grace, but a refresh with it is reuse"
    )
    func reuseDetectionWithGrace() async throws {
        let server = InMemoryRemoteFixture(
            configuration: InMemoryBackend.Configuration(rotationGrace: .seconds(10), reuseDetection: true))
        let backend = server.backend
        let old = try await backend.signIn(RemoteSeed.maria.byCPF)
        let new = try await backend.refresh(old)

        _ = try await backend.currentUser(token: old)
        await #expect(throws: BackendRejection.tokenInvalid) { try await backend.refresh(old) }

        await #expect(throws: BackendRejection.tokenInvalid) { try await backend.currentUser(token: new) }
        #expect(await backend.metrics().refreshTokensReused == 1)
    }

    @Test("without reuse detection a spent token is only refused: its successor lives on, nothing counted as reuse")
    func withoutReuseDetectionASpentTokenIsOnlyRefused() async throws {
        let backend = InMemoryRemoteFixture().backend
        let old = try await backend.signIn(RemoteSeed.maria.byCPF)
        let new = try await backend.refresh(old)

        await #expect(throws: BackendRejection.tokenInvalid) { try await backend.refresh(old) }

        _ = try await backend.currentUser(token: new)
        #expect(await backend.metrics().refreshTokensReused == 0)
    }

    @Test("with reuse detection a spent token cannot be signed out: it is no session")
    func spentTokenIsNoSessionToSignOut() async throws {
        let backend = InMemoryRemoteFixture(configuration: InMemoryBackend.Configuration(reuseDetection: true))
            .backend
        let old = try await backend.signIn(RemoteSeed.maria.byCPF)
        let new = try await backend.refresh(old)

        await #expect(throws: BackendRejection.tokenInvalid) { try await backend.signOut(old) }

        _ = try await backend.currentUser(token: new)
        await #expect(throws: BackendRejection.tokenInvalid) { try await backend.refresh(old) }
        #expect(await backend.metrics().refreshTokensReused == 1, "the record was kept: reuse is still seen")
    }

    @Test("no error text carries a token or a password")
    func errorsCarryNoSecrets() async throws {
        let server = InMemoryRemoteFixture()
        let backend = server.backend
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        await backend.revokeAllTokens()
        let wrong = RemoteSeed.maria.withWrongPassword()
        var texts: [String] = []

        do { _ = try await backend.signIn(wrong) } catch { texts += [error.description, error.message] }
        do { _ = try await backend.refresh(token) } catch { texts += [error.description, error.message] }
        do { _ = try await backend.currentUser(token: token) } catch { texts += [error.description, error.message] }
        do { _ = try await server.auth.refresh(.accessToken(token)) } catch { texts.append(error.description) }

        #expect(texts.count == 7)
        for text in texts {
            #expect(!text.contains(token.reveal()))
            #expect(!text.contains(wrong.password.reveal()))
        }
    }

    // MARK: - Seeded data

    @Test("the seeded accounts: Maria and João active and related both ways, the third inactive")
    func seededAccounts() async throws {
        let server = InMemoryRemoteFixture()
        let backend = server.backend

        #expect(await backend.accountState(cpf: RemoteSeed.maria.cpf) == .active)
        #expect(await backend.accountState(cpf: RemoteSeed.joao.cpf) == .active)
        #expect(await backend.accountState(cpf: RemoteSeed.inactive.cpf) == .inactive)
        let maria = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let joao = try await server.auth.signIn(RemoteSeed.joao.byCPF).accessToken
        #expect(try await server.users.relatedUsers(token: maria).map(\.name) == [RemoteSeed.joao.name])
        #expect(try await server.users.relatedUsers(token: joao).map(\.name) == [RemoteSeed.maria.name])
    }

    @Test("Maria's statement lists the Cora seed's sample item verbatim")
    func sampleItemIsListedVerbatim() async throws {
        let server = InMemoryRemoteFixture()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        let statement = try await server.statements.statement(token: token)

        let section = try #require(statement.sections.first { $0.date == "2024-02-01" })
        let expected = StatementItem(
            id: "abc123def456ghi789", description: "Compra de produtos eletrônicos", label: "Compra aprovada",
            entry: .debit, amount: 150_000, name: "João da Silva",
            dateEvent: try Self.date("2024-02-01T08:15:17Z"), status: "COMPLETED")
        #expect(section.items.contains(expected))
    }

    @Test("the Cora seed's sample details resolve verbatim, and are listed")
    func sampleDetailsResolveVerbatim() async throws {
        let server = InMemoryRemoteFixture()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let id = "abcdef12-3456-7890-abcd-ef1234567890"

        let details = try await server.statements.entryDetails(id: id, token: token)

        let expected = StatementEntryDetails(
            id: id, description: "Pagamento por serviços prestados", label: "Pagamento recebido", amount: 150_000,
            counterPartyName: "Empresa ABC LTDA", dateEvent: try Self.date("2024-02-05T14:30:45Z"),
            status: "COMPLETED",
            sender: StatementParty(
                name: "Empresa XYZ LTDA", bankName: "Banco ABC", bankNumber: "002", agencyNumber: "5678",
                agencyNumberDigit: "1", accountNumber: "543210", accountNumberDigit: "3",
                documentNumber: "99887766000112", documentType: .cnpj),
            recipient: StatementParty(
                name: "Empresa ABC LTDA", bankName: "Banco XYZ", bankNumber: "001", agencyNumber: "1234",
                agencyNumberDigit: "7", accountNumber: "987654", accountNumberDigit: "9",
                documentNumber: "11223344000155", documentType: .cnpj))
        #expect(details == expected)
        let listed =
            try await server.statements.statement(token: token).sections
            .first { $0.date == "2024-02-05" }?.items.map(\.id) ?? []
        #expect(listed.contains(id))
    }

    @Test(
        "each active user has 30 items over 10 dates in February 2024",
        arguments: [RemoteSeed.maria, RemoteSeed.joao].map(\.cpf))
    func activeUsersHaveThirtyItemsOverTenDates(_ cpf: String) async throws {
        let server = InMemoryRemoteFixture()
        let account = try #require([RemoteSeed.maria, RemoteSeed.joao].first { $0.cpf == cpf })
        let token = try await server.auth.signIn(account.byCPF).accessToken

        let statement = try await server.statements.statement(token: token)

        #expect(statement.itemsTotal == 30)
        #expect(statement.sections.count == 10)
        #expect(statement.sections.allSatisfy { $0.date.hasPrefix("2024-02-") })
        #expect(statement.sections.map(\.date) == statement.sections.map(\.date).sorted(by: >))
    }

    @Test(
        "the generated entries' ids are the same in every run: UUID-shaped lowercase hex, pinned",
        arguments: [
            (RemoteSeed.maria.cpf, ["68d0b156-7235-1980-8995-86f6b387c95e", "8a22a5ef-6738-4f93-1ae5-06914055dd5f"]),
            (RemoteSeed.joao.cpf, ["3d39cae3-b6c6-354b-2feb-fe2c976426d7"]),
        ])
    func generatedIdsArePinned(_ cpf: String, _ pinned: [String]) async throws {
        let server = InMemoryRemoteFixture()
        let account = try #require([RemoteSeed.maria, RemoteSeed.joao].first { $0.cpf == cpf })
        let token = try await server.auth.signIn(account.byCPF).accessToken

        let ids = try await server.statements.statement(token: token).sections.flatMap(\.items).map(\.id)

        #expect(Set(pinned).isSubset(of: Set(ids)))
        let shape = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
        #expect(ids.allSatisfy { $0.wholeMatch(of: shape) != nil || $0 == "abc123def456ghi789" })
        #expect(Set(ids).count == ids.count)
    }

    @Test("statements mix debits and credits, CPF and CNPJ parties, with valid check digits")
    func statementsMixKindsWithValidDocuments() async throws {
        let server = InMemoryRemoteFixture()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let items = try await server.statements.statement(token: token).sections.flatMap(\.items)
        var parties: [StatementParty] = []
        for item in items where item.id != "abcdef12-3456-7890-abcd-ef1234567890" {
            let details = try await server.statements.entryDetails(id: item.id, token: token)
            parties += [details.sender, details.recipient]
        }

        #expect(Set(items.map(\.entry)) == [.debit, .credit])
        #expect(Set(parties.map(\.documentType)) == [.cpf, .cnpj])
        #expect(Set(items.map(\.status)).contains("COMPLETED"))
        for party in parties {
            #expect(Self.hasValidCheckDigits(party), "\(party.name): \(party.documentNumber)")
        }
    }

    @Test("the seeded statements are the same on every start")
    func seededStatementsAreDeterministic() async throws {
        var statements: [Statement] = []
        for _ in 0..<2 {
            let server = InMemoryRemoteFixture()
            let token = try await server.auth.signIn(RemoteSeed.joao.byCPF).accessToken
            statements.append(try await server.statements.statement(token: token))
        }

        #expect(statements[0] == statements[1])
    }

    // MARK: - Helpers

    private static func date(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    /// CPF (11 digits) and CNPJ (14 digits) modulo-11 check digits.
    private static func hasValidCheckDigits(_ party: StatementParty) -> Bool {
        let digits = party.documentNumber.compactMap(\.wholeNumberValue)
        guard digits.count == party.documentNumber.count else { return false }
        func checkDigit(_ base: [Int], _ weights: [Int]) -> Int {
            let remainder = zip(base, weights).map(*).reduce(0, +) % 11
            return remainder < 2 ? 0 : 11 - remainder
        }
        switch party.documentType {
        case .cpf:
            guard digits.count == 11 else { return false }
            let first = checkDigit(Array(digits.prefix(9)), Array((2...10).reversed()))
            let second = checkDigit(Array(digits.prefix(10)), Array((2...11).reversed()))
            return digits[9] == first && digits[10] == second
        case .cnpj:
            guard digits.count == 14 else { return false }
            let weights = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
            let first = checkDigit(Array(digits.prefix(12)), weights)
            let second = checkDigit(Array(digits.prefix(13)), [6] + weights)
            return digits[12] == first && digits[13] == second
        }
    }
}
