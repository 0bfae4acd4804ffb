import OperatingSystem

/// The sanitizer this test process runs under, if any (`.ci/sanitizers`
/// builds the whole package, the child programs a test starts included,
/// with one). A test whose budget is CPU time or memory widens it by
/// ``costFactor``; a test that repeats the same work for determinism
/// repeats it fewer times (``repeats(plain:)``): the plain run repeats it
/// in full, and the sanitizer needs the work to run, not to run twenty times.
public enum Sanitizer: Sendable {
    case thread
    case address

    /// The one this process was built with, read from its runtime's symbols.
    public static var current: Sanitizer? {
        if Platform.isLoaded(symbol: "__tsan_init") { return .thread }
        if Platform.isLoaded(symbol: "__asan_init") { return .address }
        return nil
    }

    /// How many times more CPU time and memory instrumented work costs:
    /// ThreadSanitizer keeps four bytes of shadow per byte and checks every
    /// access; AddressSanitizer adds its shadow, red zones and a quarantine
    /// of freed memory.
    public var costFactor: Int {
        switch self {
        case .thread: 5
        case .address: 3
        }
    }

    /// The factor of the process's own sanitizer; 1 without one.
    public static var costFactor: Int { current?.costFactor ?? 1 }

    /// How many times to repeat work done for determinism: `plain` without
    /// a sanitizer, three times under one (still more than once, so work
    /// that differs from run to run is still met twice).
    public static func repeats(plain: Int) -> Int {
        current == nil ? plain : min(plain, 3)
    }
}
