/// Where the PIN lock reads how long the app may stay in the background
/// before the PIN is asked again: the person's saved choice, so a change on
/// the security screen holds from the next return to the foreground.
@MainActor
public protocol PINLockTimeoutSource: AnyObject {
    /// The lock timeout as last saved.
    var pinLockTimeout: Duration { get }
}
