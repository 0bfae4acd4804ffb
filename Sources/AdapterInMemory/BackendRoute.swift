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

    /// Every route of the contract but the control API.
    public static let all: [String] = [
        auth, signOut, statementList, statementDetails, health,
        currentUser, updateCurrentUser, deleteCurrentUser, relatedUsers, saveSharedWith, register,
    ]
}
