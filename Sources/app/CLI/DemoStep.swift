/// One stop of the demo's tour: what it teaches, and the script lines that
/// show it (drivers and the expectations that prove the point).
struct DemoStep: Sendable {
    /// Names the step when it fails.
    let title: String
    /// English, a line or two, printed after `# `.
    let narration: [String]
    /// Script language, run through `CommandExecutor` like any script.
    let lines: [String]
    /// After the lines, tell what the backend counted (the token step).
    var reportsRefreshes = false
}
