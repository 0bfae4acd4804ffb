/// Counts the work that can run right now, so that a headless runner can wait
/// until every piece of work has finished or is waiting (on the clock, or on
/// other work that is). `VirtualActivity` is the adapter every environment uses.
///
/// The count, for every adapter: only tasks the scheduler started are counted;
/// each counted task adds one while it can run and none while it is parked.
public protocol ActivityCounter: Sendable {
    /// A counted task is about to be started: it adds one from now on.
    func willStart()

    /// A counted task has finished: it adds none from now on.
    func didFinish()

    /// The calling task is about to park (wait on a continuation): if it is
    /// counted, it adds none while parked.
    ///
    /// - Returns: whether it is counted; the caller passes that back to
    ///   `willResume`.
    func willPark() -> Bool

    /// `count` parked, counted tasks are about to be resumed: each adds one
    /// again. Called by the resumer *before* it resumes them, so the count
    /// never dips to zero while work is still to run.
    func willResume(_ count: Int)
}
