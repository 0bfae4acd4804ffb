public import Observation
public import Ports

/// The users related to the signed-in one, and whom to share with among them
/// (docs/spec/signed-in-area.md, "Profile and related users"; the start-up
/// views spec's CanShareWithView): a placeholder, the list (possibly empty),
/// each person selected or not, a save, an error with retry.
///
/// Selecting and deselecting change only the screen's choice; `save()` sends
/// it, and the server's answer becomes what the screen shows. The choice lives
/// on the server, so a relaunch shows it again.
@MainActor
@Observable
public final class RelatedUsersViewModel {
    /// The related users as the server last answered (possibly empty); nil
    /// before the first load succeeds.
    public private(set) var users: [RelatedUser]?
    /// The ids the user has selected on screen, saved or not.
    public private(set) var selection: Set<String> = []
    /// A load is in flight.
    public private(set) var isLoading = false
    /// A save is in flight.
    public private(set) var isSaving = false
    /// The last save succeeded and nothing was changed since.
    public private(set) var saved = false
    /// Why the last load or save failed, shown with a retry; nil once a call starts.
    public private(set) var failure: SignedInFailure?
    /// Whether `failure` came from a save, so that retry saves again.
    @ObservationIgnored private var failedCallWasSave = false
    @ObservationIgnored private let service: any RelatedUsersChoosing

    /// A screen with nothing loaded yet: `load()` asks.
    ///
    /// - Parameter service: fetches the related users and saves the choice
    ///   through the token manager.
    public init(service: any RelatedUsersChoosing) {
        self.service = service
    }

    /// The placeholder shows while nothing is shown yet and no failure is to
    /// be said: from the moment the screen is pushed, before its first load starts.
    public var showsPlaceholder: Bool { users == nil && (isLoading || failure == nil) }

    /// The selection differs from what the server last said.
    public var hasUnsavedChanges: Bool {
        guard let users else { return false }
        return selection != Self.sharedIDs(users)
    }

    /// Save is offered when there is a change to send and no call in flight.
    public var isSaveEnabled: Bool { hasUnsavedChanges && !isSaving && !isLoading }

    /// Fetches the related users: on success `users` is set and the selection
    /// becomes the saved one, on failure `failure`. Ignored while a call is in flight.
    public func load() async {
        guard !isLoading, !isSaving else { return }
        isLoading = true
        failure = nil
        do {
            let loaded = try await service.relatedUsers()
            users = loaded
            selection = Self.sharedIDs(loaded)
        } catch {
            failure = error
            failedCallWasSave = false
        }
        isLoading = false
    }

    /// Selects a listed person; an id not listed, or any change while a call
    /// is in flight, is ignored.
    public func select(_ id: String) { change(id, selected: true) }

    /// Deselects a listed person; ignored as `select(_:)` is.
    public func deselect(_ id: String) { change(id, selected: false) }

    /// Sends the selection. On success the server's answer is shown and
    /// `saved` is set; on failure `failure` is set and the selection is kept,
    /// so retry (or save) sends it again. Ignored unless `isSaveEnabled`.
    public func save() async {
        guard isSaveEnabled else { return }
        isSaving = true
        failure = nil
        saved = false
        do {
            let answer = try await service.saveSharedWith(selection)
            users = answer
            selection = Self.sharedIDs(answer)
            saved = true
        } catch {
            failure = error
            failedCallWasSave = true
        }
        isSaving = false
    }

    /// Runs the failed call again: the save when a save failed, else the load.
    public func retry() async {
        if failedCallWasSave, hasUnsavedChanges { await save() } else { await load() }
    }

    private func change(_ id: String, selected: Bool) {
        guard !isLoading, !isSaving, let users, users.contains(where: { $0.id == id }) else { return }
        if selected { selection.insert(id) } else { selection.remove(id) }
        saved = false
    }

    private static func sharedIDs(_ users: [RelatedUser]) -> Set<String> {
        Set(users.filter(\.isShared).map(\.id))
    }
}
