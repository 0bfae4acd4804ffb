/// A screen of the signed-in area as a value: which screen, and the view
/// model that screen shows. The coordinator keeps a stack of these, so a
/// screen on the stack always has its model and a model lives exactly as
/// long as its screen is on the stack (isowords' typed destinations).
@MainActor
public enum SignedInDestination {
    /// The signed-in home, always at the bottom of the stack.
    case dashboard(DashboardViewModel)
    /// The statement list.
    case statement(StatementListViewModel)
    /// One statement entry in full: its id, and its model.
    case entryDetails(id: String, EntryDetailsViewModel)
    /// The user's profile.
    case profile(ProfileViewModel)
    /// The users related to the signed-in one.
    case relatedUsers(RelatedUsersViewModel)
    /// Security: set, change or remove the PIN.
    case security(PINSettingsViewModel)
    /// About this session: who, where, and when its access was issued.
    case sessionDetails(SessionDetailsViewModel)

    /// Which screen this is, without its model (what tests and logs compare).
    public var route: SignedInRoute {
        switch self {
        case .dashboard: .dashboard
        case .statement: .statement
        case .entryDetails(let id, _): .entryDetails(id: id)
        case .profile: .profile
        case .relatedUsers: .relatedUsers
        case .security: .security
        case .sessionDetails: .sessionDetails
        }
    }
}
