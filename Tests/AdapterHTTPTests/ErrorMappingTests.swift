import Foundation
import Ports
import Testing

@testable import AdapterHTTP
@testable import BoundedHTTP

/// Every failure of the wire contract (docs/spec/wire-contract.md, "Common
/// rules"), and of the network, mapped onto `RemoteError`.
@Suite("HTTP error mapping")
struct ErrorMappingTests {
    @Test(
        "Each contract code maps to its status and code",
        arguments: [
            (401, "INVALID_CREDENTIALS", RemoteErrorCode.invalidCredentials), (401, "TOKEN_INVALID", .tokenInvalid),
            (401, "TOKEN_EXPIRED", .tokenExpired), (403, "USER_INACTIVE", .userInactive),
            (410, "USER_DELETED", .userDeleted),
            (409, "ALREADY_REGISTERED", .alreadyRegistered), (404, "NOT_FOUND", .notFound),
            (403, "API_KEY_INVALID", .apiKeyInvalid), (400, "BAD_REQUEST", .badRequest),
        ])
    func contractCode(status: Int, code: String, expected: RemoteErrorCode) async throws {
        let server = try StubServer { _ in .json(status, #"{"code":"\#(code)","message":"m"}"#) }
        defer { server.stop() }
        let api = URLSessionUserRemoteAPI(configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))
        await #expect(throws: RemoteError.rejected(status: status, code: expected)) {
            try await api.currentUser(token: AccessToken("t"))
        }
    }

    @Test func validationFailedCarriesTheFields() async throws {
        let server = try StubServer { _ in
            .json(400, #"{"code":"VALIDATION_FAILED","message":"m","fields":{"email":"invalid","name":"empty"}}"#)
        }
        defer { server.stop() }
        let api = URLSessionAuthRemoteAPI(configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))
        let registration = Registration(name: "", email: "x", cpf: "1", password: Password("1"))
        await #expect(
            throws: RemoteError.rejected(
                status: 400, code: .validationFailed, fields: ["email": "invalid", "name": "empty"])
        ) {
            try await api.register(registration)
        }
    }

    @Test("The Cora backend's bare 401 (no body) is a refusal without a code")
    func bare401() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 401) }
        defer { server.stop() }
        let api = URLSessionAuthRemoteAPI(configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))
        await #expect(throws: RemoteError.rejected(status: 401, code: nil)) {
            try await api.signIn(Credentials(identifier: .cpf("12345678909"), password: Password("000000")))
        }
    }

    @Test func noServerIsATransportError() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200) }
        let url = server.baseURL
        server.stop()
        let probe = URLSessionHealthProbe(configuration: try HTTPConfiguration(baseURL: url, apiKey: nil))
        await #expect {
            try await probe.check()
        } throws: { error in
            guard case RemoteError.transport = error else { return false }
            return true
        }
    }

    @Test("A server that never answers times out at the configured timeout, not URLSession's 60 s")
    func timeout() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200, hang: true) }
        defer { server.stop() }
        let probe = URLSessionHealthProbe(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, timeout: .seconds(1)))
        await #expect(throws: RemoteError.timeout) {
            try await probe.check()
        }
    }

    @Test func healthIsHealthyOnlyOnA200SayingSo() async throws {
        for (status, body, expected) in [
            (200, #"{"status":"healthy"}"#, ServerHealth.healthy), (503, #"{"status":"unhealthy"}"#, .unhealthy),
            (500, "", .unhealthy),
        ] {
            let server = try StubServer { _ in .json(status, body) }
            defer { server.stop() }
            let probe = URLSessionHealthProbe(
                configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: APIKey("k")))
            #expect(try await probe.check() == expected)
            #expect(server.requests.first?.header("apikey") == nil, "/health takes no API key")
        }
    }

    @Test("No error text shows the token, the password or the API key")
    func noSecretInErrors() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200, hang: true) }
        defer { server.stop() }
        let configuration = try HTTPConfiguration(
            baseURL: server.baseURL, apiKey: APIKey("key-SECRET"), timeout: .seconds(1))
        let auth = URLSessionAuthRemoteAPI(configuration: configuration)
        do {
            _ = try await auth.refresh(.accessToken(AccessToken("token-SECRET")))
            Issue.record("a hanging server should time out")
        } catch {
            #expect(!String(describing: error).contains("SECRET"))
        }
    }
}
