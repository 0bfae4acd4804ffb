import Composition
import DomainCore
import CompositionTesting

/// What the command line asked for, parsed from
/// `app [--env NAME|FILE] [--locale pt-BR|en-US|es-ES] [--events stderr] [COMMAND [ARGS]]`.
/// Pure data: nothing is read or checked against the disk yet.
struct Invocation: Sendable, Equatable {
    /// What to do.
    enum Command: Sendable, Equatable {
        /// No command: interactive on a terminal, a script when stdin is a pipe.
        case interactive
        case envs
        /// Every plugin of every port and the settings each reads.
        case plugins
        /// The last events the environment's events plugin kept (`app events [N]`).
        case events(last: Int)
        case demo
        /// `--in-process-server`: over HTTP, against a ReferenceServer in this
        /// process, playing `profile` (`--profile`, only with `--in-process-server`).
        case run(files: [String], inProcessServer: Bool = false, profile: ReferenceServerProfile = .full)
        /// `--version`: the app's version (`AppVersion`).
        case version
        /// `help`, `help COMMAND`, `--help`.
        case help(topic: String?)
        /// The reference server on loopback.
        case serve(ServeOptions)
        /// The hidden `session-worker`: the app obeying one request a line
        /// on stdin (`SessionWorker`), for the tests and the bench that run
        /// several processes on one store.
        case sessionWorker
    }

    /// `--env`'s value as given (a built-in name or a JSON file's path); nil for the default.
    var environment: String?
    /// `--locale`'s value, already known to be supported; nil to keep the environment's.
    var locale: AppLocale?
    /// `--events stderr`: each session event also written to standard
    /// error as it happens, a JSON line each (docs/events.md).
    var eventsToStandardError: Bool
    var command: Command

    init(
        environment: String? = nil, locale: AppLocale? = nil, eventsToStandardError: Bool = false, command: Command
    ) {
        self.environment = environment
        self.locale = locale
        self.eventsToStandardError = eventsToStandardError
        self.command = command
    }
}
