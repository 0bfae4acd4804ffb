import AdapterSystem
import Foundation
import Ports
public import ReferenceServer
import SimulatedBackend
import StandInServers

/// `app serve --profile firebase|supabase`: Gatehouse's stand-in of a real
/// backend's dialect on loopback, on real time, over the seeded in-memory
/// backend, so that the documented environment files for those backends
/// (docs/environments.md) can be tried on this machine.
///
/// - `supabase`: Supabase Auth (GoTrue) under `/auth/v1`, as the Supabase
///   CLI's local stack serves it (`http://127.0.0.1:54321/auth/v1`).
/// - `firebase`: Firebase Authentication's two services under their hosts'
///   names, as the Firebase emulator serves them (`127.0.0.1:9099`), and
///   beside it the reference server (full profile) over the same backend:
///   Firebase is an auth server only, and the app's own backend — whose
///   profile, statement and health an environment based on `local` asks —
///   accepts the ID tokens Firebase issued.
///
/// Passwords are judged as those backends judge them: six characters at
/// least.
public struct DialectStandInServer {
    /// The dialects served.
    public enum Dialect: String, Sendable, CaseIterable, CustomStringConvertible {
        case firebase
        case supabase

        /// The port its stand-in listens on, the one the documented file names.
        public var standInPort: UInt16 {
            switch self {
            case .firebase: 9099
            case .supabase: 54321
            }
        }

        /// The variable the documented environment file reads its key from.
        public var keyVariable: String {
            switch self {
            case .firebase: "FIREBASE_WEB_API_KEY"
            case .supabase: "SUPABASE_ANON_KEY"
            }
        }

        /// What the key is called by that backend.
        public var keyName: String {
            switch self {
            case .firebase: "Web API key"
            case .supabase: "anon key"
            }
        }

        /// The section of docs/environments.md with its environment file.
        public var guideSection: String {
            switch self {
            case .firebase: "Firebase Authentication"
            case .supabase: "Supabase Auth"
            }
        }

        public var description: String { rawValue }
    }

    /// What to serve and how.
    public struct Options: Sendable {
        public var dialect: Dialect
        /// The key the stand-in takes.
        public var standInKey: String
        /// The stand-in's port (`Dialect.standInPort`, the documented one, by default).
        public var standInPort: UInt16
        /// Firebase only: the reference server's port and API key.
        public var referencePort: UInt16 = 8080
        public var referenceKey = "gatehouse-dev-key"
        public var tokenLifetime: Duration = .seconds(60)
        public var refreshWindow: Duration = .seconds(300)

        public init(dialect: Dialect, standInKey: String, standInPort: UInt16? = nil) {
            self.dialect = dialect
            self.standInKey = standInKey
            self.standInPort = standInPort ?? dialect.standInPort
        }
    }

    /// One service this serves: what it is and where.
    public struct Service: Sendable, Equatable {
        public let name: String
        public let url: String
    }

    /// What is served, in the order a person reads it.
    public let services: [Service]
    private let referenceServer: ReferenceServer?
    // The stand-ins live until the process ends (`app serve` ends with them).
    private let standIns: [any Sendable]

    /// Binds every port; the stand-in answers at once, the reference server
    /// once `start()` is called.
    ///
    /// - Throws: a `ServeFailure` naming the port that could not be had.
    public init(_ options: Options, requestLog: @escaping @Sendable (RequestLogEntry) -> Void) throws(ServeFailure) {
        let clock = SystemClock()
        let backend = InMemoryBackend(
            clock: clock,
            configuration: InMemoryBackend.Configuration(
                tokenLifetime: options.tokenLifetime, refreshWindow: options.refreshWindow,
                passwordRule: .atLeast(6)))
        let log: @Sendable (LoopbackStandIn.Answered) -> Void = { answered in
            requestLog(
                RequestLogEntry(
                    method: answered.method, path: answered.path, status: answered.status,
                    duration: answered.duration))
        }
        switch options.dialect {
        case .supabase:
            let standIn = try Self.listening {
                () throws(LoopbackStandIn.StandInError) in
                try SupabaseAuthStandIn(
                    backend: backend, clock: clock, apiKey: options.standInKey, port: options.standInPort,
                    requestLog: log)
            }
            standIns = [standIn]
            services = [Service(name: "Supabase Auth (GoTrue) stand-in", url: standIn.baseURL)]
            referenceServer = nil
        case .firebase:
            let standIn = try Self.listening {
                () throws(LoopbackStandIn.StandInError) in
                try FirebaseAuthStandIn(
                    backend: backend, apiKey: options.standInKey, port: options.standInPort, requestLog: log)
            }
            standIns = [standIn]
            let server: ReferenceServer
            do {
                server = try ReferenceServer(
                    configuration: ReferenceServer.Configuration(
                        port: options.referencePort, apiKey: options.referenceKey, requestLog: requestLog),
                    backend: backend)
            } catch {
                throw ServeFailure(description: "the reference server beside it: \(error)")
            }
            referenceServer = server
            services = [
                Service(name: "Firebase Identity Toolkit stand-in", url: standIn.identityToolkitURL),
                Service(name: "Firebase Secure Token stand-in", url: standIn.secureTokenURL),
                Service(name: "the app's own backend (reference server, full profile)", url: server.baseURL),
            ]
        }
    }

    /// A stand-in `make` makes, or the failure to listen in a `ServeFailure`.
    private static func listening<StandIn>(
        _ make: () throws(LoopbackStandIn.StandInError) -> StandIn
    ) throws(ServeFailure) -> StandIn {
        do {
            return try make()
        } catch {
            throw ServeFailure(description: error.description)
        }
    }

    /// Starts the reference server beside the stand-in, if any.
    public func start() { referenceServer?.start() }

    /// Stops the reference server beside the stand-in, if any.
    public func stop() { referenceServer?.stop() }

    /// Why nothing is served: a port that could not be had, in a sentence.
    public struct ServeFailure: Error, CustomStringConvertible {
        public let description: String
    }
}
