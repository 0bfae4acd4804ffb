import Ports

/// A seeded account as a person trying the server needs it: public demo
/// data, passwords included, printed by `app serve`'s banner. It is the seed
/// itself (`BackendSeed`), so the banner never drifts from what the server
/// accepts. No other password is ever printed.
public struct DemoAccount: Sendable, Equatable {
    public let name: String
    public let cpf: String
    public let email: String
    public let password: String
    /// `active`, `inactive` or `deleted`.
    public let state: String

    /// Every seeded account, in the seed's order.
    public static var seeded: [DemoAccount] {
        BackendSeed.accounts().map { account in
            DemoAccount(
                name: account.name, cpf: account.cpf, email: account.email, password: account.password.reveal(),
                state: account.state.rawValue)
        }
    }
}
