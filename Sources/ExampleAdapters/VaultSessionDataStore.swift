import Foundation
public import Ports
import Synchronization

/// A `SessionDataStore` that keeps the session in a `SecretVault` — the
/// example adapter of the "Adding an adapter" guide.
///
/// The session is encoded by the `SessionCoding` it is given and stored under
/// one name. The port's promises, and how this adapter keeps each:
///
/// - A read sees a whole session: every operation runs under one lock, so a
///   read never falls between the two vault calls of another operation.
/// - A vault that cannot be read answers `.unavailable`, never `.absent`, and
///   nothing is deleted.
/// - Bytes that do not decode are set aside under `<name>.corrupt-<n>` (not
///   deleted silently): that read answers `.setAside`, the next ones `.absent`.
/// - A failed `save` or `delete` leaves what was stored as it was.
/// - No error text carries the token: vault and coding errors describe
///   themselves without the bytes.
public final class VaultSessionDataStore: SessionDataStore {
    /// Where the session is kept in the vault.
    public let secretName: String
    /// The coding the session is written and read with.
    public let coding: any SessionCoding
    private let vault: any SecretVault
    private let state = Mutex(State())

    private struct State {
        var setAsideCount = 0
        var problems: [SessionCodingError] = []
    }

    public init(vault: any SecretVault, coding: any SessionCoding, secretName: String = "gatehouse.session") {
        self.vault = vault
        self.coding = coding
        self.secretName = secretName
    }

    public func read() async -> SessionRead {
        state.withLock { state -> SessionRead in
            let stored: Data?
            do throws(SecretVaultError) {
                stored = try vault.secret(named: secretName)
            } catch {
                return .unavailable(.unavailable(error.description))
            }
            guard let stored else { return .absent }
            do throws(SessionCodingError) {
                return .found(try coding.decode(stored))
            } catch {
                return setAside(stored, because: error, in: &state)
            }
        }
    }

    public func save(_ session: UserSession) async throws(SessionStoreError) {
        let encoded: Data
        do {
            encoded = try coding.encode(session)
        } catch {
            throw .coding(error)
        }
        try state.withLock { (_: inout State) throws(SessionStoreError) in
            do throws(SecretVaultError) {
                try vault.store(encoded, named: secretName)
            } catch {
                throw .unavailable(error.description)
            }
        }
    }

    public func delete() async throws(SessionStoreError) {
        try state.withLock { (_: inout State) throws(SessionStoreError) in
            do throws(SecretVaultError) {
                try vault.remove(named: secretName)
            } catch {
                throw .unavailable(error.description)
            }
        }
    }

    /// Why each set-aside value could not be decoded, oldest first (never
    /// with the token).
    public var problems: [SessionCodingError] { state.withLock { $0.problems } }

    /// Moves undecodable bytes to a name of their own, then frees the
    /// session's name. If the vault refuses either step the read is
    /// `.unavailable` and the bytes stay where they were, to be tried again.
    private func setAside(_ stored: Data, because problem: SessionCodingError, in state: inout State) -> SessionRead {
        let asideName = "\(secretName).corrupt-\(state.setAsideCount + 1)"
        do throws(SecretVaultError) {
            try vault.store(stored, named: asideName)
            try vault.remove(named: secretName)
        } catch {
            return .unavailable(.unavailable("could not set an unreadable session aside: \(error)"))
        }
        state.setAsideCount += 1
        state.problems.append(problem)
        return .setAside(reason: "the stored session could not be decoded (\(problem)); it was kept as \(asideName)")
    }
}
