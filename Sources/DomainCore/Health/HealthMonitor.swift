public import Observation
public import Ports

/// The one shared view of the backend's health (FSD 001 §10's HealthMonitor),
/// read by every screen and by `AuthSession` to decide whether to go on.
///
/// While the status is down it polls at `pollInterval` on the `Clock` port
/// until the server is healthy again; `waitUntilHealthy()` returns as soon as
/// any check — a poll or a user's retry — finds it healthy.
@MainActor
@Observable
public final class HealthMonitor {
    public private(set) var status: HealthStatus = .unknown
    /// How many times the probe was asked (scripts and tests count these).
    public private(set) var probeCount = 0
    public let pollInterval: Duration

    @ObservationIgnored private let probe: any HealthProbe
    @ObservationIgnored private let clock: any Clock
    @ObservationIgnored private let scheduler: any TaskScheduler
    @ObservationIgnored private var pollTask: SpawnedTask<Void>?
    @ObservationIgnored private var latestAppliedCheck = 0
    @ObservationIgnored private var checksStarted = 0

    public init(probe: any HealthProbe, clock: any Clock, scheduler: any TaskScheduler, pollInterval: Duration = .seconds(15)) {
        self.probe = probe
        self.clock = clock
        self.scheduler = scheduler
        self.pollInterval = pollInterval
    }

    /// Asks the server now and returns what it said. Starts polling when the
    /// answer is down; an answer older than one already applied is ignored.
    @discardableResult
    public func checkNow() async -> HealthStatus {
        checksStarted += 1
        let checkNumber = checksStarted
        probeCount += 1
        let answer: HealthStatus
        do {
            answer = try await probe.check() == .healthy ? .healthy : .serverDown
        } catch {
            answer = .serverDown
        }
        guard checkNumber > latestAppliedCheck else { return status }
        latestAppliedCheck = checkNumber
        apply(answer)
        return answer
    }

    /// Returns once the status is healthy, polling meanwhile; returns at once
    /// when the calling task is cancelled.
    public func waitUntilHealthy() async {
        while status != .healthy, !Task.isCancelled {
            startPollingIfDown()
            guard let pollTask else { return }
            // The poll loop ends when a check finds the server healthy (or polling stops).
            await pollTask.value
        }
    }

    /// Stops polling (the app went to the background or is shutting down).
    public func stopPolling() {
        pollTask?.cancel()
        pollTask = nil
    }

    /// Whether a polling loop is alive (tests check nothing is left behind).
    public var isPolling: Bool { pollTask != nil }

    private func apply(_ answer: HealthStatus) {
        status = answer
        if answer == .healthy {
            stopPolling()
        } else {
            startPollingIfDown()
        }
    }

    private func startPollingIfDown() {
        guard pollTask == nil, status != .healthy else { return }
        pollTask = scheduler.spawn { [weak self, clock, pollInterval] in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: pollInterval)
                } catch {
                    return
                }
                guard let self, await self.checkNow() != .healthy else { return }
            }
        }
    }
}
