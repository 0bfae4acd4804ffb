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

    var isExpectation: Bool {
        switch self {
        case .expectScreen, .expectEnabled, .expectDisabled, .expectLoading, .expectText, .expectNoText, .expectState,
            .expectHealth, .expectStoredSession, .expectLocalData, .expectMetric:
            return true
        default:
            return false
        }
    }
}

/// Why a script line could not be understood. Names what was wrong and what
/// would be right.
struct ScriptParseError: Error, Sendable, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}

/// What `wait DURATION until …` waits for: a screen shown, or a text on it.
enum WaitCondition: Sendable, Equatable {
    case screen(String)
    case text(String)
}
