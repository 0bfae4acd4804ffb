public import Ports

/// Changes the signed-in user's name or e-mail on the server and makes every
/// screen (and the cached data) follow the answer.
@MainActor
public protocol UpdateProfileUseCase: AnyObject {
    func updateProfile(_ changes: ProfileChanges) async -> Result<UserProfile, SignedInFailure>
}

/// Deletes the signed-in user's account; on success the session ends.
@MainActor
public protocol DeleteAccountUseCase: AnyObject {
    func deleteAccount() async -> Result<Void, SignedInFailure>
}

/// Everything the profile screen asks of the session.
public typealias ProfileUseCases = SignedInUserReading & UpdateProfileUseCase & DeleteAccountUseCase

/// What the signed-in home asks of the session: who is signed in, and log out.
public typealias DashboardUseCases = SignedInUserReading & LogoutUseCase
