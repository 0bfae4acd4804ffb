import Ports

/// What every sign-in does once the backend issued tokens, whichever way
/// they were asked for (`SignIn` by password, `ExternalSignIn` through the
/// browser or another device; docs/spec/explicit-actions.md, "Sign in"): the
/// token policy stamps the tokens, a new generation begins, the token
/// manager starts, the profile is read through the user route (and, after
/// an ID token, must be the person its `sub` names), an inactive or deleted
/// account is refused, another user's kept data is wiped, an
/// earlier session's PIN is discarded, the session is saved and the state
/// becomes authenticated. Written once, so the two sign-ins cannot drift.
@MainActor
final class SessionOpening {
    private let session: AuthSession
    private let userAPI: any UserRemoteAPI
    private let repository: UserSessionRepository
    private let tokenManager: TokenManager
    private let pins: SessionPIN
    private let clock: any Clock
    private let policy: TokenPolicy

    init(
        session: AuthSession, userAPI: any UserRemoteAPI, repository: UserSessionRepository,
        tokenManager: TokenManager, pins: SessionPIN, clock: any Clock, policy: TokenPolicy
    ) {
        self.session = session
        self.userAPI = userAPI
        self.repository = repository
        self.tokenManager = tokenManager
        self.pins = pins
        self.clock = clock
        self.policy = policy
    }

    /// Opens the session `issued` begins.
    ///
    /// - Parameter profileWithoutRoute: the profile to keep when the backend
    ///   has no profile route (what the sign-in itself knew: the identifier
    ///   typed); nil when the sign-in knew nobody (outside the app), which
    ///   such a backend then cannot complete: `.identityNotProved`.
    /// - Parameter route: how the person signed in, reported once the
    ///   session is open.
    func open(
        _ issued: IssuedTokens, profileWithoutRoute: UserProfile?, route: SignInRoute
    ) async -> Result<UserProfile, LoginFailure> {
        let sessionToken = policy.issue(issued, at: clock.now())
        let generation = await repository.beginGeneration()
        await tokenManager.start(sessionToken, generation: generation)

        let profile: UserProfile
        if userAPI.offersCurrentUser {
            do {
                profile = try await tokenManager.authorized { token throws(RemoteError) in
                    try await self.userAPI.currentUser(token: token)
                }
            } catch {
                await tokenManager.stop()
                return .failure(LoginFailure(error))
            }
        } else if let profileWithoutRoute {
            // No profile route: the profile is what this sign-in knew.
            profile = profileWithoutRoute
        } else {
            await tokenManager.stop()
            return .failure(.identityNotProved)
        }
        // An ID token names who signed in; a profile route that answers for
        // someone else (another account's token, a mix-up) proves nothing.
        if let subject = issued.subject, profile.source == .server, profile.id != subject {
            await tokenManager.stop()
            return .failure(.identityNotProved)
        }
        guard profile.active, !profile.isDeleted else {
            await tokenManager.stop()
            return .failure(profile.isDeleted ? .invalidCredentials : .accountInactive)
        }
        if let kept = await repository.cachedUser, kept.profile.id != profile.id {
            await repository.wipe(generation: generation)
        }
        // A new session starts with no PIN: one an earlier session left (its
        // removal failed) must neither lock nor unlock this one.
        await pins.discard()
        let currentToken = await tokenManager.currentToken ?? sessionToken
        await repository.saveSession(
            UserSession(token: currentToken, cachedUser: CachedUser(profile: profile, syncedAt: clock.now())),
            generation: generation)
        session.transition(to: .authenticated(profile))
        session.report(.signedIn(route))
        return .success(profile)
    }
}
