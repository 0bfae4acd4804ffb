import Composition
import DomainCore

/// The preferences part of the profile screen: the language (one action per
/// language, and one to follow the system) and whether the sign-in
/// remembers the CPF. Each tap saves at once; the language is spoken at
/// once, unless the run pins its own.
extension ScreenDriver {
    /// The lines and actions the profile adds for the preferences.
    func preferencesSection(busy: Bool, model: ProfileViewModel) -> (lines: [String], actions: [ScreenSnapshot.Action])
    {
        guard let preferences else { return ([], []) }
        let chosen = preferences.language
        var lines = [texts[.preferencesLanguage, chosen?.ownName ?? texts[.preferencesLanguageSystem]]]
        if typedIdentifier != .none {
            lines.append(
                texts[
                    typedIdentifier == .email ? .preferencesRememberEmail : .preferencesRemember,
                    texts[preferences.remembersLastIdentifier ? .preferencesRememberOn : .preferencesRememberOff]])
        }
        if case .language(let saved) = preferences.lastChange {
            // Unpinned, the screen already speaks the language saved; a run
            // that pins its own (--locale, # locale:) says the choice waits.
            let pinned = saved.map { $0 != texts.locale } ?? false
            lines.append(texts[pinned ? .preferencesLanguageSavedPinned : .preferencesLanguageSaved])
        }
        var actions = AppLocale.allCases.map { locale in
            ScreenSnapshot.Action(
                name: "language-\(locale.rawValue)", label: locale.ownName,
                isEnabled: !busy && chosen != locale
            ) {
                model.preferenceChosen()
                await preferences.chooseLanguage(locale)
            }
        }
        actions.append(
            action("language-system", .actionLanguageSystem, enabled: !busy && chosen != nil) {
                model.preferenceChosen()
                await preferences.chooseLanguage(nil)
            })
        // Nothing is typed to sign in where the backend signs in only outside
        // the app: there is nothing to remember, and nothing is offered.
        guard typedIdentifier != .none else { return (lines, actions) }
        let byEmail = typedIdentifier == .email
        actions.append(
            preferences.remembersLastIdentifier
                ? action("forget-identifier", byEmail ? .actionForgetEmail : .actionForgetIdentifier, enabled: !busy) {
                    model.preferenceChosen()
                    await preferences.setRemembersLastIdentifier(false, signedInAs: model.user)
                }
                : action(
                    "remember-identifier", byEmail ? .actionRememberEmail : .actionRememberIdentifier, enabled: !busy
                ) {
                    model.preferenceChosen()
                    await preferences.setRemembersLastIdentifier(true, signedInAs: model.user)
                })
        return (lines, actions)
    }
}
