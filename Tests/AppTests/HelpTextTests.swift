import Composition
import GatehouseBench
import Testing

@testable import GatehouseApp

@Suite("Help texts")
struct HelpTextTests {
    @Test("The overview shows the usage line, every command and both options")
    func overviewListsEverything() {
        let text = HelpText.text(for: nil)
        #expect(
            text.contains(
                "Usage: app [--env NAME|FILE] [--locale pt-BR|en-US|es-ES] [--events stderr] [COMMAND [ARGS]]"))
        for word in CommandLineParser.commands + ["--env", "--locale", "in-memory", "pt-BR", "en-US", "es-ES"] {
            #expect(text.contains(word), "overview lacks \(word)")
        }
    }

    @Test("Every command has help of its own, starting with its usage line", arguments: CommandLineParser.commands)
    func everyCommandHasHelp(command: String) {
        let text = HelpText.text(for: command)
        #expect(text != HelpText.text(for: nil))
        #expect(text.hasPrefix("Usage: app"))
        #expect(text.contains(command))
    }

    @Test("help serve gives every flag that docs/reference-server.md lists")
    func serveFlags() {
        let text = HelpText.text(for: "serve")
        for flag in [
            "--host", "--port", "--api-key-env", "--api-key-file", "--token-ttl", "--refresh-window",
            "--rotation-grace", "--reuse-detection", "--virtual-clock",
        ] {
            #expect(text.contains(flag), "\(flag)")
        }
    }

    @Test("help run lists every word of the script language")
    func runListsTheScriptLanguage() {
        let text = HelpText.text(for: "run")
        #expect(text.contains(ScriptWords.listing().joined(separator: "\n")))
        let listed = Set(ScriptWords.lines.flatMap { $0.usage.split(separator: " ").map(String.init) })
        for word in ScriptParser.commands {
            #expect(listed.contains(word), "help run lacks \(word)")
        }
    }
}
