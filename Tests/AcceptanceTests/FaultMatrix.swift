import Composition
import Foundation
import Testing

@testable import app

/// The fault matrix's rows and columns: every phase of the app's life that
/// talks to the backend or the store, every fault it can meet, and how each
/// is produced with the script language. The expected outcome of each
/// phase × fault is not here: it is the table in `docs/fault-matrix.md`.
enum FaultMatrix {
    /// A moment of the app's life: what brings the app there (`setup`), the
    /// route its request takes (where a server fault is put), and what the
    /// user does (`action`).
    struct Phase: Sendable {
        let name: String
        let route: String
        let setup: [String]
        let action: [String]
    }

    /// What goes wrong: the lines that set it up just before the action, and
    /// the lines after the action that let it play out (a hang lasts until
    /// the request deadline; a slow answer arrives).
    struct Fault: Sendable {
        let name: String
        let before: @Sendable (_ route: String) -> [String]
        let after: [String]
    }

    static let cpf = "123.456.789-09"

    static let signIn = [
        "tap sign-in", "type identifier \(cpf)", "tap next", "type password 123456", "tap next",
        "expect screen dashboard",
    ]

    static let phases: [Phase] = [
        Phase(name: "bootstrap health", route: "GET /health", setup: signIn, action: ["relaunch"]),
        Phase(name: "bootstrap /users/me", route: "GET /users/me", setup: signIn, action: ["relaunch"]),
        Phase(
            name: "sign-in", route: "POST /challenge/auth",
            setup: ["tap sign-in", "type identifier \(cpf)", "tap next", "type password 123456"], action: ["tap next"]),
        Phase(
            name: "sign-up", route: "POST /users",
            setup: [
                "tap sign-up", "type name Ana Souza", "type email ana@example.com", "type cpf 111.444.777-35",
                "type password 246810", "type confirm 246810",
            ],
            action: ["tap submit"]),
        Phase(name: "authorised call", route: "GET /users/related", setup: signIn, action: ["tap related"]),
        // The proactive refresh comes 50 s after sign-in; `foreground` first
        // brings back an app a fault sent to the background.
        Phase(name: "refresh", route: "POST /challenge/auth", setup: signIn, action: ["foreground", "wait 50s"]),
        // The sign-out request is best effort: whatever fault meets it, the
        // logout on the device has already happened.
        Phase(name: "logout", route: "DELETE /challenge/auth", setup: signIn, action: ["tap logout"]),
        Phase(
            name: "delete account", route: "DELETE /users/me", setup: signIn + ["tap profile", "tap delete-account"],
            action: ["tap confirm"]),
        Phase(
            name: "profile update", route: "PATCH /users/me",
            setup: signIn + ["tap profile", "type name Maria Souza Silva"],
            action: ["tap save"]),
        Phase(name: "statement list", route: "GET /challenge/list", setup: signIn, action: ["tap statement"]),
        Phase(
            name: "details", route: "GET /challenge/details/:id", setup: signIn + ["tap statement"], action: ["open 1"]),
    ]

    static let faults: [Fault] = [
        Fault(name: "500", before: { [#"server fault "\#($0)" status 500"#] }, after: []),
        Fault(name: "503", before: { [#"server fault "\#($0)" status 503"#] }, after: []),
        Fault(name: "connection dropped", before: { [#"server fault "\#($0)" drop"#] }, after: []),
        Fault(name: "malformed body", before: { [#"server fault "\#($0)" malformed"#] }, after: []),
        Fault(name: "hang until timeout", before: { [#"server fault "\#($0)" hang"#] }, after: ["wait 10s"]),
        Fault(name: "slow answer", before: { [#"server fault "\#($0)" delay 5s"#] }, after: ["wait 5s"]),
        Fault(name: "401 token invalid", before: { _ in ["server revoke"] }, after: []),
        Fault(name: "401 token expired", before: { _ in ["background", "wait 6m"] }, after: []),
        Fault(name: "403 API key", before: { [#"server fault "\#($0)" status 403"#] }, after: []),
        Fault(name: "403 user inactive", before: { _ in ["server user \(cpf) inactive"] }, after: []),
        Fault(name: "410 user deleted", before: { _ in ["server user \(cpf) deleted"] }, after: []),
        Fault(name: "store unavailable", before: { _ in ["store unavailable"] }, after: []),
        Fault(name: "store full", before: { _ in ["store full"] }, after: []),
    ]

    /// Every phase × fault, in the table's order.
    static let cells: [Cell] = phases.flatMap { phase in faults.map { Cell(phase: phase, fault: $0) } }

    struct Cell: Sendable, CustomTestStringConvertible {
        let phase: Phase
        let fault: Fault

        var testDescription: String { "\(phase.name) × \(fault.name)" }

        /// The cell as a script: the phase's setup, the fault, the action, the
        /// fault playing out, a minute more (nothing may stay stuck), then
        /// the row's expectations.
        func script(expecting row: FaultMatrixTable.Row?) -> String {
            var lines = ["# locale: en-US", "# \(testDescription)"]
            lines += phase.setup
            lines += fault.before(phase.route)
            lines += phase.action
            lines += fault.after
            lines += ["wait 1m"]
            guard let row else { return lines.joined(separator: "\n") + "\n" }
            lines += [
                "expect not-loading",
                "expect screen \(row.screen)",
                "expect state \(row.state)",
                "expect stored-session \(row.storedSession ? "yes" : "no")",
                "expect local-data \(row.localData ? "yes" : "no")",
                "expect text \(row.text)",
            ]
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
