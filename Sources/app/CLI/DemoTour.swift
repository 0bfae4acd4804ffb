/// The demo's stops, in order. Script lines, not calls into the view models,
/// so the tour runs exactly what a person or an acceptance script would and
/// cannot drift from the real behaviour; the expectations make it stop and
/// say why if it ever did.
enum DemoTour {
    static let opening = [
        "Gatehouse: the start-up, sign-in and session layer of a mobile app, run headless.",
        "Each screen below is drawn as text from a view model's state; the iOS views would draw the same state.",
        "Launch: AuthSession starts in `loading`, so the root shows the start-up screen while the",
        "health probe and the stored session are read concurrently.",
    ]

    static let steps: [DemoStep] = [
        DemoStep(
            title: "welcome",
            narration: [
                "Nothing is stored and the simulated backend is healthy, so AuthSession becomes `unauthenticated`",
                "and the root view model derives the onboarding screen from that state: welcome.",
            ],
            lines: ["expect screen welcome", "expect state unauthenticated", "expect health healthy"]),
        DemoStep(
            title: "a bad CPF refused",
            narration: [
                "Sign in with a CPF whose check digits are wrong. Validation is domain code (CPF in DomainCore),",
                "so the view model keeps [next] disabled and no request reaches the backend.",
            ],
            lines: [
                "tap sign-in", "type identifier 123.456.789-00", "expect disabled next", "expect metric logins == 0",
            ]),
        DemoStep(
            title: "sign in as Maria",
            narration: [
                "A valid CPF enables [next]; the password step takes exactly six digits (shown as bullets).",
                "The view model asks AuthSession to log in; AuthSession saves the session through the",
                "SessionDataStore port and tells the root, which shows the dashboard.",
            ],
            lines: [
                "type identifier 123.456.789-09", "expect enabled next", "tap next", "type password 123456", "tap next",
                "expect screen dashboard", "expect text Maria", "expect state authenticated",
                "expect stored-session yes",
            ]),
        DemoStep(
            title: "a minute passes",
            narration: [
                "Time comes from the Clock port; here it is a manual clock, so a minute passes at once.",
                "The token lives 60 s: the token manager refreshes it before it expires and saves the new one.",
            ],
            lines: [
                "wait 61s", "expect screen dashboard", "expect metric refreshes >= 1", "expect metric logins == 1",
                "expect stored-session yes",
            ],
            reportsRefreshes: true),
        DemoStep(
            title: "relaunch restores the session",
            narration: [
                "Relaunch: a new container and new view models on the same store and backend, as when the",
                "phone ends the app and opens it again. Bootstrap finds the stored session, confirms it with",
                "GET /users/me in one round trip and goes straight to the dashboard.",
            ],
            lines: ["relaunch", "expect screen dashboard", "expect state authenticated", "expect metric logins == 1"]),
        DemoStep(
            title: "log out",
            narration: [
                "Log out: AuthSession clears the tokens and wipes the cached data, then reports the new state.",
                "No view model decides the flow: the root derives the welcome screen from `unauthenticated`.",
            ],
            lines: ["tap logout", "expect screen welcome", "expect stored-session no", "expect local-data no"]),
        DemoStep(
            title: "sign up a new account",
            narration: [
                "Sign up: every field is validated with its own message. Registering never signs in: on",
                "success the flow returns to sign-in with the new CPF filled in, and nothing is stored.",
            ],
            lines: [
                "tap sign-up", "type name Ana Costa", "type email ana.costa@example.com", "type cpf 111.444.777-35",
                "type password 246810", "type confirm 246810", "tap submit", "expect screen sign-in",
                "expect text 111.444.777-35", "expect enabled next", "expect state unauthenticated",
                "expect stored-session no",
            ]),
    ]

    static let closing = [
        "End of the tour. Every step ran the script language through the same CommandExecutor as",
        "'app run', with the checks shown by ✔. Drive it yourself: swift run app (type help at the prompt).",
    ]
}
