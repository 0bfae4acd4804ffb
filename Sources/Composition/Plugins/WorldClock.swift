public import Ports
public import TaskRuntime

/// A world's clock as its plugin made it, saying whether time is virtual.
/// A clock plugin declares it by the case it returns, so the world and the
/// plugins made after it (`PluginContext.hasVirtualTime`) know without
/// asking the clock what type it is.
public enum WorldClock: Sendable {
    /// Real time: the clock's sleeps wait for it.
    case real(any Clock)
    /// Virtual time: it moves only when the world passes it (`AppWorld.pass(_:)`).
    case virtual(ManualClock)

    /// The clock the other plugins and the domain are given.
    public var clock: any Clock {
        switch self {
        case .real(let clock): clock
        case .virtual(let clock): clock
        }
    }

    /// The clock to move, when time is virtual; nil on real time.
    public var virtualClock: ManualClock? {
        switch self {
        case .real: nil
        case .virtual(let clock): clock
        }
    }
}
