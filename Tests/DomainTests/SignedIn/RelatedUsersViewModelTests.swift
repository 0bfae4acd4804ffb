import DomainCore
import Ports
import Testing

/// The related users on a fake of their seam: a placeholder while they load,
/// the list (an empty one included), failure and retry, one load at a time;
/// selecting and deselecting people to share with, and saving the choice.
@MainActor
@Suite("Related users screen")
struct RelatedUsersViewModelTests {
    private static let joao = RelatedUser(id: "user-joao", name: "João da Silva", email: "joao@example.com")

    private func relatedScreen(
        _ outcome: Result<[RelatedUser], SignedInFailure>? = .success([joao])
    ) -> (RelatedUsersViewModel, FakeRelatedUsersChoosing) {
        let reader = FakeRelatedUsersChoosing(outcome: outcome)
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

    private static let ana = RelatedUser(id: "user-ana", name: "Ana Souza", email: "ana@example.com", isShared: true)

    @Test("The loaded choice is the selection; select and deselect change only the screen until save")
    func selectionStartsFromServerAndChangesLocally() async {
        let (related, reader) = relatedScreen(.success([Self.joao, Self.ana]))
        await related.load()
        #expect(related.selection == ["user-ana"])
        #expect(!related.isSaveEnabled, "nothing to save yet")

        related.select("user-joao")
        related.deselect("user-ana")
        related.select("someone-not-listed")

        #expect(related.selection == ["user-joao"])
        #expect(related.hasUnsavedChanges)
        #expect(related.isSaveEnabled)
        #expect(reader.savedSelections.isEmpty)
        #expect(related.users == [Self.joao, Self.ana], "the list shows the server's answer until saved")
    }

    @Test("Save sends the selection, shows the server's answer and says it saved")
    func saveSendsSelection() async {
        let (related, reader) = relatedScreen(.success([Self.joao, Self.ana]))
        await related.load()
        related.select("user-joao")
        reader.gate.hold()

        let saving = Task { await related.save() }
        await reader.gate.waitUntilACallIsHeld()
        #expect(related.isSaving)
        #expect(!related.isSaveEnabled, "no second save while one is in flight")
        related.deselect("user-joao")
        #expect(related.selection == ["user-joao", "user-ana"], "no change while the save is in flight")
        reader.gate.release()
        await saving.value

        #expect(reader.savedSelections == [["user-joao", "user-ana"]])
        #expect(related.saved)
        #expect(related.users?.map(\.isShared) == [true, true])
        #expect(!related.hasUnsavedChanges)
        related.deselect("user-ana")
        #expect(!related.saved, "a change after saving is not saved")
    }

    @Test(
        "A save that fails keeps the selection and shows the failure; retry saves it again",
        arguments: [SignedInFailure.network, .server, .invalidFields(["shared": "no"])])
    func failedSaveKeepsSelection(failure: SignedInFailure) async {
        let (related, reader) = relatedScreen(.success([Self.joao]))
        await related.load()
        related.select("user-joao")
        reader.saveFailure = failure

        await related.save()

        #expect(related.failure == failure)
        #expect(!related.saved)
        #expect(related.selection == ["user-joao"])
        #expect(related.users == [Self.joao])

        reader.saveFailure = nil
        await related.retry()
        #expect(related.failure == nil)
        #expect(related.saved)
        #expect(reader.savedSelections == [["user-joao"], ["user-joao"]])
        #expect(reader.calls == 1, "retry after a failed save does not reload")
    }

    @Test("Save is not offered before the list is loaded")
    func noSaveBeforeLoad() async {
        let (related, reader) = relatedScreen(.failure(.network))
        await related.load()
        related.select("user-joao")

        await related.save()

        #expect(!related.isSaveEnabled)
        #expect(reader.savedSelections.isEmpty)
    }
}
