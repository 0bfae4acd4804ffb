public import Ports

/// The PIN lock's use cases: the PIN screen (unlock, "Forgot PIN") and the
/// security screen (set, change, remove) (docs/spec/pin-lock.md).
@MainActor
public final class PINLock {
    private let session: AuthSession
    private let record: SessionPIN
    private let decisions: SessionDecisions
    private let repository: UserSessionRepository

    /// - Parameters:
    ///   - session: the state this unlocks or expires.
    ///   - record: the PIN and its policy.
    ///   - decisions: carries out the expiry a PIN reason calls for.
    ///   - repository: says which session generation an expiry ends.
    public init(
        session: AuthSession, record: SessionPIN, decisions: SessionDecisions, repository: UserSessionRepository
    ) {
        self.session = session
        self.record = record
        self.decisions = decisions
        self.repository = repository
    }

    // MARK: - The PIN screen

    /// Checks `pin` while locked: right, the signed-in area is shown; wrong,
    /// the attempts left are said; the last attempt expires the session.
    public func unlock(with pin: PIN) async -> PINEntryOutcome {
        guard case .pinLocked = session.state else { return .refused(.unavailable) }
        let outcome = await checkPIN(pin)
        // The session may have ended while the PIN was checked.
        if outcome == .accepted, case .pinLocked(let user) = session.state {
            session.transition(to: .authenticated(user))
        }
        return outcome
    }

    /// "Forgot PIN": the session expires on purpose, as after too many wrong PINs.
    public func forgotPIN() async {
        guard case .pinLocked = session.state else { return }
        await expireForPIN(.pinForgotten)
    }

    // MARK: - The security screen

    /// Whether a PIN is set; nil when the PIN store cannot be read.
    public func isPINSet() async -> Bool? {
        await record.readIsSet()
    }

    /// Checks the current PIN (before a change or a removal), counted as on
    /// the PIN screen.
    public func confirmCurrentPIN(_ pin: PIN) async -> PINEntryOutcome {
        guard case .authenticated = session.state else { return .refused(.unavailable) }
        return await checkPIN(pin)
    }

    /// Sets the PIN, replacing any other, while signed in.
    public func setPIN(_ pin: PIN) async -> PINProblem? {
        guard case .authenticated = session.state else { return .unavailable }
        return await record.set(pin)
    }

    /// Removes the PIN while signed in.
    public func removePIN() async -> PINProblem? {
        guard case .authenticated = session.state else { return .unavailable }
        return await record.remove()
    }

    /// Verifies `pin` and applies the attempt limit to the count the vault
    /// keeps (which survives a relaunch).
    private func checkPIN(_ pin: PIN) async -> PINEntryOutcome {
        let verification: PINVerification
        do throws(PINVaultError) {
            verification = try await record.vault.verify(pin)
        } catch {
            return .refused(.unavailable)
        }
        switch verification {
        case .accepted:
            return .accepted
        case .noPINSet:
            // Nothing to check against: never an unlock (fail closed).
            return .refused(.unavailable)
        case .rejected(let failedAttempts):
            guard failedAttempts >= record.maximumAttempts else {
                return .refused(.wrong(attemptsLeft: record.maximumAttempts - failedAttempts))
            }
            await expireForPIN(.pinAttemptsExhausted)
            return .sessionExpired
        }
    }

    /// The session-expired path of the decision table (tokens cleared, local
    /// data kept, the identifier kept for the sign-in), for a PIN reason.
    private func expireForPIN(_ reason: SessionExpiredReason) async {
        guard session.state.isSignedIn else { return }
        await decisions.perform(
            BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(reason)),
            generation: await repository.generation)
    }
}

extension PINLock: PINUnlockUseCase, PINSettingsUseCases {}
