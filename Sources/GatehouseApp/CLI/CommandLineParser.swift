import Composition
import DomainCore
import CompositionTesting

/// Reads the command line by hand (the package has no dependencies):
/// `app [--env NAME|FILE] [--locale pt-BR|en-US|es-ES] [--events stderr] [COMMAND [ARGS]]`, or `app --version`
/// (the locales are `AppLocale`'s).
/// A pure function of the arguments: it touches no file and prints nothing.
/// The two options may come before or after the command; `--opt=value` works
/// too. Whatever follows `serve` is its own, untouched, but for
/// `-h`/`--help`, which every command takes.
enum CommandLineParser {
    /// The commands of this build, in the order help lists them.
    static let commands = ["envs", "plugins", "events", "demo", "run", "serve", "help"]
    /// Commands whose arguments are theirs, untouched by the global options
    /// (`serve` parses its own flags; `bench`'s are the bench program's,
    /// which the app only names).
    static let laterCommands = ["serve", "bench"]
    /// The tags `--locale` takes: every `AppLocale`.
    static let locales = AppLocale.tags

    /// - Parameter standInProfiles: The names of the stand-ins registered
    ///   beside a team's plugins, which `serve --profile` takes too.
    static func parse(_ arguments: [String], standInProfiles: [String] = []) throws(UsageError) -> Invocation {
        var environment: String?
        var locale: AppLocale?
        var eventsToStandardError: Bool?
        var wantsHelp = false
        var wantsVersion = false
        var inProcessServer = false
        var profile: ReferenceServerProfile?
        var commandWord: String?
        var operands: [String] = []

        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if let word = commandWord, laterCommands.contains(word) {
                // Their flags are theirs, but -h and --help are every command's.
                if argument == "--help" || argument == "-h" { wantsHelp = true } else { operands.append(argument) }
                continue
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                if commandWord == nil { commandWord = argument } else { operands.append(argument) }
                continue
            }
            let (flag, inlineValue) = splitOption(argument)
            switch flag {
            case "--env":
                guard environment == nil else { throw UsageError("option --env is given more than once") }
                environment = try value(of: flag, inline: inlineValue, from: &remaining, expecting: environmentValues)
            case "--locale":
                guard locale == nil else { throw UsageError("option --locale is given more than once") }
                let chosen = try value(of: flag, inline: inlineValue, from: &remaining, expecting: localeValues)
                guard let named = AppLocale(rawValue: chosen) else {
                    throw UsageError("unknown locale '\(chosen)': use \(localeValues)")
                }
                locale = named
            case "--events":
                guard eventsToStandardError == nil else { throw UsageError("option --events is given more than once") }
                let destination = try value(of: flag, inline: inlineValue, from: &remaining, expecting: eventsValues)
                guard destination == "stderr" else {
                    throw UsageError(
                        "unknown --events destination '\(TerminalText.escapingControlsOnOneLine(destination))': use \(eventsValues)"
                    )
                }
                eventsToStandardError = true
            case "--help", "-h":
                guard inlineValue == nil else { throw UsageError("option \(flag) takes no value") }
                wantsHelp = true
            case "--version":
                guard inlineValue == nil else { throw UsageError("option --version takes no value") }
                wantsVersion = true
            case "--in-process-server":
                guard inlineValue == nil else { throw UsageError("option \(flag) takes no value", helpTopic: "run") }
                inProcessServer = true
            case "--profile":
                guard profile == nil else {
                    throw UsageError("option --profile is given more than once", helpTopic: "run")
                }
                let name = try value(of: flag, inline: inlineValue, from: &remaining, expecting: profileValues)
                profile = try ServeOptions.profile(named: name, helpTopic: "run")
            default:
                throw UsageError("unknown option '\(flag)'", helpTopic: commandWord.flatMap(knownTopic))
            }
        }

        if wantsVersion {
            // `app --version` alone: with a command it would be ambiguous.
            guard commandWord == nil, !wantsHelp, !inProcessServer, profile == nil, eventsToStandardError == nil else {
                throw UsageError("option --version stands alone: app --version")
            }
            return Invocation(environment: environment, locale: locale, command: .version)
        }
        var command = try command(
            commandWord, operands: operands, wantsHelp: wantsHelp, standInProfiles: standInProfiles)
        if inProcessServer {
            guard case .run(let files, _, _) = command else {
                throw UsageError("option --in-process-server belongs to 'run'", helpTopic: "run")
            }
            command = .run(files: files, inProcessServer: true, profile: profile ?? .full)
        } else if profile != nil {
            // Only a server this process starts can be told what to play.
            throw UsageError(
                "option --profile belongs to 'run --in-process-server' (or follows 'serve')", helpTopic: "run")
        }
        if eventsToStandardError != nil {
            // Only a command that runs the app has a session to report.
            switch command {
            case .interactive, .demo, .run, .help: break
            case .envs, .plugins, .events, .version, .serve, .sessionWorker:
                throw UsageError(
                    "option --events belongs to the app itself: app, app demo or app run (not '\(commandWord ?? "")')")
            }
        }
        return Invocation(
            environment: environment, locale: locale, eventsToStandardError: eventsToStandardError ?? false,
            command: command)
    }

    // MARK: - Commands

    private static func command(
        _ word: String?, operands: [String], wantsHelp: Bool, standInProfiles: [String]
    ) throws(UsageError)
        -> Invocation.Command
    {
        if wantsHelp {
            // `app --help`, `app run --help`: the help asked for, if it exists.
            guard let word, word != "help" else { return .help(topic: nil) }
            return .help(topic: try topic(word))
        }
        guard let word else { return .interactive }
        switch word {
        case "envs":
            try noOperands(operands, of: word)
            return .envs
        case "plugins":
            try noOperands(operands, of: word)
            return .plugins
        case "events":
            guard operands.count <= 1 else {
                throw UsageError("'events' takes at most one N, got \(operands.count)", helpTopic: "events")
            }
            guard let asked = operands.first else { return .events(last: EventsCommand.defaultCount) }
            guard let count = Int(asked), (1...EventsCommand.mostCount).contains(count) else {
                throw UsageError(
                    "'events' takes N from 1 to \(EventsCommand.mostCount), not '\(TerminalText.escapingControlsOnOneLine(asked))'",
                    helpTopic: "events")
            }
            return .events(last: count)
        case "demo":
            try noOperands(operands, of: word)
            return .demo
        case "run":
            guard !operands.isEmpty else {
                throw UsageError("'run' needs at least one script FILE", helpTopic: "run")
            }
            return .run(files: operands)
        case "help":
            guard operands.count <= 1 else {
                throw UsageError("'help' takes at most one COMMAND, got \(operands.count)", helpTopic: "help")
            }
            guard let asked = operands.first else { return .help(topic: nil) }
            return .help(topic: try topic(asked))
        case "serve":
            return .serve(try ServeOptions.parse(operands, standInProfiles: standInProfiles))
        case "bench":
            // The bench is a program of its own, so that the app links none of it.
            throw UsageError(
                "the bench is a program of its own: swift build -c release, then swift run -c release gatehouse-bench"
            )
        case SessionWorker.commandWord:
            // Hidden: not in `commands`, so help never lists it.
            try noOperands(operands, of: word)
            return .sessionWorker
        case _ where ScriptParser.commands.contains(word):
            throw UsageError(
                "unknown command '\(word)': script words like '\(word)' are typed in interactive mode, piped to stdin or written in a script for 'app run'"
            )
        default:
            throw UsageError("unknown command '\(word)': commands are \(commands.joined(separator: ", "))")
        }
    }

    private static func topic(_ word: String) throws(UsageError) -> String {
        guard let topic = knownTopic(word) else {
            throw UsageError("no help for '\(word)': commands are \(commands.joined(separator: ", "))")
        }
        return topic
    }

    private static func knownTopic(_ word: String) -> String? {
        commands.contains(word) ? word : nil
    }

    private static func noOperands(_ operands: [String], of command: String) throws(UsageError) {
        guard let first = operands.first else { return }
        throw UsageError("'\(command)' takes no arguments, got '\(first)'", helpTopic: command)
    }

    // MARK: - Options

    private static let environmentValues = "a built-in environment (in-memory) or the path of a JSON environment file"
    private static let localeValues = AppLocale.tagsInASentence
    private static let eventsValues = "stderr (each session event as a JSON line on standard error)"
    private static var profileValues: String {
        ReferenceServerProfile.allCases.map(\.rawValue).joined(separator: " or ")
    }

    /// `--env=x` → (`--env`, `x`); `--env` → (`--env`, nil).
    private static func splitOption(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The option's value: inline after `=`, or the next argument unless that is another option.
    private static func value(
        of flag: String, inline: String?, from remaining: inout ArraySlice<String>, expecting: String
    ) throws(UsageError) -> String {
        if let inline {
            guard !inline.isEmpty else { throw UsageError("option \(flag) needs a value: \(expecting)") }
            return inline
        }
        guard let next = remaining.first, !next.hasPrefix("-") else {
            throw UsageError("option \(flag) needs a value: \(expecting)")
        }
        remaining.removeFirst()
        return next
    }
}
