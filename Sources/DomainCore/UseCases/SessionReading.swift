public import Ports

/// The global auth state, read-only: screens derive from it, never write it.
@MainActor
public protocol AuthStateReading: AnyObject {
    /// The global auth state, which every root screen derives from.
    var state: AuthState { get }
    /// Set while the device's session store refuses writes: every screen says so.
    var storageProblem: SessionStorageProblem? { get }
    /// While launching: the session store is locked and the launch waits for
    /// it to open (the start-up screen says so).
    var isWaitingForStorage: Bool { get }
}

/// The signed-in user as the server last said, or nil when nobody is signed in.
@MainActor
public protocol SignedInUserReading: AnyObject {
    /// The signed-in user as the server last said; nil when nobody is signed in.
    var user: UserProfile? { get }
}
