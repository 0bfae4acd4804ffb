/// The device's session store refused a write: shown to the user on every
/// screen until a later write goes through, so a session that will not
/// survive a relaunch, or one left behind, is never a silent surprise.
public enum SessionStorageProblem: Sendable, Hashable {
    /// The session could not be saved: the next launch will not find it.
    case notSaved
    /// The stored session could not be removed (a logout or an ended session).
    case notDeleted
    /// The session is ended here and marked signed out, but its stored copy
    /// waits for another holder of the store's lock (another window of the
    /// app, busy or stopped) to let go: it is removed then, on its own, and
    /// no launch reads it back meanwhile. Not a failure: nothing is lost.
    case removalWaiting
    /// Another window of the app (another process) held the store's lock
    /// for more than a moment — stopped, hung, or slow — so this window
    /// neither refreshed nor wrote: it goes on with the session it read,
    /// and the next call tries again (adopting that window's token once it
    /// lets go). Not a failure: nothing is lost; said until a write, a
    /// refresh or an adoption goes through.
    case anotherWindowBusy
    /// The PIN of an ended session could not be removed from the PIN store.
    case pinNotRemoved
}
