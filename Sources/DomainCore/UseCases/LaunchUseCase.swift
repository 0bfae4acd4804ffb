/// Starts the app: whatever must run for the whole launch, then the decision
/// of the first screen.
@MainActor
public protocol LaunchUseCase: AnyObject {
    /// Starts the app once: returns when the first screen has been decided
    /// (the auth state has left `loading`).
    func launch() async
}
