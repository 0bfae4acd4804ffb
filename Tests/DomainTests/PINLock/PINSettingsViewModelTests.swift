import DomainCore
import Ports
import Testing

/// The security screen (docs/spec/pin-lock.md, "Setting, changing and
/// removing the PIN"): two entries to set, the weak PIN refused with its
/// reason, the current PIN before a change or a removal.
@MainActor
@Suite("Security screen")
struct PINSettingsViewModelTests {
    private func signedIn() async -> (TestViewModelGraph, PINSettingsViewModel) {
        let graph = TestViewModelGraph()
        _ = graph.makeMainViewModel()
        await graph.harness.launcher.bootstrap()
        await graph.harness.signInAsMaria()
        let model = graph.makePINSettingsViewModel()
        await model.load()
        return (graph, model)
    }

    private func type(_ pin: String, into model: PINSettingsViewModel) async {
        model.pin = pin
        await model.next()
    }

    @Test("A PIN is set after two equal entries")
    func setAfterTwoEntries() async {
        let (graph, model) = await signedIn()
        #expect(model.isSet == false)
        model.startSetting()
        #expect(model.step == .new)
        await type("2580", into: model)
        #expect(model.step == .confirm)
        await type("2580", into: model)

        #expect(model.step == .overview)
        #expect(model.notice == .set)
        #expect(model.isSet == true)
        #expect(await graph.pinLock.isPINSet() == true)
        await graph.sessionEnd.logout()
    }

    @Test(
        "A weak PIN is refused at the first entry with its reason",
        arguments: [
            ("1234", PINWeakness.sequentialDigits), ("9876", .sequentialDigits), ("0000", .repeatedDigit),
            ("7777", .repeatedDigit),
        ])
    func weakPINRefused(pin: String, weakness: PINWeakness) async {
        let (graph, model) = await signedIn()
        model.startSetting()
        await type(pin, into: model)
        #expect(model.problem == .weak(weakness))
        #expect(model.step == .new)
        #expect(await graph.pinLock.isPINSet() == false)
        await graph.sessionEnd.logout()
    }

    @Test("Next is offered only for four digits: anything else is not taken")
    func nextNeedsFourDigits() async {
        let (graph, model) = await signedIn()
        model.startSetting()
        for text in ["", "12", "12a4", "12345"] {
            model.pin = text
            #expect(!model.isNextEnabled, "\(text)")
        }
        model.pin = "2580"
        #expect(model.isNextEnabled)
        await graph.sessionEnd.logout()
    }

    @Test("A confirmation that differs sets nothing and starts the new PIN again")
    func mismatchStartsAgain() async {
        let (graph, model) = await signedIn()
        model.startSetting()
        await type("2580", into: model)
        await type("2581", into: model)
        #expect(model.problem == .mismatch)
        #expect(model.step == .new)
        #expect(await graph.pinLock.isPINSet() == false)
        await graph.sessionEnd.logout()
    }

    @Test("A change asks for the current PIN first; a wrong one counts and changes nothing")
    func changeAsksForTheCurrentPIN() async throws {
        let (graph, model) = await signedIn()
        model.startSetting()
        await type("2580", into: model)
        await type("2580", into: model)

        model.startChanging()
        #expect(model.step == .current)
        await type("1111", into: model)
        #expect(model.problem == .wrong(attemptsLeft: 4))
        #expect(model.step == .current)
        await type("2580", into: model)
        #expect(model.step == .new)
        await type("1470", into: model)
        await type("1470", into: model)
        #expect(model.notice == .changed)

        #expect(await graph.pinLock.confirmCurrentPIN(PIN("1470")) == .accepted)
        #expect(await graph.pinLock.confirmCurrentPIN(PIN("2580")) == .refused(.wrong(attemptsLeft: 4)))
        await graph.sessionEnd.logout()
    }

    @Test("A removal asks for the current PIN, then removes it")
    func removeAsksForTheCurrentPIN() async {
        let (graph, model) = await signedIn()
        model.startSetting()
        await type("2580", into: model)
        await type("2580", into: model)

        model.startRemoving()
        await type("2580", into: model)

        #expect(model.notice == .removed)
        #expect(model.isSet == false)
        #expect(await graph.pinLock.isPINSet() == false)
        await graph.sessionEnd.logout()
    }

    @Test("Five wrong current PINs on the security screen expire the session too")
    func fiveWrongCurrentPINsExpire() async {
        let (graph, model) = await signedIn()
        model.startSetting()
        await type("2580", into: model)
        await type("2580", into: model)
        model.startChanging()
        for _ in 0..<5 { await type("1111", into: model) }
        #expect(graph.authSession.state == .sessionExpired(.pinAttemptsExhausted))
    }

    @Test("Cancel leaves a step for the overview, changing nothing")
    func cancelChangesNothing() async {
        let (graph, model) = await signedIn()
        model.startSetting()
        await type("2580", into: model)
        model.cancel()
        #expect(model.step == .overview)
        #expect(await graph.pinLock.isPINSet() == false)
        await graph.sessionEnd.logout()
    }
}
