import Dispatch

/// Where a PIN vault does its work: off Swift's cooperative pool. PBKDF2 at
/// 100,000 rounds holds its thread for tens of milliseconds (far longer in a
/// debug build), and the pool has one thread per core — two on a small
/// machine — so a hash run there would stall every other task of the app
/// meanwhile. The work runs on a serial dispatch queue of its own instead,
/// and the caller's task awaits its answer without holding a pool thread.
///
/// Both PIN vaults run here (`FilePINVault` and the in-memory one): one
/// adapter may not import another, so the queue lives in `AdapterSupport`.
public enum PINWorkQueue {
    private static let queue = DispatchQueue(label: "gatehouse.pin-vault", qos: .userInitiated)

    /// Runs `work` on the vault's queue and returns (or throws) what it did.
    public static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let outcome: Result<Value, Failure> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: Result { () throws(Failure) -> Value in try work() }) }
        }
        return try outcome.get()
    }
}
