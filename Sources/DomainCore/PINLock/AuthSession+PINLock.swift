public import Ports

/// The PIN lock, as the auth state's one writer carries it out
/// (docs/spec/pin-lock.md). The PIN belongs to the session it locks: it is
/// removed whenever the tokens are cleared (logout, account deletion, an end
/// or an expiry of the session, a new sign-in), so an old PIN never locks,
/// nor unlocks, a later session.
extension AuthSession {
    // MARK: - The PIN screen

    /// Checks `pin` while locked: right, the signed-in area is shown; wrong,
    /// the attempts left are said; the last attempt expires the session.
    public func unlock(with pin: PIN) async -> PINEntryOutcome {
        guard case .pinLocked = state else { return .refused(.unavailable) }
        let outcome = await checkPIN(pin)
        // The session may have ended while the PIN was checked.
        if outcome == .accepted, case .pinLocked(let user) = state {
            transition(to: .authenticated(user))
        }
        return outcome
    }

    /// "Forgot PIN": the session expires on purpose, as after too many wrong PINs.
    public func forgotPIN() async {
        guard case .pinLocked = state else { return }
        await expireForPIN(.pinForgotten)
    }

    // MARK: - The security screen

    /// Whether a PIN is set; nil when the PIN store cannot be read.
    public func isPINSet() async -> Bool? {
        do throws(PINVaultError) {
            pinIsSet = try await pinVault.isSet()
            return pinIsSet
        } catch {
            return nil
        }
    }

    /// Checks the current PIN (before a change or a removal), counted as on
    /// the PIN screen.
    public func confirmCurrentPIN(_ pin: PIN) async -> PINEntryOutcome {
        guard case .authenticated = state else { return .refused(.unavailable) }
        return await checkPIN(pin)
    }

    /// Sets the PIN, replacing any other, while signed in.
    public func setPIN(_ pin: PIN) async -> PINProblem? {
        guard case .authenticated = state else { return .unavailable }
        do throws(PINVaultError) {
            try await pinVault.set(pin)
        } catch {
            if case .weakPIN(let weakness) = error { return .weak(weakness) }
            return .unavailable
        }
        pinIsSet = true
        pinStorageProblem = nil
        return nil
    }

    /// Removes the PIN while signed in.
    public func removePIN() async -> PINProblem? {
        guard case .authenticated = state else { return .unavailable }
        do throws(PINVaultError) {
            try await pinVault.remove()
        } catch {
            return .unavailable
        }
        pinIsSet = false
        pinStorageProblem = nil
        return nil
    }

    // MARK: - Inside the session

    /// `state` as the launch decided it, locked when it is signed in and a
    /// PIN is set. A vault that cannot say locks too (fail closed): its PIN
    /// screen then says the PIN cannot be checked and offers "Forgot PIN".
    func lockedIfPINSet(_ decided: AuthState) async -> AuthState {
        guard case .authenticated(let user) = decided else { return decided }
        do throws(PINVaultError) {
            pinIsSet = try await pinVault.isSet()
        } catch {
            pinIsSet = true
        }
        return pinIsSet ? .pinLocked(user) : decided
    }

    /// Removes the PIN as its session ends. A removal the store refuses is
    /// said on every screen (`SessionStorageProblem.pinNotRemoved`) until a
    /// later removal or set goes through.
    func discardPIN() async {
        pinIsSet = false
        do throws(PINVaultError) {
            try await pinVault.remove()
            pinStorageProblem = nil
        } catch {
            pinStorageProblem = .pinNotRemoved
        }
    }

    /// Verifies `pin` and applies the attempt limit to the count the vault
    /// keeps (which survives a relaunch).
    private func checkPIN(_ pin: PIN) async -> PINEntryOutcome {
        let verification: PINVerification
        do throws(PINVaultError) {
            verification = try await pinVault.verify(pin)
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
            guard failedAttempts >= pinPolicy.maximumAttempts else {
                return .refused(.wrong(attemptsLeft: pinPolicy.maximumAttempts - failedAttempts))
            }
            await expireForPIN(.pinAttemptsExhausted)
            return .sessionExpired
        }
    }

    /// The session-expired path of the decision table (tokens cleared, local
    /// data kept, the identifier kept for the sign-in), for a PIN reason.
    private func expireForPIN(_ reason: SessionExpiredReason) async {
        guard state.isSignedIn else { return }
        await perform(
            BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(reason)),
            generation: await repository.generation)
    }
}
