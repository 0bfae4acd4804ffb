public import Observation
public import Ports
import Synchronization

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
    @ObservationIgnored private var pollTask: Task<Void, Never>?
    @ObservationIgnored private var latestAppliedCheck = 0
    @ObservationIgnored private var checksStarted = 0
    @ObservationIgnored private let healthyWaiters = Mutex<[UInt64: CheckedContinuation<Void, Never>]>([:])
    @ObservationIgnored private var nextWaiterID: UInt64 = 0

    public init(probe: any HealthProbe, clock: any Clock, pollInterval: Duration = .seconds(15)) {
        self.probe = probe
        self.clock = clock
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
        if status == .healthy || Task.isCancelled { return }
        startPollingIfDown()
        nextWaiterID += 1
        let id = nextWaiterID
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if status == .healthy || Task.isCancelled {
                    continuation.resume()
                } else {
                    healthyWaiters.withLock { $0[id] = continuation }
                }
            }
        } onCancel: {
            healthyWaiters.withLock { $0.removeValue(forKey: id) }?.resume()
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
            let waiters = healthyWaiters.withLock { waiters in
                defer { waiters.removeAll() }
                return Array(waiters.values)
            }
            waiters.forEach { $0.resume() }
        } else {
            startPollingIfDown()
        }
    }

    private func startPollingIfDown() {
        guard pollTask == nil, status.isDown || status == .unknown else { return }
        pollTask = Task { [weak self, clock, pollInterval] in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: pollInterval)
                } catch {
                    return
                }
                guard let self else { return }
                if await self.checkNow() == .healthy { return }
            }
        }
    }
}
