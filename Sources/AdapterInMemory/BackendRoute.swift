/// The route strings of the wire contract (docs/spec/wire-contract.md,
/// "Routes"), exactly as faults, metrics and `waitForRequests` name them. A
/// loopback HTTP server builds the same strings from method and path template.
public enum BackendRoute {
    public static let auth = "POST /challenge/auth"
    /// Sign-out: ends the token sent in the header. The reference server's
    /// full profile has it; the Cora API does not.
    public static let signOut = "DELETE /challenge/auth"
    public static let statementList = "GET /challenge/list"
    public static let statementDetails = "GET /challenge/details/:id"
    public static let health = "GET /health"
    public static let currentUser = "GET /users/me"
    public static let updateCurrentUser = "PATCH /users/me"
    public static let deleteCurrentUser = "DELETE /users/me"
    public static let relatedUsers = "GET /users/related"
    /// Saves whom the user shares with among the related users.
    public static let saveSharedWith = "PUT /users/related"
    public static let register = "POST /users"

    /// Requests that reached no route (a path or method the server does not
    /// serve, or a wrong API key): counted in the metrics under this name, so
    /// a test can tell that an adapter sent nothing at all, not merely
    /// nothing to the contract's routes.
    public static let noRoute = "(no route)"

    /// Every route of the contract but the control API.
    public static let all: [String] = [
        auth, signOut, statementList, statementDetails, health,
        currentUser, updateCurrentUser, deleteCurrentUser, relatedUsers, saveSharedWith, register,
    ]
}
