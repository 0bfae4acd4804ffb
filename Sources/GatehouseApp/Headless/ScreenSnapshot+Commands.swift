/// What `tap`, `type` and `open` may use on the screen shown, or why not.
extension ScreenSnapshot {
    /// The action a tap presses: it must be on screen and enabled.
    func tappableAction(named name: String) throws(ScreenCommandError) -> Action {
        guard let action = action(named: name) else {
            if let reason = actionsNotOffered[name] { throw .notOffered(name, on: self, reason: reason) }
            throw .noAction(name, on: self)
        }
        guard action.isEnabled else { throw .disabled(name, on: self) }
        return action
    }

    /// The field typing goes into: it must be on screen.
    func typableField(named name: String) throws(ScreenCommandError) -> Field {
        guard let field = field(named: name) else {
            if let reason = fieldsNotOffered[name] { throw .fieldNotOffered(name, on: self, reason: reason) }
            throw .noField(name, on: self)
        }
        return field
    }

    /// The work of opening entry `number` (from 1): the screen must list it.
    func openableEntry(_ number: Int) throws(ScreenCommandError) -> @MainActor @Sendable () async -> Void {
        guard let entries else { throw ScreenCommandError(problem: .noStatement(screen: name)) }
        guard number >= 1, number <= entries.count else {
            throw ScreenCommandError(problem: .noEntry(number, entries: entries.count))
        }
        return { await entries.open(number) }
    }
}
