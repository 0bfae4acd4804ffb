/// Why a `tap` or `type` could not be done on the screen shown.
struct ScreenCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }

    static func noAction(_ action: String, on screen: ScreenSnapshot) -> ScreenCommandError {
        let known = screen.actions.map(\.name)
        let list = known.isEmpty ? "it has none" : "its actions are " + known.joined(separator: ", ")
        return ScreenCommandError("screen \(screen.name) has no action '\(action)'; \(list)")
    }

    static func notOffered(_ action: String, on screen: ScreenSnapshot, reason: String) -> ScreenCommandError {
        ScreenCommandError("action '\(action)' is not offered on screen \(screen.name): \(reason)")
    }

    static func fieldNotOffered(_ field: String, on screen: ScreenSnapshot, reason: String) -> ScreenCommandError {
        ScreenCommandError("field '\(field)' is not offered on screen \(screen.name): \(reason)")
    }

    static func disabled(_ action: String, on screen: ScreenSnapshot) -> ScreenCommandError {
        ScreenCommandError("action '\(action)' is disabled on screen \(screen.name)")
    }

    static func noField(_ field: String, on screen: ScreenSnapshot) -> ScreenCommandError {
        let known = screen.fields.map(\.name)
        let list = known.isEmpty ? "it has none" : "its fields are " + known.joined(separator: ", ")
        return ScreenCommandError("screen \(screen.name) has no field '\(field)'; \(list)")
    }
}
