import Ports

/// A seeded account of docs/spec/wire-contract.md, "Seeded data".
struct RemoteSeedAccount: Sendable {
    let name: String
    /// The e-mail the contract gives the account (Maria's only).
    let email: String?
    let cpf: String
    let password: String
    /// The e-mail a server that signs in by e-mail only knows the account
    /// by: the in-memory backend's seed (`BackendSeed`), which the Supabase
    /// Auth stand-in serves.
    let signInEmail: String

    var byCPF: Credentials {
        Credentials(identifier: .cpf(cpf), password: Password(password))
    }

    /// Sign-in by e-mail, for the accounts whose e-mail the contract gives.
    var byEmail: Credentials? {
        email.map { Credentials(identifier: .email($0), password: Password(password)) }
    }

    func withWrongPassword() -> Credentials {
        Credentials(identifier: .cpf(cpf), password: Password(password == "000000" ? "999999" : "000000"))
    }

    /// The account's credentials as `auth` takes them: by CPF, or by e-mail
    /// where the backend signs in by e-mail only (`signsInByCPF` false).
    func credentials(for auth: any AuthRemoteAPI, password: String? = nil) -> Credentials {
        let identifier: LoginIdentifier = auth.signsInByCPF ? .cpf(cpf) : .email(signInEmail)
        return Credentials(identifier: identifier, password: Password(password ?? self.password))
    }

    /// `credentials(for:)` with a wrong password.
    func withWrongPassword(for auth: any AuthRemoteAPI) -> Credentials {
        credentials(for: auth, password: password == "000000" ? "999999" : "000000")
    }
}

/// The seeded data every server of the contract starts with.
enum RemoteSeed {
    /// Active, the demo account.
    static let maria = RemoteSeedAccount(
        name: "Maria Silva", email: "maria@example.com", cpf: "12345678909", password: "123456",
        signInEmail: "maria@example.com")
    /// Active, related to Maria.
    static let joao = RemoteSeedAccount(
        name: "João da Silva", email: nil, cpf: "52998224725", password: "654321",
        signInEmail: "joao.silva@example.com")
    /// Inactive.
    static let inactive = RemoteSeedAccount(
        name: "", email: nil, cpf: "76626692038", password: "111111", signInEmail: "carla.souza@example.com")
    static let all = [maria, joao, inactive]

    /// A registration no seeded account conflicts with (valid CPF check digits).
    static func newcomer(
        name: String = "Beatriz Lima", email: String = "beatriz.lima@example.com",
        cpf: String = "11144477735", password: String = "246810"
    ) -> Registration {
        Registration(name: name, email: email, cpf: cpf, password: Password(password))
    }
}
