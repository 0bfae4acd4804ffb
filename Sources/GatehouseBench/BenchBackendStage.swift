import AdapterHTTP
import BoundedHTTP
import SimulatedBackend
import Composition
import Foundation
import Ports
import ReferenceServer
import TaskRuntime
import VirtualTime

/// A backend for a scenario to measure against, reached in memory or over
/// HTTP through a `ReferenceServer` on 127.0.0.1 in this process. The
/// backend's time is a `ManualClock` the scenario moves itself (to expire a
/// token); requests travel in real time.
final class BenchBackendStage: Sendable {
    /// Maria, the seeded demo account.
    static let maria = Credentials(identifier: .cpf("12345678909"), password: Password("123456"))
    static let apiKey = "gatehouse-dev-key"

    let transport: BenchTransport
    let backend: InMemoryBackend
    let backendClock: ManualClock
    let auth: any AuthRemoteAPI
    let user: any UserRemoteAPI
    let statement: any StatementRemoteAPI
    /// The server and its configuration when the transport is HTTP.
    let server: ReferenceServer?
    let http: HTTPConfiguration?

    init(_ transport: BenchTransport) throws(BenchSetupError) {
        self.transport = transport
        backendClock = ManualClock()
        backend = InMemoryBackend(clock: backendClock)
        switch transport {
        case .inMemory:
            server = nil
            http = nil
            auth = InMemoryAuthRemoteAPI(backend: backend)
            user = InMemoryUserRemoteAPI(backend: backend)
            statement = InMemoryStatementRemoteAPI(backend: backend)
        case .http:
            let server: ReferenceServer
            let http: HTTPConfiguration
            do {
                server = try ReferenceServer(
                    configuration: ReferenceServer.Configuration(
                        port: 0, apiKey: Self.apiKey, idleTimeout: .seconds(600)),
                    backend: backend)
                http = try HTTPConfiguration(baseURL: server.baseURL, apiKey: APIKey(Self.apiKey))
            } catch {
                throw BenchSetupError("cannot start the reference server: \(error)")
            }
            server.start()
            self.server = server
            self.http = http
            auth = URLSessionAuthRemoteAPI(configuration: http)
            user = URLSessionUserRemoteAPI(configuration: http)
            statement = URLSessionStatementRemoteAPI(configuration: http)
        }
    }

    /// A fresh session for Maria (the backend reset first: metrics at zero).
    func freshToken() async throws(BenchSetupError) -> AccessToken {
        await backend.reset()
        do {
            return try await backend.signIn(Self.maria)
        } catch {
            throw BenchSetupError("the seeded account cannot sign in: \(error)")
        }
    }

    func stop() {
        server?.stop()
    }
}

/// How a scenario reaches the backend.
public enum BenchTransport: String, Sendable, CaseIterable, Codable {
    case inMemory = "in-memory"
    /// Over loopback HTTP to a `ReferenceServer` in this process.
    case http
}

/// Why a scenario could not be set up; shown in its report.
public struct BenchSetupError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
