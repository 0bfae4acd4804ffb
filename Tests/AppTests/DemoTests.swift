import Composition
import Testing

@testable import app

@MainActor
@Suite("app demo")
struct DemoTests {
    @Test("The demo runs every step to the end and exits 0, on virtual time")
    func runsToTheEnd() async throws {
        let transcript = Transcript()
        let world = try AppWorld(environment: .inMemory)
        let code = await Demo(
            app: HeadlessApp(world: world, texts: Texts(locale: "en-US")), console: transcript.console
        ).run()

        #expect(code == 0, "\(transcript.text)")
        #expect(transcript.errors.isEmpty)
        #expect(!transcript.text.contains("✘"))
        #expect(transcript.output.contains("✔ expect screen dashboard"))
        #expect(transcript.output.contains("✔ expect disabled next"))
        #expect(transcript.output.contains("✔ expect text 111.444.777-35"))
        #expect(transcript.text.contains("The backend counted 1 refresh"))
        #expect(transcript.output.contains { $0.hasPrefix("# ") })
        // Every step's narration was printed, in order.
        var position = transcript.output.startIndex
        for step in DemoTour.steps {
            let found = transcript.output[position...].firstIndex(of: "# " + step.narration[0])
            #expect(found != nil, "narration of \(step.title) missing or out of order")
            position = found ?? position
        }
    }

    @Test("The demo's output holds no password and no token")
    func noSecrets() async throws {
        let transcript = Transcript()
        let world = try AppWorld(environment: .inMemory)
        _ = await Demo(app: HeadlessApp(world: world, texts: Texts(locale: "pt-BR")), console: transcript.console).run()

        #expect(!transcript.contains(wholeWord: "123456"))
        #expect(!transcript.contains(wholeWord: "246810"))
        let secrets = await world.control?.knownSecrets() ?? []
        #expect(secrets.count > 3, "the backend issued tokens and knows passwords")
        #expect(SecretCheck(secrets).leaks(in: transcript.text).isEmpty, "a secret reached the output")
    }

    @Test("A step whose check does not hold stops the demo with the reason and exit 1")
    func failingStepStops() async throws {
        let transcript = Transcript()
        let world = try AppWorld(environment: .inMemory)
        let broken = DemoStep(
            title: "a wrong claim", narration: ["This step expects the wrong screen."],
            lines: ["type password 123456", "expect screen dashboard"])
        let demo = Demo(
            app: HeadlessApp(world: world, texts: Texts(locale: "en-US")), console: transcript.console, steps: [broken])

        let code = await demo.run()

        #expect(code == 1)
        #expect(transcript.text.contains("✘ the demo stopped at step “a wrong claim”"))
        #expect(!transcript.contains(wholeWord: "123456"))
    }

    @Test("The demo through the command line, in each locale, exits 0", arguments: Texts.supportedLocales)
    func throughTheCommandLine(locale: String) async {
        let transcript = Transcript()
        let code = await transcript.app().run(Invocation(locale: locale, command: .demo))
        #expect(code == 0, "\(transcript.text)")
    }
}
