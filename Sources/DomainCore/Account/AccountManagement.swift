public import Ports

/// The signed-in user's account: the profile update and the account's
/// deletion (docs/spec/explicit-actions.md).
@MainActor
public final class AccountManagement {
    private let session: AuthSession
    private let userAPI: any UserRemoteAPI
    private let repository: UserSessionRepository
    private let tokenManager: TokenManager
    private let sessionEnd: SessionEnd
    private let clock: any Clock
    private weak var identifierForgetting: (any RememberedIdentifierForgetting)?

    /// - Parameters:
    ///   - session: the state whose signed-in user follows the update.
    ///   - userAPI: the account routes.
    ///   - repository: the cached user, saved after an update.
    ///   - tokenManager: makes the authorized calls.
    ///   - sessionEnd: ends the session of a deleted account.
    ///   - clock: stamps the cached user.
    ///   - identifierForgetting: forgets a deleted account's remembered
    ///     identifier; held weakly; none by default.
    public init(
        session: AuthSession, userAPI: any UserRemoteAPI, repository: UserSessionRepository,
        tokenManager: TokenManager, sessionEnd: SessionEnd, clock: any Clock,
        identifierForgetting: (any RememberedIdentifierForgetting)? = nil
    ) {
        self.session = session
        self.userAPI = userAPI
        self.repository = repository
        self.tokenManager = tokenManager
        self.sessionEnd = sessionEnd
        self.clock = clock
        self.identifierForgetting = identifierForgetting
    }

    /// Whether the backend has the account routes: without them there is no
    /// profile edit, no related users and no account deletion.
    public var offersAccountRoutes: Bool { userAPI.offersAccountRoutes }

    /// The signed-in user, when there is one.
    public var user: UserProfile? { session.user }

    /// Changes the signed-in user's profile on the server (`PATCH /users/me`):
    /// the state and the cached data follow the answer, without a new
    /// signed-in area.
    public func updateProfile(_ changes: ProfileChanges) async -> Result<UserProfile, SignedInFailure> {
        guard userAPI.offersAccountRoutes else { return .failure(.notOffered) }
        let userAPI = self.userAPI
        let updated: UserProfile
        do {
            updated = try await tokenManager.signedInCall { token throws(RemoteError) in
                try await userAPI.updateCurrentUser(changes, token: token)
            }
        } catch {
            return .failure(error)
        }
        // The session may have ended while the answer was on its way: then
        // there is no signed-in user left to update.
        guard session.replaceSignedInUser(with: updated) else { return .success(updated) }
        await repository.saveUser(
            CachedUser(profile: updated, syncedAt: clock.now()), generation: repository.generation)
        return .success(updated)
    }

    /// Deletes the account (`DELETE /users/me`); on success, as logout, and
    /// the account's remembered identifier is forgotten.
    public func deleteAccount() async -> Result<Void, SignedInFailure> {
        guard userAPI.offersAccountRoutes else { return .failure(.notOffered) }
        let deleted = session.user
        do {
            try await tokenManager.authorized { token throws(RemoteError) in
                try await self.userAPI.deleteCurrentUser(token: token)
            }
        } catch {
            return .failure(SignedInFailure(error))
        }
        await sessionEnd.endSession(reason: .accountDeleted, signOutRemotely: false)
        if let deleted { await identifierForgetting?.forgetIdentifier(of: deleted) }
        return .success(())
    }
}

extension AccountManagement: SignedInUserReading, UpdateProfileUseCase, DeleteAccountUseCase {}
