public import Observation
public import Ports

/// The users related to the signed-in one: a placeholder, the list (possibly
/// empty), an error with retry.
@MainActor
@Observable
public final class RelatedUsersViewModel {
    /// The related users once loaded (possibly empty); nil before the first
    /// load succeeds.
    public private(set) var users: [RelatedUser]?
    /// A load is in flight.
    public private(set) var isLoading = false
    /// Why the last load failed, shown with a retry; nil once a load starts.
    public private(set) var failure: SignedInFailure?
    @ObservationIgnored private let service: any RelatedUsersReading

    /// A screen with nothing loaded yet: `load()` asks.
    ///
    /// - Parameter service: fetches the related users through the token manager.
    public init(service: any RelatedUsersReading) {
        self.service = service
    }

    /// The placeholder shows while the first load is in flight and nothing is
    /// shown yet.
    public var showsPlaceholder: Bool { users == nil && isLoading }

    /// Fetches the related users: on success `users` is set, on failure
    /// `failure`. Ignored while a load is already in flight.
    public func load() async {
        guard !isLoading else { return }
        isLoading = true
        failure = nil
        do {
            users = try await service.relatedUsers()
        } catch {
            failure = error
        }
        isLoading = false
    }

    /// Loads again after a failure (the same as `load()`).
    public func retry() async { await load() }
}
