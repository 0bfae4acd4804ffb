public import Foundation
public import Observation
public import Ports

/// The one shared view of the backend's health (docs/spec/health.md), read by
/// every screen and by `Launcher` and `SignIn` to decide whether to go on.
///
/// - `offline` when the connectivity probe says there is no network; then
///   `/health` is not called. Otherwise `/health` decides `healthy` or
///   `serverDown`.
/// - While monitoring in the foreground it checks at once and then every
///   `pollInterval`; in the background it does not check at all; back in the
///   foreground it checks at once and then in a burst of short intervals for
///   a while.
/// - While the status is down it polls even when not monitoring, so that
///   start-up can go on by itself; `waitUntilHealthy()` returns as soon as
///   any check — a poll or a user's retry — finds the server healthy.
/// - A probe that learns from the app's own calls (a backend with no health
///   route) reports between checks: a failing call marks the server down at
///   once, a call that got an answer marks it healthy again. A report never
///   overrides `offline` (only a check, which asks the connectivity probe
///   first, leaves it) and is ignored once the monitor is shut down.
@MainActor
@Observable
public final class HealthMonitor {
    /// The latest answer: `unknown` until the first check ends, then what the
    /// latest check or probe report found. Observed by the screens.
    public private(set) var status: HealthStatus = .unknown
    /// When the next automatic check is due, on the monitor's clock; nil
    /// while none is scheduled (in the background, healthy and not
    /// monitoring, shut down). The screens say it when a wait needs a reason.
    public private(set) var nextCheckAt: Date?
    /// The status the server refused the latest check with (a 4xx: it is
    /// up, but refused this app — its API key — or is not the backend this
    /// environment expects), while `status` is `serverDown` for that; nil
    /// otherwise. The screens say that cause, not that nothing answers.
    public private(set) var refusedWith: Int?
    /// The intervals this monitor polls at, fixed at creation.
    public let policy: HealthPolicy
    /// The steady interval between checks in the foreground: the policy's
    /// `pollInterval`.
    public var pollInterval: Duration { policy.pollInterval }

    /// Where each change of `status` is reported.
    @ObservationIgnored private let events: SessionEvents
    @ObservationIgnored private let probe: any HealthProbe
    @ObservationIgnored private let connectivity: any ConnectivityProbe
    @ObservationIgnored private let clock: any Clock
    @ObservationIgnored private let scheduler: any TaskScheduler
    @ObservationIgnored private var pollTask: (any TaskHandle<Void>)?
    @ObservationIgnored private var recovery: (any Promise<Void>)?
    @ObservationIgnored private var isMonitoring = false
    @ObservationIgnored private var isInBackground = false
    @ObservationIgnored private var isShutDown = false
    @ObservationIgnored private var burstEnds: Date?
    @ObservationIgnored private var inFlightCheck: (any TaskHandle<HealthStatus>)?

    /// A monitor that has not checked yet (`status` is `unknown`) and does not
    /// poll until asked; it listens to the probe's reports from now on.
    ///
    /// - Parameters:
    ///   - probe: asks the server (`/health`, or what the backend offers).
    ///   - connectivity: says whether there is a network; when there is none
    ///     the probe is not asked.
    ///   - clock: the time the poll and the burst are measured on.
    ///   - scheduler: runs the checks and the polling loop.
    ///   - policy: the intervals; `HealthPolicy()` (15 s, bursts of 3 s for
    ///     30 s) by default.
    ///   - events: where each change of `status` is reported; `.discarded`
    ///     reports to no one.
    public init(
        probe: any HealthProbe, connectivity: any ConnectivityProbe, clock: any Clock, scheduler: any TaskScheduler,
        policy: HealthPolicy = HealthPolicy(), events: SessionEvents = .discarded
    ) {
        self.events = events
        self.probe = probe
        self.connectivity = connectivity
        self.clock = clock
        self.scheduler = scheduler
        self.policy = policy
        probe.onReport { [weak self] health in
            await self?.reported(health)
        }
    }

    /// What the probe learnt between checks, applied as a check's answer would be.
    private func reported(_ health: ServerHealth) {
        guard !isShutDown, status != .offline else { return }
        let answer: HealthStatus = health == .healthy ? .healthy : .serverDown
        guard answer != status else { return }
        refusedWith = nil
        apply(answer)
    }

    /// A monitor dropped without `shutDown()` stops its poll: the loop holds
    /// the monitor weakly, but asleep it holds the clock, and the clock its
    /// continuation, so only a cancel lets the two go.
    deinit {
        pollTask?.cancel()
    }

    // MARK: - Checks

    /// Asks now and returns the answer: offline without asking the server
    /// when there is no network. A check already in flight is joined, not
    /// repeated (a retry during a poll, or start-up right after monitoring
    /// began, asks once).
    @discardableResult
    public func checkNow() async -> HealthStatus {
        await startCheck().value
    }

    /// The answer of this monitor's latest check: the one in flight, joined;
    /// else the status already found; else a check now. Start-up asks this,
    /// so a launch that began monitoring asks the server once, not twice —
    /// whichever of the two is scheduled first.
    public func latestCheck() async -> HealthStatus {
        if let inFlight = inFlightCheck { return await inFlight.value }
        if status != .unknown { return status }
        return await checkNow()
    }

    /// The check in flight, or a new one started now (synchronously, so that
    /// whoever asks next on this actor joins it).
    private func startCheck() -> any TaskHandle<HealthStatus> {
        if let inFlight = inFlightCheck { return inFlight }
        let check = scheduler.spawn { @MainActor [weak self] in await self?.performCheck() ?? .unknown }
        inFlightCheck = check
        return check
    }

    private func performCheck() async -> HealthStatus {
        defer { inFlightCheck = nil }
        let answer: HealthStatus
        var refusal: Int?
        if await connectivity.isConnected() {
            do {
                answer = try await probe.check() == .healthy ? .healthy : .serverDown
            } catch {
                if case .rejected(let status, _, _) = error, (400..<500).contains(status) { refusal = status }
                answer = .serverDown
            }
        } else {
            answer = .offline
        }
        if refusedWith != refusal { refusedWith = refusal }
        apply(answer)
        return answer
    }

    /// Returns once the status is healthy, polling meanwhile; returns at once
    /// when the calling task is cancelled or the monitor is shut down.
    public func waitUntilHealthy() async {
        while status != .healthy, !Task.isCancelled, !isShutDown {
            let recovery = self.recovery ?? scheduler.makePromise(of: Void.self)
            self.recovery = recovery
            startPollingIfNeeded()
            await recovery.value
        }
    }

    // MARK: - Lifecycle

    /// Starts steady monitoring in the foreground: a check now, then every interval.
    public func startMonitoring() {
        guard !isMonitoring, !isShutDown else { return }
        isMonitoring = true
        restartPolling(checkFirst: true)
    }

    /// In the background nothing is checked.
    public func enterBackground() {
        isInBackground = true
        stopPolling()
    }

    /// Back in the foreground: a check at once, then a burst of short intervals.
    public func enterForeground() {
        guard isInBackground, !isShutDown else { return }
        isInBackground = false
        burstEnds = clock.now().addingTimeInterval(policy.burstDuration.timeInterval)
        restartPolling(checkFirst: true)
    }

    /// The app is ending: no more checks, and anyone waiting is let go.
    public func shutDown() {
        isShutDown = true
        isMonitoring = false
        stopPolling()
        recovery?.complete(with: ())
        recovery = nil
    }

    /// Whether a polling loop is alive (tests check nothing is left behind).
    public var isPolling: Bool { pollTask != nil }

    // MARK: - Polling

    private func apply(_ answer: HealthStatus) {
        if answer != status { events.report(.healthChanged(from: status, to: answer)) }
        status = answer
        if answer == .healthy {
            recovery?.complete(with: ())
            recovery = nil
            if !isMonitoring { stopPolling() }
        } else {
            startPollingIfNeeded()
        }
    }

    /// Polls when monitoring, or when down (so start-up can recover), and
    /// never in the background.
    private func startPollingIfNeeded() {
        guard pollTask == nil, !isInBackground, !isShutDown, isMonitoring || status != .healthy else { return }
        restartPolling(checkFirst: false)
    }

    private func restartPolling(checkFirst: Bool) {
        stopPolling()
        guard !isInBackground else { return }
        let firstCheck = checkFirst ? startCheck() : nil
        // The loop runs on the main actor, as the monitor does: reading the
        // interval, checking and reading `isMonitoring` are then no hops; only
        // the sleep leaves it.
        pollTask = scheduler.spawn { @MainActor [weak self, clock] in
            _ = await firstCheck?.value
            while !Task.isCancelled {
                guard let interval = self?.scheduleNextCheck() else { return }
                do {
                    try await clock.sleep(for: interval)
                } catch {
                    return
                }
                guard let self, !Task.isCancelled else { return }
                let answer = await self.checkNow()
                if answer == .healthy, !self.isMonitoring { return }
            }
        }
    }

    /// The interval to sleep before the next check, noted as `nextCheckAt`.
    private func scheduleNextCheck() -> Duration {
        let interval = nextInterval()
        nextCheckAt = clock.now().addingTimeInterval(interval.timeInterval)
        return interval
    }

    private func nextInterval() -> Duration {
        if let burstEnds, clock.now() < burstEnds { return policy.burstInterval }
        burstEnds = nil
        return policy.pollInterval
    }

    private func stopPolling() {
        pollTask?.cancel()
        pollTask = nil
        nextCheckAt = nil
    }
}

extension HealthMonitor: HealthStatusReading, HealthChecking {}
