import Foundation
import Ports
public import SimulatedBackend
public import StandInServers

/// This team's PocketBase on loopback, for its contract tests and its
/// acceptance runs: the `users` collection's three routes in PocketBase's
/// JSON, over Gatehouse's kit. The accounts, tokens, their lifetimes,
/// faults and counts are an `InMemoryBackend`'s: this file writes the
/// dialect, not a backend.
///
/// - `POST /api/collections/users/auth-with-password` `{"identity", "password"}`
/// - `POST /api/collections/users/auth-refresh` (`Authorization: Bearer …`)
/// - `POST /api/collections/users/records` `{"email", "password", "passwordConfirm", "name"}`
///
/// Every answer is `{"token", "record"}` or PocketBase's error,
/// `{"code", "message", "data"}`. A token is the backend's (an opaque one,
/// where PocketBase signs a JWT); an account a sign-up makes signs in once
/// verified (`InMemoryBackend.confirmAccount`).
public final class PocketBaseStandIn: Sendable {
    /// The routes, as faults and counts key them.
    public enum Route: String, CaseIterable, Sendable {
        /// The sign-in.
        case authWithPassword = "POST /api/collections/users/auth-with-password"
        /// The refresh of a valid token.
        case authRefresh = "POST /api/collections/users/auth-refresh"
        /// The sign-up.
        case createRecord = "POST /api/collections/users/records"
    }

    /// `http://127.0.0.1:<port>/`, the base the adapter is given.
    public let baseURL: String
    /// Where the accounts, tokens, faults and counts are.
    public let backend: InMemoryBackend
    private let server: LoopbackStandIn

    /// Serves `backend` as this team's PocketBase, on 127.0.0.1.
    ///
    /// - Parameters:
    ///   - backend: the accounts and tokens; make it with
    ///     `passwordRule: .atLeast(6)`, this team's collection's.
    ///   - port: the port; 0 (the default), one the system picks.
    ///   - requestLog: told of each answered request (never its headers or body).
    public init(
        backend: InMemoryBackend, port: UInt16 = 0, requestLog: (@Sendable (LoopbackStandIn.Answered) -> Void)? = nil
    ) throws(LoopbackStandIn.StandInError) {
        self.backend = backend
        server = try LoopbackStandIn(port: port)
        baseURL = server.root + "/"
        server.start(requestLog: requestLog) { [self] request in await answer(request) }
    }

    /// Stops serving (the end of a script, or of `serve`).
    public func stop() { server.stop() }

    private typealias Answer = LoopbackStandIn.Answer

    private func answer(_ request: LoopbackStandIn.Request) async -> Answer {
        guard let route = Route(rawValue: "\(request.method) \(request.path)") else {
            await backend.countRequestWithoutRoute()
            return .pocketBase(404, "The requested resource wasn't found.")
        }
        // A fault injected on the route: the kit answers those every
        // dialect answers alike, PocketBase's words the rest.
        let delivery: InMemoryBackend.Delivery?
        switch await LoopbackStandIn.admit(
            route.rawValue, on: backend, refusal: Self.refusal,
            errorStatus: { status in .pocketBase(status, "Something went wrong while processing your request.") })
        {
        case .answer(let answer): return answer
        case .serve(let faulty): delivery = faulty
        }
        var answer: Answer
        switch route {
        case .authWithPassword: answer = await authWithPassword(request)
        case .authRefresh: answer = await authRefresh(request)
        case .createRecord: answer = await createRecord(request)
        }
        answer.delivery = delivery
        return answer
    }

    /// PocketBase's words for a throttle, an outage and a failure.
    private static func refusal(_ reason: InMemoryBackend.Refusal) -> Answer {
        switch reason {
        case .throttled: .pocketBase(429, "Too Many Requests.")
        case .unavailable: .pocketBase(503, "Service Unavailable.")
        case .serverFailure: .pocketBase(500, "Something went wrong while processing your request.")
        }
    }

    private func authWithPassword(_ request: LoopbackStandIn.Request) async -> Answer {
        let body = Self.object(request.body)
        guard let identity = body["identity"] as? String, let password = body["password"] as? String else {
            return .pocketBase(400, "Something went wrong while processing your request.")
        }
        do {
            let token = try await backend.signIn(
                Credentials(identifier: .email(identity), password: Password(password)))
            return await authAnswer(token)
        } catch  where error == .emailNotConfirmed {
            return .pocketBase(403, "Please verify your account first.")
        } catch {
            // A wrong password, an unknown, inactive or deleted account: one answer.
            return .pocketBase(400, "Failed to authenticate.")
        }
    }

    private func authRefresh(_ request: LoopbackStandIn.Request) async -> Answer {
        guard let value = request.headers["authorization"] else {
            return .pocketBase(401, "The request requires valid record authorization token.")
        }
        let token = value.hasPrefix("Bearer ") ? String(value.dropFirst("Bearer ".count)) : value
        do {
            return await authAnswer(try await backend.refresh(AccessToken(token)))
        } catch  where error.code == .userDeleted {
            return .pocketBase(404, "Missing auth record context.")
        } catch {
            return .pocketBase(401, "The request requires valid record authorization token.")
        }
    }

    private func createRecord(_ request: LoopbackStandIn.Request) async -> Answer {
        let body = Self.object(request.body)
        let password = body["password"] as? String ?? ""
        guard password == body["passwordConfirm"] as? String else {
            return .failedToCreate(["passwordConfirm": "validation_values_mismatch"])
        }
        let registration = Registration(
            name: body["name"] as? String ?? "", email: body["email"] as? String ?? "", cpf: "",
            password: Password(password))
        do {
            let id = try await backend.register(
                registration, judging: [.name, .email, .password], awaitingConfirmation: true)
            return .json(
                200,
                [
                    "id": id, "collectionName": "users", "email": registration.email, "name": registration.name,
                    "verified": false,
                ])
        } catch  where error.code == .alreadyRegistered {
            return .failedToCreate(["email": "validation_not_unique"])
        } catch  where error.code == .validationFailed {
            // PocketBase names each field with a code of its own: the backend's reasons stay here.
            return .failedToCreate(error.fields.mapValues { _ in "validation_invalid_value" })
        } catch {
            return .pocketBase(400, "Something went wrong while processing your request.")
        }
    }

    /// `{"token", "record"}`, the record the signed-in account's.
    private func authAnswer(_ token: AccessToken) async -> Answer {
        let profile = try? await backend.currentUser(token: token)
        return .json(
            200,
            [
                "token": token.reveal(),
                "record": [
                    "id": profile?.id ?? "", "collectionName": "users", "email": profile?.email ?? "",
                    "name": profile?.name ?? "", "verified": true,
                ],
            ])
    }

    private static func object(_ data: Data) -> [String: Any] {
        ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }
}

extension LoopbackStandIn.Answer {
    /// PocketBase's error: the status, its message, and no field.
    fileprivate static func pocketBase(_ status: Int, _ message: String) -> Self {
        json(status, ["code": status, "message": message, "data": [String: Any]()])
    }

    /// PocketBase's refusal of a sign-up, each refused field with its code.
    fileprivate static func failedToCreate(_ fields: [String: String]) -> Self {
        json(
            400,
            [
                "code": 400, "message": "Failed to create record.",
                "data": fields.mapValues { code in ["code": code, "message": "Invalid value."] },
            ])
    }
}
