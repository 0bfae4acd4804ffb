import Composition
import DomainCore

/// The usage texts of `app help [COMMAND]`, in English (they are for
/// developers), true to docs/spec/script-language.md and to what this build
/// has.
enum HelpText {
    static func text(for topic: String?) -> String {
        switch topic {
        case "envs": return envs
        case "plugins": return plugins
        case "events": return events
        case "demo": return demo
        case "run": return run
        case "serve": return serve
        case "help": return help
        default: return overview
        }
    }

    /// A language a script names in its `# locale:` line: the first that
    /// is not the default.
    private static var scriptLocaleExample: String {
        (AppLocale.allCases.first { $0 != .default } ?? .default).rawValue
    }

    /// The other languages a `# locale:` line may name, the default last.
    private static var otherScriptLocales: String {
        let others = AppLocale.allCases.filter { $0.rawValue != scriptLocaleExample && $0 != .default }
        return (others + [.default]).map(\.rawValue).joined(separator: ", ")
    }

    private static var environmentNames: String {
        AppEnvironment.builtIn.map(\.name).joined(separator: ", ")
    }

    static var overview: String {
        """
        Gatehouse — the start-up, sign-in and session layer of a mobile app, with its
        screens as text.

        Usage: app [--env NAME|FILE] [--locale \(AppLocale.usageChoices)] [--events stderr] [COMMAND [ARGS]]

        Commands:
          (none)           interactive: the app's screens, driven by the script language's
                           words (type 'help' at the prompt); with stdin from a pipe, the
                           piped text runs as one script, with the output and exit code of 'run'
          envs             each built-in environment and which plugin plugs into each port
          plugins          every plugin of every port, with the settings each reads
          events [N]       the last N (20) session events the environment's events plugin kept
          demo             a narrated tour of every flow on virtual time, then exit 0
          run FILE...      headless acceptance run; exit 0 only if every expectation held
          serve            the reference HTTP server on loopback, until Ctrl-C (SIGINT/SIGTERM)
          help [COMMAND]   this text, or one command's

        Options (before or after the command):
          --env NAME|FILE  NAME: a built-in environment (\(environmentNames)); in-memory is the
                           default; local is HTTP to 127.0.0.1:8080, cora-stage the Cora
                           staging API (API key from GATEHOUSE_API_KEY).
                           FILE: the path of a JSON environment file
          --locale LOCALE  \(AppLocale.tagsInASentenceMarkingTheDefault); overrides the environment's locale
          --events stderr  each session event also written to stderr as a JSON line as it
                           happens (the app, demo and run; docs/events.md)
          -h, --help       help, for the command given if any
          --version        the app's version (alone: app --version)

        The language is --locale's, else the one an environment file names, else
        LC_ALL's or LANG's when it names \(AppLocale.tagsInASentence) (en_US.UTF-8 counts),
        else \(AppLocale.default.rawValue).

        Exit codes: 0 done (every expectation held), 1 a script or demo step failed,
        2 the command line or the environment could not be used.
        """
    }

    static var envs: String {
        """
        Usage: app [--env NAME|FILE] envs

        Lists every built-in environment (\(environmentNames)): which plugin plugs into
        each port (AuthRemoteAPI, UserRemoteAPI, StatementRemoteAPI, HealthProbe,
        SessionDataStore, SessionCoding, Clock) and its settings: token lifetime,
        refresh margin, health poll interval, locale, and the base URL and API-key
        variable when set. With --env FILE, the file's environment is listed too.
        An API key is never printed, only the name of the variable that holds it.
        A file is checked whole: every problem in it is named, in the order to fix
        them (plugins, then the base URL, then the API key), and it exits 2.
        The plugins there are to choose from: 'app plugins'.
        """
    }

    static var events: String {
        """
        Usage: app events [N]

        Prints the last N (default \(EventsCommand.defaultCount), at most \(EventsCommand.mostCount)) session events the environment's events
        plugin kept, oldest first, one JSON line each: when, which process, what
        happened and why (signed in, refreshed, ended, expired, health changed...;
        docs/events.md). With the events plugin store (every environment's unless
        its file names another), the file keychain keeps them in events.jsonl
        beside the session; an environment whose store lives in memory, or whose
        events plugin keeps nothing to read back, keeps none between processes,
        and says so. Control characters are shown escaped.
        """
    }

    static var plugins: String {
        """
        Usage: app plugins

        Lists every plugin of every port (auth, user, statement, health,
        connectivity, store, coding, clock, preferences) with what it is and the
        settings it reads, then every setting an environment file may give: its
        type, its default, what it does and who reads it (the app itself, or
        plugins). An environment names one plugin per port ('app envs').
        """
    }

    static var demo: String {
        """
        Usage: app [--env NAME|FILE] [--locale LOCALE] demo

        A narrated tour on virtual time, in the chosen language: one short sentence
        before each step says what is about to be shown and why it matters. It covers:
        \(DemoFlow.allCases.map { "  - " + $0.summary }.joined(separator: "\n"))
        Every step runs the same script commands as 'app run', with checks (✔), and
        the output is checked for secrets as a script's is; the tour exits 0 when all
        held and 1, naming the step, when one did not. It needs an environment with
        virtual time and backend control switches (in-memory); another exits 2.
        """
    }

    static var run: String {
        """
        Usage: app [--env NAME|FILE] [--locale LOCALE] run [--in-process-server [--profile full|cora]] FILE...

        FILE may be a directory: its .flow files run, in name order. A FILE that
        cannot be read (missing, not UTF-8 text, a directory with no .flow file)
        stops the run before it starts, naming each: exit 2.
        Runs each script headless: each starts from a fresh app, a backend reset to
        its seeded state (over the control API when it is a server, as with
        --env local against 'app serve') and an empty store in a directory of its
        own, never the environment's ('relaunch' keeps store and backend).
        After every command the runner settles, so the same script gives the same
        transcript every time. A failed expectation prints the script, the line,
        what was expected and the screen, and the run goes on to the next script.
        The last line is 'N passed, N failed'; exit 0 only if every script passed, 1 if
        one failed, 2 if one could not be used (a bad line, no command; the others run).
        A script piped to 'app' with no command runs the same way, named <stdin>.
        'quit' or 'exit' ends a script where it stands; nothing after it is read.
        A script that checks texts of another language says so in a comment before
        its first command: '# locale: \(scriptLocaleExample)' (or \(otherScriptLocales)); it wins over --locale.
        A '# locale:' line after a command, or naming another language, fails the
        script, as does a script with no command (it would check nothing).

        --in-process-server runs the scripts over HTTP: the 'local' environment (or
        the HTTP environment --env names), each script against a fresh reference
        server in this process on a free loopback port, sharing the app's virtual
        time, with the session in a fresh file keychain. Same scripts, same screens.
        --profile cora makes that server play the Cora API, as 'app serve --profile
        cora' does (only with --in-process-server; the default is full).

        Script language: one command a line; '#' starts a comment; blank lines ignored.
        \(ScriptWords.listing().joined(separator: "\n"))
        """
    }

    static var serve: String {
        """
        Usage: app serve [--host 127.0.0.1] [--port 8080] [--api-key-env NAME | --api-key-file PATH]
                         [--token-ttl 60] [--refresh-window 300] [--rotation-grace 0] [--reuse-detection]
                         [--virtual-clock] [--profile full|cora|firebase|supabase]
                         [--reference-port 8080]

        The reference HTTP server: the simulated backend (seeded with the demo account,
        CPF 123.456.789-09) over the wire contract and its control API (/_control/*),
        on 127.0.0.0/8 only, for the 'local' environment, curl and contract tests.
        The API key is read from the environment variable NAME (--api-key-env) or the
        first line of the file PATH (--api-key-file); by default from GATEHOUSE_API_KEY
        when it is set, else it is the development key 'gatehouse-dev-key'. --api-key KEY
        is refused: every user of the machine can read a command line. --virtual-clock
        makes the server's time move only through POST /_control/clock.
        --reuse-detection ends a session everywhere when one of its refresh tokens is
        presented a second time (RFC 9700 4.14.2), counted as refreshTokensReused.
        --profile chooses the backend it plays: full (the default) serves every route;
        cora serves only Cora's POST /challenge/auth (sign-in by CPF, refresh with the
        old token), GET /challenge/list and GET /challenge/details/:id, and answers
        every other path 404 as an unknown one (no /health, no /users); the control
        API stays. firebase and supabase serve Gatehouse's stand-in of that backend
        instead, to try the environment files docs/environments.md gives for them:
        supabase on 127.0.0.1:54321/auth/v1, its anon key from SUPABASE_ANON_KEY;
        firebase on 127.0.0.1:9099, its Web API key from FIREBASE_WEB_API_KEY, and the
        reference server on 8080 (--reference-port) beside it, over the same accounts.
        --port moves the stand-in; they take no development key, --host, --rotation-grace,
        --reuse-detection or --virtual-clock. A team's own executable serves the stand-ins
        it registers beside its plugins by their names too, each with the reference
        server beside it. An unknown profile exits 2. It prints
        its URL and runs until SIGINT or SIGTERM, then exits 0.
        """
    }

    static var help: String {
        """
        Usage: app help [COMMAND]

        The overview, or one command's usage. COMMAND is one of
        \(CommandLineParser.commands.joined(separator: ", ")).
        """
    }
}
