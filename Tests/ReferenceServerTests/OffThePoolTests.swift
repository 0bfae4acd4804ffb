import OperatingSystem
import OffThePool
import Testing

/// What fails off the pool fails the test that ran it: an expectation in
/// `offThePool`'s work is recorded against the calling test, not lost as an
/// issue of no test (which let a test whose request timed out pass).
/// `withKnownIssue` fails unless the issue reaches it through the test's context.
@Suite("Work off the pool")
struct OffThePoolTests {
    @Test("An issue recorded in the work is the calling test's")
    func anIssueInTheWorkBelongsToTheTest() async {
        await withKnownIssue("recorded on the work's own thread") {
            try await offThePool { () -> Void in Issue.record("recorded off the pool") }
        }
    }

    @Test("A failed #require in the work fails the calling test")
    func aFailedRequireInTheWorkBelongsToTheTest() async {
        await withKnownIssue("a required answer that never came") {
            try await offThePool { () throws -> Void in
                let answer: Int? = nil
                _ = try #require(answer)
            }
        }
    }

    @Test("Blocking on a thread of the pool is a failure of the test; off the pool, after an await too, it is none")
    func blockingIsCheckedWhereItHappens() async throws {
        // A task made here runs on the pool (this test is on no actor),
        // and keeps the test's context, so its issue is the test's. The pool
        // is told by its threads' names, which libdispatch gives on Linux.
        let named = await Task { isOnAThreadOfThePool() }.value
        #expect(named || !Platform.isLinux, "the pool's threads carry their root queue's name")
        if named {
            await withKnownIssue("a wait made on the pool") {
                await Task { expectOffThePool("a wait made on the pool") }.value
            }
        }
        try await offThePool { expectOffThePool("a wait made off the pool") }
        try await offThePool { () async -> Void in
            await Task.yield()
            expectOffThePool("a wait made off the pool after an await")
        }
    }
}
