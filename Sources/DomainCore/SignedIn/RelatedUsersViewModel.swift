public import Observation
public import Ports

/// The users related to the signed-in one: a placeholder, the list (possibly
/// empty), an error with retry.
@MainActor
@Observable
public final class RelatedUsersViewModel {
    public private(set) var users: [RelatedUser]?
    public private(set) var isLoading = false
    public private(set) var failure: SignedInFailure?
    @ObservationIgnored private let service: any RelatedUsersReading

    public init(service: any RelatedUsersReading) {
        self.service = service
    }

    public var showsPlaceholder: Bool { users == nil && isLoading }

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

    public func retry() async { await load() }
}
