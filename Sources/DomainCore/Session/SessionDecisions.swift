public import Ports

/// Carries out one row of the bootstrap decision table
/// (docs/spec/root-screen-and-bootstrap.md §3): for the launch, and for an
/// expiry the PIN lock calls for.
@MainActor
public final class SessionDecisions {
    private let session: AuthSession
    private let repository: UserSessionRepository
    private let tokenManager: TokenManager
    private let pins: SessionPIN
    private let clock: any Clock

    /// - Parameters:
    ///   - session: the state the row moves to.
    ///   - repository: saves, wipes or expires the stored session.
    ///   - tokenManager: stopped when the row clears the tokens.
    ///   - pins: the PIN, removed with the tokens, and asked whether to lock.
    ///   - clock: stamps the cached user.
    public init(
        session: AuthSession, repository: UserSessionRepository, tokenManager: TokenManager, pins: SessionPIN,
        clock: any Clock
    ) {
        self.session = session
        self.repository = repository
        self.tokenManager = tokenManager
        self.pins = pins
        self.clock = clock
    }

    /// Carries out `decision`. Clearing the tokens also removes the PIN (it
    /// belongs to the session it locks); a restored session with a PIN set
    /// is shown locked (docs/spec/pin-lock.md).
    func perform(_ decision: BootstrapDecision, generation: SessionGeneration) async {
        if decision.tokens == .clear {
            await tokenManager.stop()
            await pins.discard()
        }
        switch decision.localData {
        case .save(let profile):
            let saved = await repository.saveUser(
                CachedUser(profile: profile, syncedAt: clock.now()), generation: generation)
            if saved == .endedElsewhere {
                // Another process ended the session while this launch checked it.
                await tokenManager.stop()
                await repository.forgetSessionEndedElsewhere()
                session.transition(to: .unauthenticated(.endedElsewhere))
                return
            }
        case .untouched:
            break
        case .wipe:
            await repository.endSession()
        case .preserve:
            await repository.expireSession()
            session.keptUserIdentifier = await repository.cachedUser.map {
                AuthSession.signInIdentifier(of: $0.profile)
            }
        }
        session.transition(to: await pins.lockedIfSet(decision.state))
    }
}
