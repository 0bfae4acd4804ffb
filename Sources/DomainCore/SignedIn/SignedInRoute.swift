/// Where the signed-in user can be (ContaCasal's `Routes`), without the
/// screen's model: what a `SignedInDestination` is, for comparing and naming.
public enum SignedInRoute: Sendable, Hashable {
    /// The signed-in home, always at the bottom of the stack.
    case dashboard
    /// The statement list.
    case statement
    /// One statement entry in full.
    case entryDetails(id: String)
    /// The user's profile.
    case profile
    /// The users related to the signed-in one.
    case relatedUsers
    /// Security: set, change or remove the PIN.
    case security
    /// About this session: who, where, and when its access was issued.
    case sessionDetails
}

/// Each screen of the signed-in area, as a kind (a route without its data):
/// every case, so a check that walks the whole area (the hostile-text test)
/// learns of a new screen from the compiler, not from a list kept by hand.
/// A new ``SignedInRoute`` case does not build until `screen` names its kind.
public enum SignedInScreen: String, Sendable, Hashable, CaseIterable {
    /// The signed-in home.
    case dashboard
    /// The statement list.
    case statement
    /// One statement entry in full.
    case entryDetails
    /// The user's profile.
    case profile
    /// The users related to the signed-in one.
    case relatedUsers
    /// Security: the PIN lock.
    case security
    /// About this session.
    case sessionDetails
}

extension SignedInRoute {
    /// The kind of screen this route shows.
    public var screen: SignedInScreen {
        switch self {
        case .dashboard: .dashboard
        case .statement: .statement
        case .entryDetails: .entryDetails
        case .profile: .profile
        case .relatedUsers: .relatedUsers
        case .security: .security
        case .sessionDetails: .sessionDetails
        }
    }
}

/// What the signed-in screens ask for: go somewhere, or back.
@MainActor
public protocol SignedInNavigator: AnyObject {
    /// Opens the statement list and starts loading it.
    func showStatement() async
    /// Opens entry `id` in full and starts loading it.
    func showEntryDetails(id: String) async
    /// Opens the profile.
    func showProfile()
    /// Opens the related users and starts loading them.
    func showRelatedUsers() async
    /// Opens the security screen (the PIN) and asks whether a PIN is set.
    func showSecurity() async
    /// Opens the details of this session and reads its times.
    func showSessionDetails() async
    /// Goes back one screen; on the dashboard it does nothing.
    func back()
}
