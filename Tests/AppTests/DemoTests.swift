import Composition
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

@MainActor
@Suite("app demo")
struct DemoTests {
    /// Runs the whole tour on a fresh in-memory world in `locale`.
    private func tour(locale: PreferredLanguage) async throws -> (DemoOutcome, Transcript, AppWorld) {
        let transcript = Transcript()
        let world = try AppWorld(testing: .inMemory)
        let outcome = await Demo(
            app: HeadlessApp(world: world, texts: Texts(locale: locale)), console: transcript.console
        )
        .tour()
        return (outcome, transcript, world)
    }

    @Test("The demo runs every step to the end, narrated in the chosen language", arguments: PreferredLanguage.allCases)
    func runsToTheEnd(locale: PreferredLanguage) async throws {
        let (outcome, transcript, _) = try await tour(locale: locale)
        let texts = Texts(locale: locale)

        #expect(outcome.stoppedAt == nil, "\(transcript.text)")
        #expect(outcome.completed.count == DemoTour.steps(texts).count)
        #expect(transcript.errors.isEmpty)
        #expect(!transcript.text.contains("✘"))
        // Before each step, its one sentence in this locale, in order.
        var position = transcript.output.startIndex
        for step in DemoTour.steps(texts) {
            let found = transcript.output[position...].firstIndex(of: "# " + texts[step.narration])
            #expect(found != nil, "narration of \(step.title) missing or out of order")
            position = found ?? position
        }
        #expect(transcript.output.contains("# " + texts[.demoClosing]))
        #expect(transcript.output.contains("✔ expect screen entry-details"))
        #expect(transcript.output.contains("✔ expect screen system-unavailable"))
    }

    @Test("Narration is translated: each locale's sentences differ from the others'")
    func narrationIsTranslated() {
        let narrations = PreferredLanguage.allCases.map { locale in
            DemoTour.steps(Texts(locale: locale)).map { Texts(locale: locale)[$0.narration] }
        }
        for (index, one) in narrations.enumerated() {
            for other in narrations[(index + 1)...] {
                #expect(zip(one, other).allSatisfy { $0 != $1 })
            }
        }
        let everyKey = DemoTour.opening + DemoTour.closing + DemoTour.steps(Texts(locale: .ptBR)).map(\.narration)
        for locale in PreferredLanguage.allCases {
            #expect(everyKey.allSatisfy { !Texts(locale: locale)[$0].isEmpty })
        }
    }

    @Test("Every flow `app help demo` claims has steps that ran")
    func everyClaimedFlowRan() async throws {
        let help = HelpText.text(for: "demo")
        let claimed = help.split(separator: "\n").filter { $0.hasPrefix("  - ") }.map { $0.dropFirst(4) }
        let flows = claimed.map { line in DemoFlow.allCases.first { $0.summary == line } }
        #expect(!claimed.isEmpty)
        #expect(flows.allSatisfy { $0 != nil }, "help claims a flow the tour does not know: \(claimed)")
        #expect(Set(flows.compactMap { $0 }) == Set(DemoFlow.allCases), "help leaves a flow out")

        let (outcome, transcript, _) = try await tour(locale: .enUS)
        for flow in DemoFlow.allCases {
            #expect(outcome.flowsShown.contains(flow), "\(flow) claimed by help, no step of it ran\n\(transcript.text)")
        }
        // Each flow's steps do something and check something.
        for step in outcome.completed {
            let commands = step.lines.compactMap { try? ScriptParser.parse($0) }
            #expect(commands.contains { $0.isExpectation }, "step \(step.title) checks nothing")
        }
    }

    @Test("Two runs of the demo print the same transcript")
    func deterministic() async throws {
        let (_, first, _) = try await tour(locale: .ptBR)
        let (_, second, _) = try await tour(locale: .ptBR)
        #expect(first.output == second.output)
        #expect(first.output.count > 100)
    }

    @Test("The demo's output holds no password and no token", arguments: PreferredLanguage.allCases)
    func noSecrets(locale: PreferredLanguage) async throws {
        let (outcome, transcript, world) = try await tour(locale: locale)

        #expect(outcome.stoppedAt == nil)
        #expect(!transcript.contains(wholeWord: "123456"))
        #expect(!transcript.contains(wholeWord: "000000"))
        #expect(!transcript.contains(wholeWord: "246810"))
        #expect(!transcript.text.contains("‹"), "a secret was redacted, so one reached a screen")
        let secrets = await world.control?.knownSecrets() ?? []
        #expect(secrets.count > 3, "the backend issued tokens and knows passwords")
        #expect(SecretCheck(secrets).leaks(in: transcript.text).isEmpty, "a secret reached the output")
    }

    @Test("The token step reports what the backend counted")
    func refreshesCounted() async throws {
        let (_, transcript, _) = try await tour(locale: .enUS)
        #expect(
            transcript.output.contains(
                "# The backend counted 12 refreshes and 1 sign-in: the session stayed alive on its own."))
    }

    @Test("A step whose check does not hold stops the demo, naming the step, with exit 1")
    func failingStepStops() async throws {
        let transcript = Transcript()
        let world = try AppWorld(testing: .inMemory)
        let broken = DemoStep(
            title: "a wrong claim", flow: .signIn, narration: .demoSignIn,
            lines: [
                "tap sign-in", "type identifier 123.456.789-09", "tap next", "type password 123456",
                "expect screen dashboard",
            ])
        let later = DemoStep(title: "never reached", flow: .logout, narration: .demoLogout, lines: ["tap logout"])
        let demo = Demo(
            app: HeadlessApp(world: world, texts: Texts(locale: .enUS)), console: transcript.console,
            steps: [broken, later])

        let code = await demo.run()

        #expect(code == 1)
        #expect(transcript.text.contains("✘ the demo stopped at step “a wrong claim”, `expect screen dashboard`"))
        #expect(!transcript.output.contains("# " + Texts(locale: .enUS)[.demoLogout]))
        #expect(!transcript.contains(wholeWord: "123456"))
    }

    @Test("A screen that shows a secret stops the demo, the secret printed as its kind")
    func secretOnScreenStops() async throws {
        let transcript = Transcript()
        let world = try AppWorld(testing: .inMemory)
        // The password typed again into the identifier field, which is not masked.
        let leaking = DemoStep(
            title: "a leak", flow: .signIn, narration: .demoSignIn,
            lines: [
                "tap sign-in", "type identifier 123.456.789-09", "tap next", "type password 987654", "tap back",
                "type identifier 987654",
            ])
        let code = await Demo(
            app: HeadlessApp(world: world, texts: Texts(locale: .enUS)), console: transcript.console,
            steps: [leaking]
        ).run()

        #expect(code == 1)
        #expect(transcript.text.contains("✘ the demo stopped at step “a leak”"))
        #expect(transcript.text.contains("‹password›"))
        #expect(!transcript.contains(wholeWord: "987654"))
    }

    @Test("The demo through the command line, in each locale, exits 0", arguments: PreferredLanguage.allCases)
    func throughTheCommandLine(locale: PreferredLanguage) async {
        let transcript = Transcript()
        let code = await transcript.app().run(Invocation(locale: locale, command: .demo))
        #expect(code == 0, "\(transcript.text)")
    }

    @Test("Without virtual time and backend control the demo refuses with exit 2")
    func needsVirtualTime() async {
        let transcript = Transcript()
        let code = await transcript.app().run(Invocation(environment: "local", command: .demo))
        #expect(code == 2)
        #expect(transcript.errorText.contains("the demo needs virtual time"))
    }
}
