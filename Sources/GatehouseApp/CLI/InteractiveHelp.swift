/// What `help` prints at the interactive prompt, in the person's language:
/// the screen's actions and fields, then the words that drive the app. The
/// words are English, as they are typed; their meanings are translated.
enum InteractiveHelp {
    static func lines(for screen: ScreenSnapshot, in texts: Texts = .english, columns: Int = .max) -> [String] {
        let disabled = texts.help(.disabled)
        let actions = screen.actions.map { $0.isEnabled ? $0.name : "\($0.name) (\(disabled))" }
        let fields = screen.fields.map(\.name)
        let none = texts.help(.none)
        // The two labels end in one column, whatever their length in this language.
        let labels = [texts.help(.actions) + ":", texts.help(.fields) + ":"]
        let width = labels.map(\.count).max() ?? 0
        func label(_ index: Int) -> String {
            "  " + labels[index].padding(toLength: width + 1, withPad: " ", startingAt: 0)
        }
        return [
            texts.help(.screen, screen.name),
            label(0) + (actions.isEmpty ? none : actions.joined(separator: ", ")),
            label(1) + (fields.isEmpty ? none : fields.joined(separator: ", ")),
            texts.help(.commands),
        ] + ScriptWords.listing(in: texts, columns: columns) + [texts.help(.hereOnly)]
            + ScriptWords.row("help", texts.help(.helpMeaning), columns: columns)
            + ScriptWords.row("screen", texts.help(.screenMeaning), columns: columns)
            + ScriptWords.row("Ctrl-C", texts.help(.interruptMeaning), columns: columns)
            + ScriptWords.row(texts.help(.quitUsage), texts.help(.quitMeaning), columns: columns)
    }
}
