import DomainCore

/// The demo's stops, in order. Script lines, not calls into the view models,
/// so the tour runs exactly what a person or an acceptance script would and
/// cannot drift from the real behaviour; the expectations make it stop and
/// say why if it ever did. Texts the screens show are taken from the same
/// tables the screens use, so the checks hold in every locale.
enum DemoTour {
    static let opening: [TextKey] = [.demoOpening, .demoOpeningLaunch]
    static let closing: [TextKey] = [.demoClosing]

    /// The demo account (public seed data, as the server's banner says).
    private static let cpf = "123.456.789-09"
    private static let password = "123456"
    private static let signInAsMaria = [
        "tap sign-in", "type identifier \(cpf)", "tap next", "type password \(password)", "tap next",
    ]

    static func steps(_ texts: Texts) -> [DemoStep] {
        let newestDay = "— \(DateText.day("2024-02-16", locale: texts.locale)) —"
        let newestEntry = "Compra de produtos eletrônicos · João da Silva"
        return [
            DemoStep(
                title: "first launch", flow: .startup, narration: .demoLaunch,
                lines: [
                    "expect screen welcome", "expect state unauthenticated", "expect health healthy",
                    "expect stored-session no",
                ]),
            DemoStep(
                title: "the sign-in form's rules", flow: .signInFormRules, narration: .demoFormRules,
                lines: [
                    "tap sign-in", "expect disabled next", "type identifier 123.456.789-00", "expect disabled next",
                    "expect text \(texts[.identifierInvalid])", "type identifier maria@example.com",
                    "expect enabled next", "type identifier \(cpf)", "expect enabled next",
                    "expect no-text \(texts[.identifierInvalid])", "tap next", "expect screen sign-in-password",
                    "type password 12345", "expect disabled next", "expect metric logins == 0",
                ]),
            DemoStep(
                title: "a wrong password", flow: .wrongPassword, narration: .demoWrongPassword,
                lines: [
                    "type password 000000", "expect enabled next", "tap next", "expect screen sign-in-password",
                    "expect text \(texts[.loginInvalidCredentials])", "expect state unauthenticated",
                    "expect stored-session no", "expect metric logins == 0",
                ]),
            DemoStep(
                title: "sign in as Maria", flow: .signIn, narration: .demoSignIn,
                lines: [
                    "type password \(password)", "expect no-text \(texts[.loginInvalidCredentials])", "tap next",
                    "expect screen dashboard", "expect state authenticated", "expect stored-session yes",
                    "expect metric logins == 1",
                ]),
            DemoStep(
                title: "the dashboard", flow: .dashboard, narration: .demoDashboard,
                lines: [
                    "expect text \(texts[.greeting, "Maria Silva"])", "expect text \(texts[.cpfLabel]): ***.456.789-**",
                    "expect no-text \(cpf)", "expect enabled statement", "expect enabled profile",
                    "expect enabled related", "expect enabled logout",
                ]),
            DemoStep(
                title: "the statement by day", flow: .statement, narration: .demoStatement,
                lines: [
                    "server fault \"GET /challenge/list\" delay 2s", "tap statement", "expect screen statement",
                    "expect loading", "wait 2s", "expect not-loading", "expect text \(newestDay)",
                    "expect text \(newestEntry)",
                ]),
            DemoStep(
                title: "pull to refresh", flow: .statement, narration: .demoStatementRefresh,
                lines: [
                    "server fault \"GET /challenge/list\" delay 1s", "refresh", "expect not-loading",
                    "expect text \(texts[.refreshing])", "expect text \(newestEntry)", "wait 1s",
                    "expect no-text \(texts[.refreshing])", "expect metric requests.GET /challenge/list == 2",
                ]),
            DemoStep(
                title: "an entry's details", flow: .statement, narration: .demoEntryDetails,
                lines: [
                    "open 23", "expect screen entry-details", "expect text CNPJ **.887.766/****-**",
                    "expect text CNPJ **.223.344/****-**", "expect no-text 11.223.344", "tap back",
                    "expect screen statement", "tap back", "expect screen dashboard",
                ]),
            DemoStep(
                title: "the profile's validation", flow: .profile, narration: .demoProfileValidation,
                lines: [
                    "tap profile", "expect screen profile", "expect text \(texts[.cpfLabel]): ***.456.789-**",
                    "expect disabled save", "type name M", "type email maria@", "tap save",
                    "expect text \(texts[.problemNameTooShort])", "expect text \(texts[.problemInvalidEmail])",
                    "expect metric requests.PATCH /users/me == 0",
                ]),
            DemoStep(
                title: "the profile saved", flow: .profile, narration: .demoProfileSaved,
                lines: [
                    "type name Maria Souza Silva", "type email maria.silva@example.com", "tap save",
                    "expect text \(texts[.profileSaved])", "expect metric requests.PATCH /users/me == 1", "tap back",
                    "expect screen dashboard", "expect text \(texts[.greeting, "Maria Souza Silva"])",
                ]),
            DemoStep(
                title: "related users", flow: .relatedUsers, narration: .demoRelatedUsers,
                lines: [
                    "tap related", "expect screen related-users", "expect not-loading",
                    "expect text 1. [ ] João da Silva · joao.silva@example.com", "tap back", "expect screen dashboard",
                ]),
            DemoStep(
                title: "ten minutes pass", flow: .tokenKeptFresh, narration: .demoTokenKeptFresh,
                lines: [
                    "wait 10m", "expect screen dashboard", "expect state authenticated",
                    "expect metric refreshes >= 12",
                    "expect metric refreshesRejected == 0", "expect metric logins == 1", "expect stored-session yes",
                ],
                reportsRefreshes: true),
            DemoStep(
                title: "relaunch restores the session", flow: .startup, narration: .demoRelaunch,
                lines: [
                    "relaunch", "expect screen dashboard", "expect state authenticated", "expect health healthy",
                    "expect metric logins == 1",
                ]),
            DemoStep(
                title: "the server goes down and comes back", flow: .serverDownAndBack, narration: .demoServerDown,
                lines: [
                    "server health down", "wait 15s", "expect screen dashboard", "expect health server-down",
                    "expect text \(texts[.bannerServerDown])", "expect state authenticated", "server health up",
                    "wait 15s", "expect health healthy", "expect no-text \(texts[.bannerServerDown])",
                ]),
            DemoStep(
                title: "system unavailable at launch", flow: .serverDownAndBack, narration: .demoUnavailableAtLaunch,
                lines: [
                    "server health down", "relaunch", "expect screen system-unavailable",
                    "expect text \(texts[.serverDown])", "expect stored-session yes", "server health up", "wait 15s",
                    "expect screen dashboard", "expect health healthy", "expect state authenticated",
                ]),
            DemoStep(
                title: "expired in the background", flow: .sessionExpired, narration: .demoExpiredInBackground,
                lines: [
                    "background", "wait 6m", "foreground", "expect screen welcome",
                    "expect text \(texts[.reasonTokenExpired])", "expect stored-session no", "expect local-data no",
                    "expect metric refreshesRejected == 1",
                ]),
            DemoStep(
                title: "signing in again", flow: .sessionExpired, narration: .demoSignInAgain,
                lines: signInAsMaria + [
                    "expect screen dashboard", "expect text \(texts[.greeting, "Maria Souza Silva"])",
                    "expect metric logins == 2",
                ]),
            DemoStep(
                title: "log out", flow: .logout, narration: .demoLogout,
                lines: [
                    "tap logout", "expect screen welcome", "expect text \(texts[.reasonLoggedOut])",
                    "expect state unauthenticated", "expect stored-session no", "expect local-data no",
                ]),
            DemoStep(
                title: "delete the account", flow: .deleteAccount, narration: .demoDeleteAccount,
                lines: signInAsMaria + [
                    "tap profile", "tap delete-account", "expect text \(texts[.profileConfirmDelete])", "tap back",
                    "expect screen profile", "expect no-text \(texts[.profileConfirmDelete])", "tap delete-account",
                    "tap confirm", "expect screen welcome", "expect text \(texts[.reasonAccountDeleted])",
                    "expect stored-session no", "expect local-data no",
                ]),
            DemoStep(
                title: "the deleted account refused", flow: .deleteAccount, narration: .demoDeletedRefused,
                lines: signInAsMaria + [
                    "expect screen sign-in-password", "expect text \(texts[.loginInvalidCredentials])",
                    "expect state unauthenticated", "tap back", "tap back", "expect screen welcome",
                ]),
            DemoStep(
                title: "sign up a new account", flow: .signUp, narration: .demoSignUp,
                lines: [
                    "tap sign-up", "type name Ana Costa", "type email ana.costa@example.com",
                    "type cpf 111.444.777-35", "type password 246810", "type confirm 246810", "tap submit",
                    "expect screen sign-in", "expect text 111.444.777-35", "expect enabled next",
                    "expect state unauthenticated", "expect stored-session no",
                ]),
        ]
    }
}
