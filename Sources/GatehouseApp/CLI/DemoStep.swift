/// One stop of the demo's tour: the flow it belongs to, the sentence said
/// before it, and the script lines that show it (drivers and the expectations
/// that prove the point).
struct DemoStep: Sendable {
    /// Names the step when it fails (English, stable across locales).
    let title: String
    let flow: DemoFlow
    /// One short sentence, from the localisation tables, printed after `# `.
    let narration: TextKey
    /// Script language, run through `CommandExecutor` like any script.
    let lines: [String]
    /// After the lines, tell what the backend counted (the token step).
    var reportsRefreshes = false
}
