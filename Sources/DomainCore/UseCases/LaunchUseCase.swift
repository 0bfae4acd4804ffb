/// Starts the app: whatever must run for the whole launch, then the decision
/// of the first screen.
@MainActor
public protocol LaunchUseCase: AnyObject {
    func launch() async
}
