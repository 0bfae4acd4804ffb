import Foundation
public import PortContracts
public import Ports
public import SimulatedBackend

/// The in-memory backend's seeded accounts (docs/spec/wire-contract.md,
/// "Seeded data"), as a stand-in made on it serves them and the remote
/// contracts sign them in. The values are read from the seed itself
/// (`DemoAccount.seeded`), so they cannot drift from what the backend
/// accepts; the table shows them (`StandInKitTests` checks its names and
/// Maria's CPF). The passwords are public demo data.
///
/// | person | name | CPF | e-mail | password | state |
/// | --- | --- | --- | --- | --- | --- |
/// | `.first` | Maria Silva | 123.456.789-09 | maria@example.com | 123456 | active |
/// | `.second` | João da Silva | 529.982.247-25 | joao.silva@example.com | 654321 | active |
/// | (inactive) | Carla Souza | 766.266.920-38 | carla.souza@example.com | 111111 | inactive |
public enum StandInSeed {
    /// The seeded account of `person`: the seed's active accounts, in its order.
    public static func account(_ person: SeededPerson) -> DemoAccount {
        let active = DemoAccount.seeded.filter { $0.state == InMemoryBackend.AccountState.active.rawValue }
        switch person {
        case .first: return active[0]
        case .second: return active[1]
        }
    }

    /// The seed's inactive account.
    public static var inactiveAccount: DemoAccount? {
        DemoAccount.seeded.first { $0.state == InMemoryBackend.AccountState.inactive.rawValue }
    }

    /// How the contracts sign `account` in: by its CPF or its e-mail, with its password.
    public static func signIn(_ account: DemoAccount) -> SeededSignIn {
        SeededSignIn(cpf: account.cpf, email: account.email, password: Password(account.password))
    }

    /// What the seed says of `person`.
    public static func profile(of person: SeededPerson) -> SeededProfile {
        let account = account(person)
        return SeededProfile(name: account.name, email: account.email, cpf: account.cpf)
    }

    /// The `number`th registration no seeded account conflicts with: its
    /// own CPF (check digits right), e-mail and a six-digit password, which
    /// every password rule of the backend takes.
    public static func registration(number: Int) -> Registration {
        var base = String(format: "%09d", 100_000_000 + Int(number.magnitude % 800_000_000))
        // A CPF of one digit repeated is no CPF (its check digits would be right).
        if Set(base).count == 1 { base = String(base.dropLast()) + (base.last == "9" ? "8" : "9") }
        return Registration(
            name: "Beatriz Lima \(number)", email: "beatriz.lima.\(number)@example.com",
            cpf: base + checkDigits(of: base), password: Password("246810"))
    }

    /// The two check digits of a CPF's first nine.
    static func checkDigits(of base: String) -> String {
        var digits = base.compactMap(\.wholeNumberValue)
        for _ in 0..<2 {
            let weighted = digits.enumerated().reduce(0) { $0 + $1.element * (digits.count + 1 - $1.offset) }
            digits.append(weighted * 10 % 11 % 10)
        }
        return digits.suffix(2).map(String.init).joined()
    }
}
