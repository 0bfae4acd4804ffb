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
        let serverOptions = options.server(apiKey: apiKey)
        let server: StandaloneServer
        do {
            server = try StandaloneServer(serverOptions) { entry in logLine(ServeBanner.line(for: entry)) }
        } catch {
            console.error("app serve: \(error)")
            return ExitCode.usage
        }
        server.start()
        ServeBanner.lines(
            baseURL: server.baseURL, options: options, apiKey: apiKey, virtualClock: serverOptions.virtualClock
        ).forEach(console.print)
        fflush(nil)
        await Self.waitForStopSignal()
        server.stop()
        console.print("stopped")
        fflush(nil)
        return ExitCode.success
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
        let served: DialectStandInServer
        do {
            served = try DialectStandInServer(
                options.standIn(dialect, apiKey: apiKey, referenceKey: referenceKey)
            ) { entry in logLine(ServeBanner.line(for: entry)) }
        } catch {
            console.error("app serve: \(error)")
            return ExitCode.usage
        }
        served.start()
        ServeBanner.lines(standIn: served, options: options, referenceKey: referenceKey).forEach(console.print)
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
