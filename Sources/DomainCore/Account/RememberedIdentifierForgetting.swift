public import Ports

/// Forgets the identifier remembered for the sign-in when it is that of an
/// account that no longer exists: a deleted account's CPF must not be
/// offered at the next sign-in (it would only fail as wrong credentials).
/// The composition's launch preferences adopt it.
@MainActor
public protocol RememberedIdentifierForgetting: AnyObject {
    /// Forgets the remembered identifier if it is `user`'s; another user's
    /// stays.
    func forgetIdentifier(of user: UserProfile) async
}
