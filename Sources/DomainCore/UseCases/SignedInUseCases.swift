public import Ports

/// Changes the signed-in user's name or e-mail on the server and makes every
/// screen (and the cached data) follow the answer.
@MainActor
public protocol UpdateProfileUseCase: AnyObject {
    /// Sends `changes` (only the fields that changed) to the server.
    ///
    /// - Returns: the user as the server now has them, already in the state
    ///   and the cached data; or why not, with nothing changed locally.
    func updateProfile(_ changes: ProfileChanges) async -> Result<UserProfile, SignedInFailure>
}

/// Deletes the signed-in user's account; on success the session ends.
@MainActor
public protocol DeleteAccountUseCase: AnyObject {
    /// Deletes the account on the server.
    ///
    /// - Returns: success once the account is gone and the session has ended
    ///   (the root shows welcome); or why not, with the session kept.
    func deleteAccount() async -> Result<Void, SignedInFailure>
}

/// Everything the profile screen asks of the session.
public typealias ProfileUseCases = SignedInUserReading & UpdateProfileUseCase & DeleteAccountUseCase

/// What the signed-in home asks of the session: who is signed in, and log out.
public typealias DashboardUseCases = SignedInUserReading & LogoutUseCase
