/// The process's exit codes, one meaning each.
enum ExitCode {
    /// Everything asked for was done; every expectation held.
    static let success: Int32 = 0
    /// A script's expectation or a demo step failed.
    static let failure: Int32 = 1
    /// The command line or the environment could not be used.
    static let usage: Int32 = 2
}
