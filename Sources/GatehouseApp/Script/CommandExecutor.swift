import Composition

/// What one command did.
enum CommandOutcome: Sendable, Equatable {
    /// The app was driven; its screen may have changed.
    case performed
    case expectationHeld
    /// What was expected, and what there was instead.
    case expectationFailed(ExpectationMiss)
}

/// Why a command could not be carried out (as opposed to an expectation that
/// did not hold).
struct CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message in English, as script transcripts say it.
    let message: String
    /// What the screen could not do, when that is why (said in the screen's
    /// language at the prompt); nil for the world's own refusals (a switch
    /// or metric the environment lacks), which stay in English.
    let screenProblem: ScreenCommandError?

    init(_ message: String) {
        self.message = message
        screenProblem = nil
    }

    init(_ problem: ScreenCommandError) {
        message = problem.message
        screenProblem = problem
    }

    var description: String { message }

    /// The message in `texts`' language where it has one.
    func said(in texts: Texts) -> String { screenProblem?.said(in: texts) ?? message }
}

/// Carries out commands against a running app, settling after each.
@MainActor
struct CommandExecutor {
    let app: HeadlessApp

    func execute(_ command: ScriptCommand) async throws(CommandError) -> CommandOutcome {
        switch command {
        case .tap(let action):
            do { try await app.tap(action) } catch { throw CommandError(error) }
            return .performed
        case .type(let field, let text):
            do { try await app.type(field, text) } catch { throw CommandError(error) }
            return .performed
        case .open(let number):
            do { try await app.open(number) } catch { throw CommandError(error) }
            return .performed
        case .refresh:
            do { try await app.tap("refresh") } catch { throw CommandError(error) }
            return .performed
        case .background:
            await app.enterBackground()
            return .performed
        case .foreground:
            await app.enterForeground()
            return .performed
        case .wait(let duration, nil):
            await app.wait(duration)
            return .performed
        case .wait(let duration, .screen(let name)?):
            await app.wait(duration) { [app] in app.snapshot().name == name }
            return .performed
        case .wait(let duration, .text(let text)?):
            await app.wait(duration) { [app] in app.screenText().contains(text) }
            return .performed
        case .relaunch:
            await app.relaunch()
            return .performed
        case .storeFault(let fault):
            guard let faults = app.world.storeFaults else {
                throw CommandError(
                    "this world was made as an app ships it, without a store fault switch: store \(fault.rawValue) needs one"
                )
            }
            faults.set(fault)
            await app.world.settle()
            return .performed
        case .network(let connected):
            guard app.world.setNetwork(connected: connected) else {
                throw CommandError(
                    "the \(app.world.environment.name) environment's connectivity is the device's own network: network off|on needs the in-memory switch"
                )
            }
            await app.world.settle()
            return .performed
        case .serverHealth, .serverUser, .serverRevoke, .serverFault, .serverClearFaults, .person:
            try await control(command)
            await app.world.settle()
            return .performed
        default:
            return try await check(command)
        }
    }

    private func control(_ command: ScriptCommand) async throws(CommandError) {
        guard let control = app.world.control else {
            throw CommandError("the \(app.world.environment.name) environment's backend has no control switches")
        }
        do {
            switch command {
            case .serverHealth(let up): try await control.setHealthy(up)
            case .serverUser(let cpf, let state): try await control.setAccountState(cpf: cpf, state)
            case .serverRevoke: try await control.revokeAllTokens()
            case .serverFault(let route, let mode, let count):
                try await control.addFault(route: route, mode: mode, count: count)
            case .serverClearFaults: try await control.clearFaults()
            case .person(let action): try await control.act(action)
            default: break
            }
        } catch {
            throw CommandError("server: \(error)")
        }
    }

    private func check(_ command: ScriptCommand) async throws(CommandError) -> CommandOutcome {
        let screen = app.snapshot()
        let rendered = app.screenText()
        func expect(_ holds: Bool, _ failure: @autoclosure () -> ExpectationMiss) -> CommandOutcome {
            holds ? .expectationHeld : .expectationFailed(failure())
        }
        switch command {
        case .expectScreen(let name):
            return expect(screen.name == name, .screen(expected: name, shown: screen.name))
        case .expectEnabled(let name):
            guard let action = screen.action(named: name) else {
                return .expectationFailed(.noSuchAction(name))
            }
            return expect(action.isEnabled, .enabled(name))
        case .expectDisabled(let name):
            guard let action = screen.action(named: name) else {
                return .expectationFailed(.noSuchAction(name))
            }
            return expect(!action.isEnabled, .disabled(name))
        case .expectLoading(let loading):
            return expect(
                screen.isLoading == loading,
                loading ? .placeholderMissing : .placeholderShown)
        case .expectText(let text):
            return expect(rendered.contains(text), .textMissing(text))
        case .expectNoText(let text):
            return expect(!rendered.contains(text), .textShown(text))
        case .expectState(let state):
            return expect(app.stateName == state, .state(expected: state, actual: app.stateName))
        case .expectHealth(let health):
            return expect(app.healthName == health, .health(expected: health, actual: app.healthName))
        case .expectStoredSession(let expected):
            guard let stored = await app.hasStoredSession() else {
                return .expectationFailed(.storeUnreadable)
            }
            return expect(
                stored == expected,
                expected ? .storedSessionMissing : .storedSessionPresent)
        case .expectLocalData(let expected):
            guard let kept = await app.hasLocalData() else { return .expectationFailed(.storeUnreadable) }
            return expect(
                kept == expected, expected ? .localDataMissing : .localDataPresent)
        case .expectMetric(let name, let comparison, let value):
            guard let control = app.world.control else {
                throw CommandError("the \(app.world.environment.name) environment's backend has no metrics")
            }
            let metrics: ServerMetrics
            do { metrics = try await control.metrics() } catch { throw CommandError("server: \(error)") }
            guard let actual = metrics.value(named: name) else {
                throw CommandError(
                    "unknown metric '\(name)': use refreshes, logins, refreshesRejected, tokensLive or requests.ROUTE")
            }
            return expect(
                comparison.holds(actual, value),
                .metric(name, comparison: comparison.rawValue, value: value, actual: actual))
        case .expectEvent(let kind, let fields):
            let matches = app.world.eventRecord.events.contains { $0.matches(kind: kind, fields: fields) }
            let wanted = ([kind] + fields.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] })
                .joined(separator: " ")
            return expect(matches, .eventMissing(wanted))
        default:
            return .performed
        }
    }
}
