import SimulatedBackend
import AdapterSupport
import Foundation
import Ports
import TaskRuntime
import VirtualTime
import WireContract

/// Serves the wire contract (docs/spec/wire-contract.md) from an
/// `InMemoryBackend`: the API key rule, the token in `token:` or
/// `Authorization: Bearer`, the exact JSON of the Cora seed, the control API,
/// and the backend's faults as wire behaviour (drop closes the connection,
/// malformed sends a broken body) — only the routes its profile offers: any
/// other path is answered as a path nobody serves.
struct ContractRouter: Sendable {
    let backend: InMemoryBackend
    let apiKey: String
    /// Set when the server runs on virtual time: `/_control/clock` moves it.
    let manualClock: ManualClock?
    let profile: ServerProfile

    /// The answer to `request`; nil to close the connection without one.
    func handle(_ request: HTTPServerRequest) async -> HTTPServerResponse? {
        if request.path.hasPrefix("/_control/") { return await control(request) }
        let match = profile.route(method: request.method, path: request.path)
        // A route that needs no key (health) is served without looking for
        // one; and on its path a wrong method is only a wrong method.
        guard request.header("apikey") == apiKey || profile.needsNoKey(path: request.path) else {
            await backend.countRequestWithoutRoute()
            return rejection(.apiKeyInvalid)
        }
        // A route the profile does not offer falls to the same answer as a
        // wrong method or an unknown path: 405 where the profile serves the
        // path with another method, else 404.
        guard let match else {
            await backend.countRequestWithoutRoute()
            return methodNotAllowed(request)
        }
        return await serve(match, request)
    }

    /// Answers one request of a route the profile serves. A `switch` over
    /// the whole table: a route added to `WireRoute` does not compile until
    /// it is served here.
    private func serve(_ match: WireRoute.Match, _ request: HTTPServerRequest) async -> HTTPServerResponse? {
        let route = match.route
        switch route {
        case .auth: return await auth(request)
        case .signOut:
            return await authorised(request, route) { token throws(BackendRejection) in
                try await backend.signOut(token)
                return .noContent
            }
        case .statementList:
            return await authorised(request, route) { token throws(BackendRejection) in
                Self.statement(try await backend.statement(token: token))
            }
        case .statementDetails:
            let id = match.parameters["id"] ?? ""
            return await authorised(request, route) { token throws(BackendRejection) in
                Self.details(try await backend.entryDetails(id: id, token: token))
            }
        case .health:
            return await faulted(route) { () throws(BackendRejection) in
                await backend.health() == .healthy
                    ? .json(200, ["status": "healthy"]) : .json(503, ["status": "unhealthy"])
            }
        case .currentUser:
            return await authorised(request, route) { token throws(BackendRejection) in
                Self.user(try await backend.currentUser(token: token))
            }
        case .updateCurrentUser:
            guard let body = Self.object(request.body) else { return rejection(.badRequest("malformed JSON")) }
            let changes = ProfileChanges(name: body["name"] as? String, email: body["email"] as? String)
            return await authorised(request, route) { token throws(BackendRejection) in
                Self.user(try await backend.updateCurrentUser(changes, token: token))
            }
        case .deleteCurrentUser:
            return await authorised(request, route) { token throws(BackendRejection) in
                try await backend.deleteCurrentUser(token: token)
                return .noContent
            }
        case .relatedUsers:
            return await authorised(request, route) { token throws(BackendRejection) in
                let users = try await backend.relatedUsers(token: token)
                return Self.relatedUsers(users)
            }
        case .saveSharedWith:
            guard let body = Self.object(request.body), let shared = body["shared"] as? [Any],
                let ids = shared as? [String]
            else { return rejection(.badRequest("send {\"shared\": [related user ids]}")) }
            return await authorised(request, route) { token throws(BackendRejection) in
                Self.relatedUsers(try await backend.saveSharedWith(Set(ids), token: token))
            }
        case .register:
            guard let body = Self.object(request.body), let name = body["name"] as? String,
                let email = body["email"] as? String, let cpf = body["cpf"] as? String,
                let password = body["password"] as? String
            else { return rejection(.badRequest("name, email, cpf and password are required")) }
            return await faulted(route) { () throws(BackendRejection) in
                let id = try await backend.register(
                    Registration(name: name, email: email, cpf: cpf, password: Password(password)))
                return .json(201, ["id": id])
            }
        }
    }

    /// 405 naming the methods the profile serves on the path; 404 for a path it does not serve.
    private func methodNotAllowed(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let allowed = profile.methods(for: request.path)
        guard !allowed.isEmpty else { return rejection(.notFound) }
        var refused = HTTPServerResponse.error(
            405, code: "BAD_REQUEST", message: "\(request.path) takes \(allowed.joined(separator: ", "))")
        refused.headers = [("Allow", allowed.joined(separator: ", "))]
        return refused
    }

    // MARK: - Routes

    private func auth(_ request: HTTPServerRequest) async -> HTTPServerResponse? {
        guard let body = Self.object(request.body) else { return rejection(.badRequest("malformed JSON")) }
        return await faulted(.auth) { () throws(BackendRejection) in
            let token: AccessToken
            if let old = body["token"] as? String {
                token = try await backend.refresh(AccessToken(old))
            } else if let password = body["password"] as? String,
                let identifier = (body["cpf"] as? String).map(LoginIdentifier.cpf)
                    ?? (profile.signsInByEmail ? (body["email"] as? String).map(LoginIdentifier.email) : nil)
            {
                token = try await backend.signIn(Credentials(identifier: identifier, password: Password(password)))
            } else {
                throw .badRequest(
                    profile.signsInByEmail
                        ? "send {cpf or email, password} or {token}" : "send {cpf, password} or {token}")
            }
            return .json(200, ["token": token.reveal()])
        }
    }

    /// A route that needs a token: `token:` or `Authorization: Bearer`.
    private func authorised(
        _ request: HTTPServerRequest, _ route: WireRoute,
        _ operation: (AccessToken) async throws(BackendRejection) -> HTTPServerResponse
    ) async -> HTTPServerResponse? {
        let bearer = request.header("authorization").flatMap { value in
            // The scheme is case-insensitive (RFC 9110 §11.1).
            value.lowercased().hasPrefix("bearer ") ? String(value.dropFirst("Bearer ".count)) : nil
        }
        let token = AccessToken(request.header("token") ?? bearer ?? "")
        return await faulted(route) { () throws(BackendRejection) in try await operation(token) }
    }

    /// Counts the request under the route's key, applies the route's faults, then runs `operation`.
    private func faulted(
        _ route: WireRoute, _ operation: () async throws(BackendRejection) -> HTTPServerResponse
    ) async -> HTTPServerResponse? {
        var delivery: InMemoryBackend.Delivery?
        switch await backend.admit(route.key) {
        case .deliver(let faulty): delivery = faulty
        // The wire contract's words: the status, its envelope with no code.
        case .refusal(.throttled): return .error(429, code: nil, message: "too many requests: try later")
        case .refusal(.unavailable): return .error(503, code: nil, message: "the service is unavailable")
        case .refusal(.serverFailure): return .error(500, code: nil, message: "the server failed")
        case .drop: return nil
        case .malformed: return HTTPServerResponse(status: 200, body: Data(#"{"token": "#.utf8))
        case .status(let status, .dialect): return .error(status, code: nil, message: "fault injected")
        case .status(let status, .empty): return HTTPServerResponse(status: status, body: Data())
        case .status(let status, .unreadable):
            return HTTPServerResponse(status: status, body: Data("<html><body>Service Unavailable</body></html>".utf8))
        case .proceed: break
        }
        var response: HTTPServerResponse
        do {
            response = try await operation()
        } catch {
            response = rejection(error)
        }
        response.delivery = delivery
        return response
    }

    private func rejection(_ rejection: BackendRejection) -> HTTPServerResponse {
        .error(rejection.status, code: rejection.code?.rawValue, message: rejection.message, fields: rejection.fields)
    }

    // MARK: - Control API

    private func control(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        if let refusal = ControlRequestGuard.refusal(request) { return .error(403, code: nil, message: refusal) }
        let body = Self.object(request.body) ?? [:]
        let numbers = ControlBodyNumbers(request.body)
        switch (request.method, request.path) {
        case ("POST", "/_control/health"):
            guard let healthy = body["healthy"] as? Bool else { return rejection(.badRequest("{\"healthy\": bool}")) }
            await backend.setHealthy(healthy)
        case ("POST", let path) where path.hasPrefix("/_control/users/"):
            let cpf = String(path.dropFirst("/_control/users/".count))
            guard let raw = body["state"] as? String, let state = InMemoryBackend.AccountState(rawValue: raw) else {
                return rejection(.badRequest("{\"state\": \"active\" | \"inactive\" | \"deleted\"}"))
            }
            do {
                try await backend.setAccountState(cpf: cpf, state)
            } catch {
                return rejection(error)
            }
        case ("POST", "/_control/revoke"):
            await backend.revokeAllTokens()
        case ("POST", "/_control/faults"):
            switch Self.fault(from: body, numbers: numbers) {
            case .success(let fault): await backend.addFault(fault)
            case .failure(let refusal): return rejection(refusal)
            }
        case ("DELETE", "/_control/faults"):
            await backend.clearFaults()
        case ("POST", "/_control/clock"):
            guard let clock = manualClock else {
                return rejection(.badRequest("the server runs on real time; start it with --virtual-clock"))
            }
            switch numbers.number("advanceSeconds", range: 0...Self.longestClockStep) {
            case .success(let seconds): clock.advance(by: .milliseconds(Int64((seconds * 1000).rounded())))
            case .failure(let refusal): return rejection(refusal)
            }
        case ("GET", "/_control/metrics"):
            let metrics = await backend.metrics()
            return .json(
                200,
                [
                    "requests": metrics.requests, "logins": metrics.logins, "refreshes": metrics.refreshes,
                    "refreshesRejected": metrics.refreshesRejected, "refreshTokensReused": metrics.refreshTokensReused,
                    "tokensLive": metrics.tokensLive,
                ] as [String: Any])
        case ("POST", "/_control/reset"):
            await backend.reset()
        default:
            return rejection(.notFound)
        }
        return .noContent
    }

    /// The longest step `/_control/clock` takes, in seconds: ten years.
    static let longestClockStep = 315_360_000.0
    /// The longest delay a fault may hold a request, in milliseconds: a day.
    static let longestFaultDelayMs = 86_400_000
    static let mostFaultRepeats = 1_000_000

    /// The fault a `POST /_control/faults` body asks for, each field checked:
    /// a known route, a status that is an error (400–599: a 1xx or 204
    /// would break the framing of the answer), a delay and a count in range.
    static func fault(from body: [String: Any], numbers: ControlBodyNumbers) -> Result<
        InMemoryBackend.Fault, BackendRejection
    > {
        guard let route = body["route"] as? String else {
            return .failure(.badRequest("{\"route\": \"\(WireRoute.currentUser.key)\", …}"))
        }
        guard WireRoute(key: route) != nil else {
            let known = WireRoute.all.map(\.key).joined(separator: ", ")
            return .failure(.badRequest("unknown route '\(route)': known routes are \(known)"))
        }
        let count: Int
        switch numbers.integer("count", range: 1...mostFaultRepeats, fallback: 1) {
        case .success(let value): count = value
        case .failure(let refusal): return .failure(refusal)
        }
        let delayMs: Int
        switch numbers.integer("delayMs", range: 0...longestFaultDelayMs, fallback: 0) {
        case .success(let value): delayMs = value
        case .failure(let refusal): return .failure(refusal)
        }
        let delay = Duration.milliseconds(delayMs)
        let mode: InMemoryBackend.FaultMode
        switch body["mode"] as? String ?? "status" {
        case "drop": mode = .drop
        case "malformed": mode = .malformed
        case "hang": mode = .hang
        case "refusal":
            guard let name = body["refusal"] as? String, let refusal = InMemoryBackend.Refusal(rawValue: name) else {
                let names = InMemoryBackend.Refusal.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(.badRequest("refusal is one of \(names)"))
            }
            mode = .refusal(refusal)
        case "delivery":
            guard let name = body["delivery"] as? String, let delivery = InMemoryBackend.Delivery(rawValue: name)
            else {
                let names = InMemoryBackend.Delivery.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(.badRequest("delivery is one of \(names)"))
            }
            mode = .delivery(delivery)
        case "status":
            guard body["status"] != nil else {
                mode = .delay(delay)
                break
            }
            var errorBody = InMemoryBackend.ErrorBody.dialect
            if let given = body["body"] {
                guard let name = given as? String, let named = InMemoryBackend.ErrorBody(rawValue: name) else {
                    return .failure(.badRequest("body is dialect, empty or unreadable"))
                }
                errorBody = named
            }
            switch numbers.integer("status", range: 400...599, fallback: 0) {
            case .success(let status): mode = .status(status, body: errorBody)
            case .failure: return .failure(.badRequest("status is an error status, a whole number from 400 to 599"))
            }
        default: return .failure(.badRequest("mode is status, drop, malformed, hang, refusal or delivery"))
        }
        let delayFirst: Duration = if case .delay = mode { .zero } else { delay }
        return .success(InMemoryBackend.Fault(route: route, mode: mode, count: count, delayFirst: delayFirst))
    }

    // MARK: - JSON

    static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func date(_ date: Date) -> String {
        InternetDate.string(from: date)
    }

    static func relatedUsers(_ users: [RelatedUser]) -> HTTPServerResponse {
        .json(
            200,
            [
                "users": users.map {
                    ["id": $0.id, "name": $0.name, "email": $0.email, "shared": $0.isShared] as [String: Any]
                }
            ])
    }

    static func user(_ user: UserProfile) -> HTTPServerResponse {
        .json(
            200,
            [
                "id": user.id, "name": user.name, "email": user.email, "cpf": user.cpf, "active": user.active,
                "is_deleted": user.isDeleted,
            ] as [String: Any])
    }

    static func statement(_ statement: Statement) -> HTTPServerResponse {
        let results: [[String: Any]] = statement.sections.map { section in
            [
                "date": section.date,
                "items": section.items.map { item in
                    [
                        "id": item.id, "description": item.description, "label": item.label,
                        "entry": item.entry.rawValue, "amount": item.amount, "name": item.name,
                        "dateEvent": date(item.dateEvent), "status": item.status,
                    ] as [String: Any]
                },
            ]
        }
        return .json(200, ["results": results, "itemsTotal": statement.itemsTotal] as [String: Any])
    }

    static func details(_ details: StatementEntryDetails) -> HTTPServerResponse {
        func party(_ party: StatementParty) -> [String: Any] {
            [
                "bankName": party.bankName, "bankNumber": party.bankNumber, "documentNumber": party.documentNumber,
                "documentType": party.documentType.rawValue, "accountNumberDigit": party.accountNumberDigit,
                "agencyNumberDigit": party.agencyNumberDigit, "agencyNumber": party.agencyNumber, "name": party.name,
                "accountNumber": party.accountNumber,
            ]
        }
        return .json(
            200,
            [
                "id": details.id, "description": details.description, "label": details.label, "amount": details.amount,
                "counterPartyName": details.counterPartyName, "dateEvent": date(details.dateEvent),
                "status": details.status, "recipient": party(details.recipient), "sender": party(details.sender),
            ] as [String: Any])
    }
}
