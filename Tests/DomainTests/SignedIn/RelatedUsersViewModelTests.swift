import DomainCore
import Ports
import Testing

/// The related users on a fake of their seam: a placeholder while they load,
/// the list (an empty one included), failure and retry, one load at a time.
@MainActor
@Suite("Related users screen")
struct RelatedUsersViewModelTests {
    private static let joao = RelatedUser(id: "user-joao", name: "João da Silva", email: "joao@example.com")

    private func relatedScreen(
        _ outcome: Result<[RelatedUser], SignedInFailure>? = .success([joao])
    ) -> (RelatedUsersViewModel, FakeRelatedUsersReading) {
        let reader = FakeRelatedUsersReading(outcome: outcome)
        return (RelatedUsersViewModel(service: reader), reader)
    }

    @Test("A placeholder while the list is in flight, then the list")
    func placeholderThenList() async {
        let (related, reader) = relatedScreen()
        reader.gate.hold()

        let loading = Task { await related.load() }
        await reader.gate.waitUntilACallIsHeld()

        #expect(related.showsPlaceholder)
        #expect(related.users == nil)
        reader.gate.release()
        await loading.value
        #expect(!related.showsPlaceholder)
        #expect(related.users == [Self.joao])
    }

    @Test("Nobody related is an empty list, not a placeholder")
    func emptyListIsShown() async {
        let (related, _) = relatedScreen(.success([]))

        await related.load()

        #expect(related.users == [])
        #expect(!related.showsPlaceholder)
        #expect(related.failure == nil)
    }

    @Test("A load that fails shows the failure and no placeholder; retry loads the list")
    func failureThenRetry() async {
        let (related, reader) = relatedScreen(.failure(.network))

        await related.load()

        #expect(related.failure == .network)
        #expect(!related.showsPlaceholder)
        #expect(related.users == nil)

        reader.outcome = .success([Self.joao])
        reader.gate.hold()
        let retrying = Task { await related.retry() }
        await reader.gate.waitUntilACallIsHeld()
        #expect(related.failure == nil, "the failure goes as the retry starts")
        #expect(related.showsPlaceholder)
        reader.gate.release()
        await retrying.value

        #expect(related.failure == nil)
        #expect(related.users == [Self.joao])
        #expect(reader.calls == 2)
    }

    @Test("No second load while one is in flight")
    func neverTwoLoadsAtOnce() async {
        let (related, reader) = relatedScreen()
        reader.gate.hold()
        let loading = Task { await related.load() }
        await reader.gate.waitUntilACallIsHeld()

        await related.load()
        await related.retry()

        #expect(reader.calls == 1)
        reader.gate.release()
        await loading.value
        #expect(reader.calls == 1)
    }
}
