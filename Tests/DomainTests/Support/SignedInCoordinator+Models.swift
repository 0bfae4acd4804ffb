import DomainCore

/// Each screen's model as the tests reach it: read from the destination on
/// the stack nearest the top that carries one, nil when none does. Derived
/// from the stack, so a popped screen's model is gone with it.
@MainActor
extension SignedInCoordinator {
    var statement: StatementListViewModel? {
        for case .statement(let model) in stack.reversed() { return model }
        return nil
    }

    var entryDetails: EntryDetailsViewModel? {
        for case .entryDetails(_, let model) in stack.reversed() { return model }
        return nil
    }

    var profile: ProfileViewModel? {
        for case .profile(let model) in stack.reversed() { return model }
        return nil
    }

    var relatedUsers: RelatedUsersViewModel? {
        for case .relatedUsers(let model) in stack.reversed() { return model }
        return nil
    }

    var security: PINSettingsViewModel? {
        for case .security(let model) in stack.reversed() { return model }
        return nil
    }

    var sessionDetails: SessionDetailsViewModel? {
        for case .sessionDetails(let model) in stack.reversed() { return model }
        return nil
    }
}
