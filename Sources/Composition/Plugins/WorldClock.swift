public import Ports
public import TaskRuntime

/// A world's clock as its plugin made it, saying whether time is virtual.
/// A clock plugin declares it by the case it returns, so the world and the
/// plugins made after it (`PluginContext.hasVirtualTime`) know without
/// asking the clock what type it is.
public enum WorldClock: Sendable {
    /// Real time: the clock's sleeps wait for it.
    case real(any Clock)
    /// Virtual time: it moves only when the world passes it
    /// (`AppWorld.pass(_:)`). The app's work runs on `executor` when one is
    /// given (`VirtualTime`'s `VirtualTimeExecutor`: the main queue, where
    /// virtual time's many hops cost no context switch), else on Swift's
    /// cooperative pool.
    case virtual(any VirtualClock, executor: (any TaskExecutor)?)

    /// The clock the other plugins and the domain are given.
    public var clock: any Clock {
        switch self {
        case .real(let clock): clock
        case .virtual(let clock, _): clock
        }
    }

    /// The clock to move, when time is virtual; nil on real time.
    public var virtualClock: (any VirtualClock)? {
        switch self {
        case .real: nil
        case .virtual(let clock, _): clock
        }
    }

    /// Where the app's work runs: nil for Swift's cooperative pool.
    public var executor: (any TaskExecutor)? {
        switch self {
        case .real: nil
        case .virtual(_, let executor): executor
        }
    }
}
