/// Starts the app: whatever must run for the whole launch, then the decision
/// of the first screen.
@MainActor
public protocol LaunchUseCase: AnyObject {
    /// Starts the app: returns once the first screen has been decided (the
    /// auth state has left `loading`), waiting meanwhile for the server to be
    /// healthy; returns early only when the calling task is cancelled.
    func launch() async
}
