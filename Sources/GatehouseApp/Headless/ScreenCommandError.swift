/// Why a `tap`, `type` or `open` could not be done on the screen shown: said
/// in the screen's language at the interactive prompt, in English in a
/// script's transcript (`message`).
struct ScreenCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Problem: Sendable, Equatable {
        case noAction(String, screen: String, actions: [String])
        case notOffered(String, screen: String, reason: NotOfferedReason)
        case disabled(String, screen: String)
        case noField(String, screen: String, fields: [String])
        case fieldNotOffered(String, screen: String, reason: NotOfferedReason)
        case noStatement(screen: String)
        case noEntry(Int, entries: Int)
    }

    let problem: Problem

    /// The message in English, as script transcripts say it.
    var message: String { said(in: .english) }

    var description: String { message }

    /// The message in `texts`' language.
    func said(in texts: Texts) -> String {
        func list(_ names: [String], _ key: TextKey) -> String {
            names.isEmpty ? texts[.promptNone] : texts[key, names.joined(separator: ", ")]
        }
        switch problem {
        case .noAction(let action, let screen, let actions):
            return texts[.promptNoAction, screen, action, list(actions, .promptActionsAre)]
        case .notOffered(let action, let screen, let reason):
            return texts[.promptNotOffered, action, screen, texts[reason.textKey]]
        case .disabled(let action, let screen):
            return texts[.promptDisabled, action, screen]
        case .noField(let field, let screen, let fields):
            return texts[.promptNoField, screen, field, list(fields, .promptFieldsAre)]
        case .fieldNotOffered(let field, let screen, let reason):
            return texts[.promptFieldNotOffered, field, screen, texts[reason.textKey]]
        case .noStatement(let screen):
            return texts[.promptNoStatement, screen]
        case .noEntry(let number, let entries):
            return texts[.promptNoEntry, String(entries), String(number)]
        }
    }

    static func noAction(_ action: String, on screen: ScreenSnapshot) -> ScreenCommandError {
        ScreenCommandError(problem: .noAction(action, screen: screen.name, actions: screen.actions.map(\.name)))
    }

    static func notOffered(_ action: String, on screen: ScreenSnapshot, reason: NotOfferedReason)
        -> ScreenCommandError
    {
        ScreenCommandError(problem: .notOffered(action, screen: screen.name, reason: reason))
    }

    static func fieldNotOffered(_ field: String, on screen: ScreenSnapshot, reason: NotOfferedReason)
        -> ScreenCommandError
    {
        ScreenCommandError(problem: .fieldNotOffered(field, screen: screen.name, reason: reason))
    }

    static func disabled(_ action: String, on screen: ScreenSnapshot) -> ScreenCommandError {
        ScreenCommandError(problem: .disabled(action, screen: screen.name))
    }

    static func noField(_ field: String, on screen: ScreenSnapshot) -> ScreenCommandError {
        ScreenCommandError(problem: .noField(field, screen: screen.name, fields: screen.fields.map(\.name)))
    }
}

/// Why an action or field another backend would have is not offered here.
enum NotOfferedReason: Sendable, Equatable {
    /// The auth plugin creates no accounts.
    case noSignUp
    /// The user plugin has no account routes.
    case noAccountRoutes

    var textKey: TextKey {
        switch self {
        case .noSignUp: .reasonNoSignUp
        case .noAccountRoutes: .reasonNoAccountRoutes
        }
    }
}
