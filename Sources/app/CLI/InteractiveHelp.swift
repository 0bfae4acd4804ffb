/// What `help` prints at the interactive prompt: the screen's actions and
/// fields, then the words that drive the app.
enum InteractiveHelp {
    static func lines(for screen: ScreenSnapshot, columns: Int = .max) -> [String] {
        let actions = screen.actions.map { $0.isEnabled ? $0.name : "\($0.name) (disabled)" }
        let fields = screen.fields.map(\.name)
        return [
            "Screen \(screen.name):",
            "  actions: " + (actions.isEmpty ? "none" : actions.joined(separator: ", ")),
            "  fields:  " + (fields.isEmpty ? "none" : fields.joined(separator: ", ")),
            "Commands (the script language; the same words run from scripts):",
        ] + ScriptWords.listing(columns: columns) + ["Here only:"]
            + ScriptWords.row("help", "this list", columns: columns)
            + ScriptWords.row("screen", "print the screen again (Ctrl-L too)", columns: columns)
            + ScriptWords.row(
                "Ctrl-C", "drop the line; during a wait, or on a screen waiting for the browser, end it",
                columns: columns)
            + ScriptWords.row("quit, exit, end of input", "leave", columns: columns)
    }
}
