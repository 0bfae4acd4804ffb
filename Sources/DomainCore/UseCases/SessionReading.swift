public import Ports

/// The global auth state, read-only: screens derive from it, never write it.
@MainActor
public protocol AuthStateReading: AnyObject {
    var state: AuthState { get }
    /// Set while the device's session store refuses writes: every screen says so.
    var storageProblem: SessionStorageProblem? { get }
}

/// The signed-in user as the server last said, or nil when nobody is signed in.
@MainActor
public protocol SignedInUserReading: AnyObject {
    var user: UserProfile? { get }
}
