import WireContract

/// The wire contract's route keys (`WireRoute.key`: method, space, path
/// template), exactly as faults, metrics and `waitForRequests` name them:
/// the backend keys its bookkeeping by strings because the control API and
/// scripts name routes by these strings. Each is read from the route table,
/// which is the one place a route is written.
public enum BackendRoute {
    /// Sign-in and refresh (`WireRoute.auth`).
    public static let auth = WireRoute.auth.key
    /// Sign-out: ends the token sent in the header. The reference server's
    /// full profile has it; the Cora API does not.
    public static let signOut = WireRoute.signOut.key
    /// The statement (`WireRoute.statementList`).
    public static let statementList = WireRoute.statementList.key
    /// One entry's details (`WireRoute.statementDetails`).
    public static let statementDetails = WireRoute.statementDetails.key
    /// Health (`WireRoute.health`).
    public static let health = WireRoute.health.key
    /// The token's user (`WireRoute.currentUser`).
    public static let currentUser = WireRoute.currentUser.key
    /// A profile edit (`WireRoute.updateCurrentUser`).
    public static let updateCurrentUser = WireRoute.updateCurrentUser.key
    /// An account deletion (`WireRoute.deleteCurrentUser`).
    public static let deleteCurrentUser = WireRoute.deleteCurrentUser.key
    /// The related users (`WireRoute.relatedUsers`).
    public static let relatedUsers = WireRoute.relatedUsers.key
    /// Saves whom the user shares with among the related users.
    public static let saveSharedWith = WireRoute.saveSharedWith.key
    /// A registration (`WireRoute.register`).
    public static let register = WireRoute.register.key

    /// Requests that reached no route (a path or method the server does not
    /// serve, or a wrong API key): counted in the metrics under this name, so
    /// a test can tell that an adapter sent nothing at all, not merely
    /// nothing to the contract's routes.
    public static let noRoute = "(no route)"

    /// Every route of the contract but the control API, in the table's order.
    public static let all: [String] = WireRoute.all.map(\.key)
}
