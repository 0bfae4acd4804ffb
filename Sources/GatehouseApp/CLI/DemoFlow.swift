/// The flows `app demo` claims to tour, in the order the tour meets them.
/// `app help demo` lists them from here, and a test checks that each one has
/// steps that ran, so the help cannot claim a flow the tour skips.
enum DemoFlow: String, CaseIterable, Sendable {
    case startup, signInFormRules, wrongPassword, signIn, dashboard, statement, profile, relatedUsers
    case tokenKeptFresh, serverDownAndBack, sessionExpired, logout, deleteAccount, signUp

    /// One line of `app help demo` (English, as the help is).
    var summary: String {
        switch self {
        case .startup: "start-up: the health probe and the stored session (none, then one restored)"
        case .signInFormRules: "the sign-in form's rules: a bad CPF refused, an e-mail accepted, 6 digits"
        case .wrongPassword: "a wrong password: the error shown, nothing stored"
        case .signIn: "sign-in with the CPF and the password"
        case .dashboard: "the dashboard: the greeting and the masked CPF"
        case .statement: "the statement: sections by day, pull to refresh, an entry's details masked"
        case .profile: "the profile: validation per field, then an edit saved"
        case .relatedUsers: "related users"
        case .tokenKeptFresh: "the token kept fresh: ten minutes pass, the refreshes counted"
        case .serverDownAndBack: "the server down and back: the health banner, system-unavailable at launch"
        case .sessionExpired: "a session expired in the background, then signing in again"
        case .logout: "logout"
        case .deleteAccount: "delete account: the confirmation, then the account refused"
        case .signUp: "sign-up: a new account, back on sign-in with its CPF filled in"
        }
    }
}
