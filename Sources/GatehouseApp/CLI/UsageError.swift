/// Why the command line could not be used: the problem, named, and where to
/// read the usage. It always exits 2.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    let problem: String
    /// The command whose help to point at; nil points at `app help`.
    let helpTopic: String?

    init(_ problem: String, helpTopic: String? = nil) {
        self.problem = problem
        self.helpTopic = helpTopic
    }

    var exitCode: Int32 { ExitCode.usage }

    /// What stderr shows: two lines, the problem and the pointer to help.
    var description: String {
        "app: \(problem)\nSee 'app help\(helpTopic.map { " " + $0 } ?? "")' for usage."
    }
}
