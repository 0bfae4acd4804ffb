public import TaskRuntime

/// Virtual time that an app and a server in the same process share: one
/// count of runnable work and one clock that counts its sleepers in it
/// (`CompositionTesting`'s in-process server world makes it, with
/// `VirtualTime`'s `ManualClock`).
public struct SharedVirtualTime: Sendable {
    public let activity: VirtualActivity
    public let clock: any VirtualClock

    /// - Parameters:
    ///   - activity: The count of work the app and the server share.
    ///   - clock: A clock told of `activity`'s sleepers, so the app's
    ///     settle rule counts them as waiting.
    public init(activity: VirtualActivity, clock: any VirtualClock) {
        self.activity = activity
        self.clock = clock
    }
}
