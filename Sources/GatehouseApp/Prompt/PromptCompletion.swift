import DomainCore

/// What Tab offers at the interactive prompt, from the words typed before
/// the one being completed and the screen shown: the commands first, then
/// the shown screen's actions (`tap`, `expect enabled`) and fields (`type`),
/// and each command's own words.
enum PromptCompletion {
    /// The words `help`, `screen`, `quit` and `exit`: the prompt's own, not the script language's.
    static let promptWords = ["help", "screen", "quit", "exit"]
    static let expectations = [
        "screen", "enabled", "disabled", "loading", "not-loading", "text", "no-text", "state", "health",
        "stored-session", "local-data", "metric", "event",
    ]

    static func candidates(after words: [String], on screen: ScreenSnapshot) -> [String] {
        let actions = screen.actions.map(\.name)
        switch words {
        case []: return ScriptParser.commands + promptWords
        case ["tap"], ["expect", "enabled"], ["expect", "disabled"]: return actions
        case ["type"]: return screen.fields.map(\.name)
        case ["open"]:
            return (1...max(1, screen.entries?.count ?? 0)).map(String.init).filter { _ in screen.entries != nil }
        case ["expect"]: return expectations
        case ["expect", "screen"]: return ScriptParser.screens
        case ["expect", "state"]: return ScriptParser.states
        case ["expect", "health"]: return ScriptParser.healths
        case ["expect", "event"]: return SessionEvents.kindNames
        case ["expect", "stored-session"], ["expect", "local-data"]: return ["yes", "no"]
        case ["server"]: return ScriptParser.serverWords
        case ["person"]: return ScriptParser.personWords
        case ["server", "health"]: return ["up", "down"]
        case ["store"]: return ["full", "unavailable", "ok"]
        default: return []
        }
    }

    /// The words a mistyped word may have meant, given the words before it:
    /// the same lists Tab completes from.
    static func nearMiss(for word: String, after words: [String], on screen: ScreenSnapshot) -> String? {
        NearMiss.suggestion(for: word, among: candidates(after: words, on: screen))
    }
}
