public import Ports

/// The PIN as the session knows it: whether one is set, its removal when its
/// session ends, and the lock's timeout and attempt limit
/// (docs/spec/pin-lock.md). The PIN belongs to the session it locks: it is
/// removed whenever the tokens are cleared (logout, account deletion, an end
/// or an expiry of the session, a new sign-in), so an old PIN never locks,
/// nor unlocks, a later session.
@MainActor
public final class SessionPIN {
    /// Keeps the PIN's salted hash and its failed attempts.
    let vault: any PINVault
    private let session: AuthSession
    private let policy: PINLockPolicy
    private let timeoutSource: (any PINLockTimeoutSource)?
    /// Whether a PIN is set, as last learnt from the vault (at launch, or by
    /// a set or a removal); true when the vault could not say (fail closed).
    private(set) var isSet = false

    /// - Parameters:
    ///   - vault: where the PIN lock's record is kept.
    ///   - session: the session state whose PIN storage problem this sets.
    ///   - policy: the attempt limit, and the timeout when there is no `timeoutSource`.
    ///   - timeoutSource: the person's saved timeout, read at each return to the foreground.
    public init(
        vault: any PINVault, session: AuthSession, policy: PINLockPolicy = PINLockPolicy(),
        timeoutSource: (any PINLockTimeoutSource)? = nil
    ) {
        self.vault = vault
        self.session = session
        self.policy = policy
        self.timeoutSource = timeoutSource
    }

    /// How long the app may stay away before the PIN is asked again.
    var timeout: Duration { timeoutSource?.pinLockTimeout ?? policy.timeout }

    /// How many wrong PINs in a row expire the session.
    var maximumAttempts: Int { policy.maximumAttempts }

    /// Asks the vault whether a PIN is set; nil when it cannot say.
    func readIsSet() async -> Bool? {
        do throws(PINVaultError) {
            isSet = try await vault.isSet()
            return isSet
        } catch {
            return nil
        }
    }

    /// `decided` as the launch decided it, locked when it is signed in and a
    /// PIN is set. A vault that cannot say locks too (fail closed): its PIN
    /// screen then says the PIN cannot be checked and offers "Forgot PIN".
    func lockedIfSet(_ decided: AuthState) async -> AuthState {
        guard case .authenticated(let user) = decided else { return decided }
        do throws(PINVaultError) {
            isSet = try await vault.isSet()
        } catch {
            isSet = true
        }
        return isSet ? .pinLocked(user) : decided
    }

    /// Removes the PIN as its session ends. A removal the store refuses is
    /// said on every screen (`SessionStorageProblem.pinNotRemoved`) until a
    /// later removal or set goes through.
    func discard() async {
        isSet = false
        do throws(PINVaultError) {
            try await vault.remove()
            session.pinStorageProblem = nil
        } catch {
            session.pinStorageProblem = .pinNotRemoved
        }
    }

    /// Sets the PIN, replacing any other.
    func set(_ pin: PIN) async -> PINProblem? {
        do throws(PINVaultError) {
            try await vault.set(pin)
        } catch {
            if case .weakPIN(let weakness) = error { return .weak(weakness) }
            return .unavailable
        }
        isSet = true
        session.pinStorageProblem = nil
        return nil
    }

    /// Removes the PIN on request.
    func remove() async -> PINProblem? {
        do throws(PINVaultError) {
            try await vault.remove()
        } catch {
            return .unavailable
        }
        isSet = false
        session.pinStorageProblem = nil
        return nil
    }
}
