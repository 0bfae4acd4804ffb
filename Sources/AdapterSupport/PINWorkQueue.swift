import Dispatch

/// Where a PIN vault does its work: off Swift's cooperative pool. PBKDF2 at
/// 100,000 rounds holds its thread for tens of milliseconds (far longer in a
/// debug build), and the pool has one thread per core — two on a small
/// machine — so a hash run there would stall every other task of the app
/// meanwhile. The work runs on a serial dispatch queue instead, and the
/// caller's task awaits its answer without holding a pool thread.
///
/// One queue per vault, not one per process: a vault's operations run in
/// order, while one vault's hashing never makes another vault wait. (A
/// process-wide queue made a test's instant FIFO check wait minutes behind
/// the PBKDF2 work of every suite running beside it.)
///
/// Both PIN vaults run here (`FilePINVault` and the in-memory one): one
/// adapter may not import another, so the queue lives in `AdapterSupport`.
public struct PINWorkQueue: Sendable {
    private let queue = DispatchQueue(label: "gatehouse.pin-vault", qos: .userInitiated)

    /// A queue of its own, for one vault.
    public init() {}

    /// Runs `work` on this queue, after the work given before it, and
    /// returns (or throws) what it did.
    public func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let outcome: Result<Value, Failure> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(Failure) -> Value in try work() }) }
        }
        return try outcome.get()
    }
}
