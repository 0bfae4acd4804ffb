import Ports

/// Another window of the app (another process) holding the store's lock:
/// how long a write waits for it, and what the person is told.
extension UserSessionRepository {
    /// Removes what `store` holds under its lock, waiting at most
    /// ``lockWait`` for another holder (`.busy` past it): a sign-out's
    /// removal, which is marked first and tried again later, must not hold
    /// the person for a store's own, longer, wait.
    static func removeStored(from store: any SessionDataStore) async throws(SessionStoreError) {
        let removal = try await store.exclusively(waitingAtMost: lockWait) { held in
            await SessionStoreWrite.run { () async throws(SessionStoreError) in try await held.delete() }
        }
        try removal.get()
    }

    /// Tells the person that another window keeps the session busy (a
    /// refresh or a write of this one found its lock held), once until it
    /// is over.
    func sayAnotherWindowBusy() async {
        saidAnotherWindowBusy = true
        await writeOutcomes.writeEnded(.anotherWindowBusy)
    }

    /// What was said of another window busy is over: this window's
    /// refresh went through, or it adopted that window's token.
    func anotherWindowLetGo() async {
        guard saidAnotherWindowBusy else { return }
        saidAnotherWindowBusy = false
        await writeOutcomes.writeEnded(nil)
    }
}
