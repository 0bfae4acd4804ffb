import Composition

/// One line of the script language (docs/spec/script-language.md), parsed. The
/// same words drive the app by hand and from scripts.
enum ScriptCommand: Sendable, Equatable {
    enum Comparison: String, Sendable, Equatable {
        case equal = "=="
        case atMost = "<="
        case atLeast = ">="

        func holds(_ actual: Int, _ expected: Int) -> Bool {
            switch self {
            case .equal: actual == expected
            case .atMost: actual <= expected
            case .atLeast: actual >= expected
            }
        }
    }

    // Driving the app
    case tap(String)
    case type(field: String, text: String)
    case open(Int)
    case refresh
    case background
    case foreground
    /// Lets time pass; with a condition, only until it holds (a person
    /// finishing in the browser), at most the duration.
    case wait(Duration, until: WaitCondition? = nil)
    case relaunch
    // The backend's switches
    case serverHealth(up: Bool)
    case serverUser(cpf: String, state: ServerAccountState)
    case serverRevoke
    case serverFault(route: String, mode: ServerFaultMode, count: Int)
    case serverClearFaults
    /// The simulated person of a sign-in outside the app (and the server's `slow_down`).
    case person(PersonAction)
    // The device's session store
    case storeFault(StoreFault)
    // The device's network (the connectivity switch)
    case network(connected: Bool)
    // Expectations
    case expectScreen(String)
    case expectEnabled(String)
    case expectDisabled(String)
    case expectLoading(Bool)
    case expectText(String)
    case expectNoText(String)
    case expectState(String)
    case expectHealth(String)
    case expectStoredSession(Bool)
    case expectLocalData(Bool)
    case expectMetric(name: String, comparison: Comparison, value: Int)
    /// An event of this kind was reported in this world, with these fields
    /// (`SessionEvent.fields`), e.g. `expect event session-ended reason revoked`.
    case expectEvent(kind: String, fields: [String: String])

    var isExpectation: Bool {
        switch self {
        case .expectScreen, .expectEnabled, .expectDisabled, .expectLoading, .expectText, .expectNoText, .expectState,
            .expectHealth, .expectStoredSession, .expectLocalData, .expectMetric, .expectEvent:
            return true
        default:
            return false
        }
    }
}

/// Why a script line could not be understood. Names what was wrong and what
/// would be right.
///
/// Said in the screen's language at the interactive prompt, in English in a
/// script's transcript (`message`); the script's own words (commands, screen
/// names, the usage lines) are the same in every language.
struct ScriptParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of word a line can get wrong, each with its list of right ones.
    enum Word: Sendable, Equatable {
        case command, serverCommand, personCommand, screen, state, health, expectation, event
    }

    enum Problem: Sendable, Equatable {
        /// The line's words do not fit its command: how it is written.
        case usage(String)
        /// A command that takes no more words was given some.
        case usageTakesNothingMore(String)
        case notADuration(String)
        case beyondLongestWait(String)
        case faultStatus(usage: String)
        /// A word not among `known`, with the one it most likely meant.
        case unknown(Word, String, known: [String], suggestion: String?)

        static func unknown(_ kind: Word, _ word: String, among known: [String]) -> Problem {
            .unknown(kind, word, known: known, suggestion: NearMiss.suggestion(for: word, among: known))
        }
    }

    let problem: Problem

    init(_ problem: Problem) {
        self.problem = problem
    }

    /// The message in English, as script transcripts say it.
    var message: String { said(in: .english) }

    var description: String { message }

    /// Whether the message already names the word most likely meant.
    var suggestsAWord: Bool {
        if case .unknown(_, _, _, let suggestion) = problem { return suggestion != nil }
        return false
    }

    /// The message in `texts`' language.
    func said(in texts: Texts) -> String {
        switch problem {
        case .usage(let usage): return texts[.promptUsage, usage]
        case .usageTakesNothingMore(let usage): return texts[.promptUsageTakesNothingMore, usage]
        case .notADuration(let text): return texts[.promptNotADuration, text]
        case .beyondLongestWait(let amount): return texts[.promptBeyondLongestWait, amount]
        case .faultStatus(let usage): return texts[.promptFaultStatus, usage]
        case .unknown(let kind, let word, let known, let suggestion):
            let (key, list): (TextKey, String) =
                switch kind {
                case .command: (.promptUnknownCommand, known.joined(separator: ", "))
                case .serverCommand: (.promptUnknownServerCommand, Self.either(known, texts))
                case .personCommand: (.promptUnknownPersonCommand, Self.either(known, texts))
                case .screen: (.promptUnknownScreen, known.joined(separator: ", "))
                case .state: (.promptUnknownState, known.joined(separator: ", "))
                case .health: (.promptUnknownHealth, known.joined(separator: ", "))
                case .expectation: (.promptUnknownExpectation, Self.either(known, texts))
                case .event: (.promptUnknownEvent, known.joined(separator: ", "))
                }
            return texts[key, word, list] + (suggestion.map { texts[.promptDidYouMean, $0] } ?? "")
        }
    }

    /// `a, b or c`, in `texts`' language.
    private static func either(_ words: [String], _ texts: Texts) -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " " + texts[.promptOr] + " " + last
    }
}

/// What `wait DURATION until …` waits for: a screen shown, or a text on it.
enum WaitCondition: Sendable, Equatable {
    case screen(String)
    case text(String)
}
