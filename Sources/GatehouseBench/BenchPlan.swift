/// How big a bench run is: the full run (`gatehouse-bench`) or the smoke run
/// (`gatehouse-bench --quick`: seconds, small N), and which scenarios it runs.
public struct BenchPlan: Sendable, Hashable {
    /// The scenarios, in the order they run and are printed.
    public enum Scenario: String, Sendable, Hashable, CaseIterable, Codable {
        case storm, overhead, cap, bootstrap, soak, day, launch, server, pin, signature, processes, store
    }

    public var quick: Bool
    public var scenarios: [Scenario]
    /// The `app` executable the bench starts processes of (the running `app
    /// bench` itself): the `processes` scenario's `session-worker`s, the
    /// overhead scenario's `app serve`, the launch scenario's runs; without
    /// it those scenarios cannot run and say so.
    public var workerExecutable: String?

    public init(quick: Bool = false, scenarios: [Scenario] = Scenario.allCases, workerExecutable: String? = nil) {
        self.quick = quick
        self.scenarios = scenarios
        self.workerExecutable = workerExecutable
    }

    /// The storm's N.
    var stormSizes: [Int] { quick ? [1, 10] : [1, 10, 100, 1000] }
    /// Trials per storm case and contender (each trial a fresh session).
    var stormTrials: Int { quick ? 1 : 3 }
    /// The storm run under CPU load (the reactive storm over HTTP).
    var loadedStormSize: Int { quick ? 10 : 1000 }

    /// Requests in flight in the overhead scenario (1: one at a time).
    var overheadConcurrency: [Int] { [1, 8, 64] }
    /// Rounds of interleaved blocks per concurrency.
    var overheadRounds: Int { quick ? 2 : 12 }

    /// The cap scenario's storm on a fresh token: N, and storms of each kind.
    var capStormSize: Int { quick ? 100 : 1000 }
    var capStormTrials: Int { quick ? 5 : 31 }
    /// The cap scenario's calls of `authorized { _ in 1 }`.
    var capCallCost: AuthorizedCallCost.Size {
        quick
            ? AuthorizedCallCost.Size(sequentialCalls: 20_000, concurrentCallers: 64, callsPerCaller: 500, blocks: 3)
            : AuthorizedCallCost.Size(sequentialCalls: 200_000, concurrentCallers: 64, callsPerCaller: 5_000, blocks: 5)
    }

    /// Runs of the launch scenario's script (a signed-in day, whole process)
    /// and launches to the first screen.
    var launchScriptRuns: Int { quick ? 3 : 9 }
    var launchesToFirstScreen: Int { quick ? 5 : 15 }

    /// The delay injected on a bootstrap route.
    var bootstrapDelay: Duration { .milliseconds(100) }

    var soakCycles: Int { quick ? 50 : 10_000 }

    var daySpan: Duration { quick ? .seconds(3600) : .seconds(86_400) }

    var serverConnections: [Int] { quick ? [1, 16] : [1, 16, 256] }
    /// How long each connection count is measured (real time).
    var serverMeasureFor: Duration { quick ? .milliseconds(300) : .seconds(3) }
    var idleConnections: Int { quick ? 32 : 256 }

    /// The K of the `processes` scenario (one process alone is always measured too, as the baseline).
    var sharedStoreProcesses: [Int] { [2, 4, 8] }
    /// Token lifetimes the `processes` scenario runs through: at most the
    /// refresh cap (`TokenPolicy.maxRefreshesPerWindow`, 6 a minute) less
    /// one, since the run takes far less than a minute: a server that ends
    /// tokens faster than that is one the cap refuses, as it should.
    var sharedStoreLifetimes: Int { quick ? 2 : 5 }
}
