import DomainCore
import Ports
import Testing

/// The profile's form on fakes of its seams: the sign-up form's rules for
/// name and e-mail, only what changed is sent, and delete behind a confirmation.
@MainActor
@Suite("Profile screen")
struct ProfileViewModelTests {
    private func profile(_ session: FakeSignedInSession) -> ProfileViewModel {
        ProfileViewModel(user: session.user ?? .maria, session: session)
    }

    @Test(
        "The profile judges name and e-mail exactly as the sign-up form does",
        arguments: [
            ("", ""), (" \n ", "\t\n"), ("M", "maria@"), ("M\n", "maria@example"), ("  Jo  ", " maria@example.com\n"),
            ("Maria S.", "maria@example.com"),
        ])
    func sameRulesAsSignUp(name: String, email: String) async {
        let session = FakeSignedInSession(user: .maria)
        session.updateOutcome = .success(.maria)
        let profile = profile(session)
        profile.name = name
        profile.email = email

        await profile.save()

        let signUpProblems = SignUpForm(name: name, email: email).validate()
        #expect(profile.problems[.name] == signUpProblems[.name])
        #expect(profile.problems[.email] == signUpProblems[.email])
    }

    @Test("Save is disabled until something changed; a refused form sends nothing, and its problems follow the typing")
    func refusedFormSendsNothingAndProblemsFollowTyping() async {
        let session = FakeSignedInSession(user: .maria)
        let profile = profile(session)
        #expect(!profile.isSaveEnabled, "nothing changed yet")

        profile.name = "M"
        profile.email = "maria@"
        await profile.save()

        #expect(profile.problems == [.name: .nameTooShort, .email: .invalidEmail])
        #expect(session.updates.isEmpty)
        profile.name = "Maria S."
        #expect(profile.problems == [.email: .invalidEmail], "problems follow the typing once shown")
    }

    @Test("A name of whitespace and newlines only is empty, not too short, and nothing is sent")
    func whitespaceAndNewlineNameIsEmpty() async {
        let session = FakeSignedInSession(user: .maria)
        let profile = profile(session)
        profile.name = " \n"

        await profile.save()

        #expect(profile.problems == [.name: .empty])
        #expect(session.updates.isEmpty)
    }

    @Test("Only what changed is sent, normalised as sign-up sends it")
    func onlyChangesAreSentNormalised() async {
        let session = FakeSignedInSession(user: .maria)
        var renamed = UserProfile.maria
        renamed.name = "Maria S. Silva"
        session.updateOutcome = .success(renamed)
        let profile = profile(session)

        profile.name = "  Maria S. Silva\n"
        profile.email = " maria@example.com "
        await profile.save()

        #expect(session.updates == [ProfileChanges(name: "Maria S. Silva", email: nil)])
        #expect(profile.saved)
        #expect(profile.name == "Maria S. Silva", "the form shows what the server answered")
        #expect(!profile.isSaveEnabled)
    }

    @Test("A refused save shows the failure and the server's per-field reasons, cleared by the next edit")
    func refusedSaveShowsFieldErrors() async {
        let session = FakeSignedInSession(user: .maria)
        session.updateOutcome = .failure(.invalidFields(["email": "taken"]))
        let profile = profile(session)

        profile.email = "joao@example.com"
        await profile.save()

        #expect(profile.failure == .invalidFields(["email": "taken"]))
        #expect(profile.serverFieldErrors == ["email": "taken"])
        #expect(!profile.saved)
        profile.email = "maria.silva@example.com"
        #expect(profile.failure == nil)
        #expect(profile.serverFieldErrors.isEmpty)
    }

    @Test("Save is disabled with nobody signed in")
    func saveDisabledWithoutUser() {
        let session = FakeSignedInSession(user: nil)
        let profile = ProfileViewModel(user: .maria, session: session)

        profile.name = "Someone Else"

        #expect(!profile.isSaveEnabled)
    }

    @Test("Delete is sent only after the confirmation step, and a failure is shown")
    func deleteNeedsConfirmation() async {
        let session = FakeSignedInSession(user: .maria)
        session.deleteOutcome = .failure(.network)
        let profile = profile(session)

        await profile.confirmDelete()
        #expect(session.deletions == 0, "no delete without the confirmation step")

        profile.requestDelete()
        await profile.confirmDelete()

        #expect(session.deletions == 1)
        #expect(profile.failure == .network)
        #expect(!profile.isConfirmingDelete)
        #expect(!profile.isDeleting)
    }
}
