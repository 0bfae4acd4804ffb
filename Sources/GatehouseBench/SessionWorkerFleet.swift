public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Several app processes on one store: a directory for the store and the
/// preferences, an environment file that points a built-in environment
/// there and at a backend, and the `app session-worker` processes started on
/// it. Ends every worker it started and removes the directory when it goes.
public final class SessionWorkerFleet {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// The seeded demo account (public demo data), as `sign-in` takes it.
    public static let mariaSignIn = "sign-in 12345678909 123456"

    public let directory: String
    public var storeDirectory: String { directory + "/store" }
    private let executable: String
    private let environmentFile: String
    private let variables: [String: String]
    private var workers: [SessionWorkerProcess] = []

    /// - Parameters:
    ///   - executable: the `app` executable the workers run.
    ///   - base: the built-in environment the workers run (`local`, `cora-local`, `oauth2-local`).
    ///   - baseURL: the backend the workers reach.
    ///   - plugins: plugins to choose instead of the base's (`["auth": "oauth2-password-legacy"]`).
    ///   - settings: settings beyond the base URL and the directories.
    ///   - apiKey: the API key the workers send, given in their process
    ///     environment as `GATEHOUSE_API_KEY` (never on a command line).
    public init(
        executable: String, base: String, baseURL: String, plugins: [String: String] = [:],
        settings: [String: any Sendable] = [:], apiKey: String? = nil
    ) throws {
        self.executable = executable
        directory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("shared-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/preferences", withIntermediateDirectories: true)
        var allSettings: [String: Any] = settings
        allSettings["baseURL"] = baseURL
        allSettings["storeDirectory"] = directory + "/store"
        allSettings["preferencesDirectory"] = directory + "/preferences"
        // The workers run on real time while the server's clock moves only
        // when the caller says: tokens expire when it advances the server's
        // clock (or expires them on the server), never by the workers' own
        // reckoning — a proactive refresh at a moment of the machine's
        // choosing would make the count of refreshes depend on timing. So
        // the workers believe tokens last an hour; the server's refusal is
        // what tells them a token expired.
        allSettings["tokenLifetimeSeconds"] = 3_600
        var file: [String: Any] = ["name": "shared-store", "base": base, "settings": allSettings]
        if !plugins.isEmpty { file["plugins"] = plugins }
        environmentFile = directory + "/environment.json"
        try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: environmentFile))
        var variables = ProcessInfo.processInfo.environment
        variables["GATEHOUSE_API_KEY"] = apiKey
        self.variables = variables
    }

    deinit {
        workers.forEach { $0.quit() }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Starts one more worker on the store.
    public func startWorker(_ name: String) throws -> SessionWorkerProcess {
        let worker = try SessionWorkerProcess(
            name: name, executable: executable, environmentFile: environmentFile, variables: variables,
            errorLog: directory + "/\(name).stderr")
        workers.append(worker)
        return worker
    }

    /// Starts `count` workers and launches each: every one must reach `screen`.
    public func startWorkers(_ count: Int, expecting screen: String) throws -> [SessionWorkerProcess] {
        let started = try (1...count).map { try startWorker("worker-\($0)") }
        for worker in started {
            let answer = try worker.ask("launch")
            guard answer == "screen \(screen)" else {
                throw Failure(description: "\(worker.name) launched to '\(answer)', not \(screen)")
            }
        }
        return started
    }

    /// Signs the demo account in once, in a worker of its own that then
    /// quits, so that the store holds a session for the others.
    public func signInOnce() throws {
        let first = try startWorker("sign-in")
        let launched = try first.ask("launch")
        guard launched == "screen welcome" else { throw Failure(description: "the first launch reached '\(launched)'") }
        let signedIn = try first.ask(Self.mariaSignIn)
        guard signedIn == "screen dashboard" else { throw Failure(description: "the sign-in answered '\(signedIn)'") }
        first.quit()
    }

    /// Sends `request` to every worker at once, then collects their answers.
    public static func askAtOnce(_ workers: [SessionWorkerProcess], _ request: String) throws -> [String] {
        for worker in workers { try worker.send(request) }
        return try workers.map { try $0.answer() }
    }

    /// What a worker answers when another process held the session's lock
    /// longer than a moment (`UserSessionRepository.lockWait`).
    public static let busyElsewhere = "session-busy-elsewhere"

    /// Sends `call` to every worker at once, then again to those that
    /// answered `session-busy-elsewhere`, as a person calls again after
    /// being told another window is busy (the app's promise: the next call
    /// tries again and adopts what the holder saved), at most `rounds`
    /// times in all. A holder keeps the lock for its refresh's round trip,
    /// which on a loaded machine can pass the one-second wait; what the
    /// tests count (one refresh per expiry, no session lost) holds either way.
    ///
    /// - Returns: each worker's last answer, and how many calls were made
    ///   again because the answer was busy.
    public static func callUntilNotBusy(_ workers: [SessionWorkerProcess], rounds: Int = 20) throws -> (
        answers: [String], callsAgain: Int
    ) {
        var answers = try askAtOnce(workers, "call")
        var callsAgain = 0
        for _ in 1..<max(1, rounds) {
            let busy = answers.indices.filter { answers[$0] == busyElsewhere }
            guard !busy.isEmpty else { break }
            callsAgain += busy.count
            let again = try askAtOnce(busy.map { workers[$0] }, "call")
            for (index, answer) in zip(busy, again) { answers[index] = answer }
        }
        return (answers, callsAgain)
    }

    /// Whether the session file exists in the shared store.
    public var storeHoldsASession: Bool {
        FileManager.default.fileExists(atPath: storeDirectory + "/session")
    }
}

/// Requests to a test server's control routes (loopback only, no credential).
public enum ControlRequest {
    /// `method url` with `json` as its body; the answer's body when its status is 2xx.
    public static func send(_ method: String, _ url: String, json: [String: any Sendable]? = nil) async throws -> Data {
        guard let address = URL(string: url) else { throw SessionWorkerFleet.Failure(description: "bad URL \(url)") }
        var request = URLRequest(url: address)
        request.httpMethod = method
        request.timeoutInterval = 120
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw SessionWorkerFleet.Failure(description: "\(method) \(address.path) answered \(status)")
        }
        return data
    }
}
