/// Where the signed-in user can be (ContaCasal's `Routes`): the coordinator
/// keeps a stack of these, and back pops it.
public enum SignedInRoute: Sendable, Hashable {
    case dashboard
    case statement
    case entryDetails(id: String)
    case profile
    case relatedUsers
}

/// What the signed-in screens ask for: go somewhere, or back.
@MainActor
public protocol SignedInNavigator: AnyObject {
    func showStatement() async
    func showEntryDetails(id: String) async
    func showProfile()
    func showRelatedUsers() async
    func back()
}
