public import Observation
public import Ports

/// The sign-in outside the app, as the sign-in screen offers it: one action
/// per method the backend offers (`.browser`, `.device`); while an attempt
/// waits, what the person must do (the address opened, or the address and
/// the code) and a way to cancel; a failure, until the next attempt. On
/// success the use case changes the state and the root moves on.
@MainActor
@Observable
public final class ExternalSignInViewModel {
    /// What the person must do while an attempt waits; nil otherwise.
    public private(set) var prompt: ExternalSignInPrompt?
    /// An attempt is being begun or waits for the person.
    public private(set) var isBusy = false
    /// Why the last attempt failed; a cancel is no failure to show.
    public private(set) var failure: LoginFailure?

    @ObservationIgnored private let useCase: any ExternalLoginUseCase

    /// - Parameter useCase: begins, completes and cancels the attempts.
    public init(useCase: any ExternalLoginUseCase) {
        self.useCase = useCase
    }

    /// The methods to offer, in the backend's order.
    public var methods: [SignInMethod] { useCase.methods }

    /// Whether an attempt can be begun: none under way.
    public var canBegin: Bool { !isBusy }

    /// Begins an attempt by `method` and waits for it to end: signed in
    /// (the root moves on), failed (the failure is shown), or cancelled.
    public func signIn(by method: SignInMethod) async {
        guard canBegin else { return }
        failure = nil
        isBusy = true
        defer {
            isBusy = false
            prompt = nil
        }
        switch await useCase.begin(method) {
        case .failure(let failure):
            self.failure = failure
            return
        case .success(let prompt):
            self.prompt = prompt
        }
        if case .failure(let failure) = await useCase.complete(), failure != .cancelled {
            self.failure = failure
        }
    }

    /// Ends the attempt under way; the screen goes back to the choice.
    public func cancel() async {
        await useCase.cancel()
    }
}
