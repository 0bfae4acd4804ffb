import Composition
import Dispatch
import Foundation
import Synchronization
import CompositionTesting

/// `app serve`: the reference server on loopback until SIGINT or SIGTERM.
@MainActor
struct ServeCommand {
    let options: ServeOptions
    let console: Console
    /// The stand-ins registered beside a team's plugins (`--profile NAME`).
    var standIns: [StandInPlugin] = []

    func run() async -> Int32 {
        let apiKey: String
        do {
            apiKey = try options.resolvedAPIKey(
                environment: ProcessInfo.processInfo.environment,
                readFile: { path in try String(contentsOfFile: path, encoding: .utf8) })
        } catch {
            console.error(error.description)
            return error.exitCode
        }
        // From the connection's thread: one write per line, so lines never interleave.
        let logLine = console.lineWriterForAnyThread
        if let dialect = options.dialect {
            return await serveStandIn(of: dialect, apiKey: apiKey, logLine: logLine)
        }
        if let name = options.registeredStandIn, let plugin = standIns.first(where: { $0.name == name }) {
            return await serve(plugin, referenceKey: apiKey, logLine: logLine)
        }
        let serverOptions = options.server(apiKey: apiKey)
        return await serveUntilStopped {
            try StandaloneServer(serverOptions) { entry in logLine(ServeBanner.line(for: entry)) }
        } banner: { server in
            ServeBanner.lines(
                baseURL: server.baseURL, options: options, apiKey: apiKey, virtualClock: serverOptions.virtualClock)
        }
    }

    /// `--profile firebase|supabase`: the dialect's stand-in (and, beside an
    /// auth server's, the reference server) until SIGINT or SIGTERM.
    private func serveStandIn(
        of dialect: DialectStandInServer.Dialect, apiKey: String, logLine: @escaping @Sendable (String) -> Void
    ) async -> Int32 {
        // The reference server beside an auth server's stand-in takes what `local` sends.
        let referenceKey =
            ProcessInfo.processInfo.environment[ServeOptions.standardKeyVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? ServeOptions.developmentKey
        return await serveUntilStopped {
            try DialectStandInServer(options.standIn(dialect, apiKey: apiKey, referenceKey: referenceKey)) { entry in
                logLine(ServeBanner.line(for: entry))
            }
        } banner: { served in
            ServeBanner.lines(standIn: served, options: options, referenceKey: referenceKey)
        }
    }

    /// `--profile NAME` for a registered stand-in: it and the reference
    /// server beside it until SIGINT or SIGTERM.
    private func serve(
        _ plugin: StandInPlugin, referenceKey: String, logLine: @escaping @Sendable (String) -> Void
    ) async -> Int32 {
        await serveUntilStopped {
            try StandInPluginServer(plugin, options: options.registeredStandIn(referenceKey: referenceKey)) { entry in
                logLine(ServeBanner.line(for: entry))
            }
        } banner: { served in
            ServeBanner.lines(registered: plugin, served: served, referenceKey: referenceKey)
        }
    }

    /// Makes what is served (a failure to: exit 2, saying why), starts it,
    /// prints its banner, and serves until SIGINT or SIGTERM.
    private func serveUntilStopped<Served: ServedUntilStopped>(
        _ make: () throws -> Served, banner: (Served) -> [String]
    ) async -> Int32 {
        let served: Served
        do {
            served = try make()
        } catch {
            console.error("app serve: \(error)")
            return ExitCode.usage
        }
        served.start()
        banner(served).forEach(console.print)
        fflush(nil)
        await Self.waitForStopSignal()
        served.stop()
        console.print("stopped")
        fflush(nil)
        return ExitCode.success
    }

    /// Returns on SIGINT or SIGTERM. Nonisolated: the handlers run on a
    /// dispatch queue, not the main actor.
    private nonisolated static func waitForStopSignal() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let queue = DispatchQueue(label: "gatehouse.serve.signals")
        // Held here until a signal comes: a released source is cancelled.
        let sources = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = OnceFlag()
            for source in sources {
                source.setEventHandler { @Sendable in
                    if once.claim() { continuation.resume() }
                }
                source.resume()
            }
        }
        sources.forEach { $0.cancel() }
    }
}

/// What `serve` starts, and stops at SIGINT or SIGTERM.
protocol ServedUntilStopped {
    func start()
    func stop()
}

extension StandaloneServer: ServedUntilStopped {}
extension DialectStandInServer: ServedUntilStopped {}
extension StandInPluginServer: ServedUntilStopped {}

/// True for the first caller only.
final class OnceFlag: Sendable {
    private let claimed = Mutex(false)

    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}
