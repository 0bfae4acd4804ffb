import DomainCore
import Testing

/// Records the entries a screen asks to open. Any other way out is not
/// expected of the screens tested with it, so it is recorded as an issue.
@MainActor
final class FakeSignedInNavigator: SignedInNavigator {
    private(set) var openedEntryIDs: [String] = []

    func showEntryDetails(id: String) async { openedEntryIDs.append(id) }

    func showStatement() async { Issue.record("showStatement was called, but the test did not expect it") }
    func showProfile() { Issue.record("showProfile was called, but the test did not expect it") }
    func showRelatedUsers() async { Issue.record("showRelatedUsers was called, but the test did not expect it") }
    func showSecurity() async { Issue.record("showSecurity was called, but the test did not expect it") }
    func showSessionDetails() async {
        Issue.record("showSessionDetails was called, but the test did not expect it")
    }
    func back() { Issue.record("back was called, but the test did not expect it") }
}
