import Composition
import Foundation
import Ports
import Testing

@testable import GatehouseApp

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

    /// The kinds a row that names no event (`none`) must not show: nothing
    /// ended, expired or failed for the session.
    static let kindsNoneExcludes: Set<SessionEvent.Kind> = [
        .sessionEnded, .sessionExpired, .refreshFailed, .signInRefused, .storeProblem,
    ]

    /// Why the events `reported` from the user's action on do not meet a
    /// row's `event` cell, or nil when they do. The cell names a kind and
    /// fields (`session-ended reason token-invalid`, matched as a script's
    /// `expect event` matches it): some event is that one, and no session
    /// ends or expires but as it says. `none`: no event of
    /// `kindsNoneExcludes`.
    static func eventMiss(in reported: [SessionEvent], named cell: String) -> String? {
        let said = reported.map(\.scriptWords).joined(separator: "; ")
        if cell == "none" {
            guard let unwanted = reported.first(where: { kindsNoneExcludes.contains($0.kind) }) else { return nil }
            return "its row names no event, yet it reported \(unwanted.scriptWords) (all: \(said))"
        }
        // The cell is read as the script line it stands for.
        guard case .expectEvent(let kind, let fields)? = try? ScriptParser.parse("expect event \(cell)") else {
            return "its row's event \(cell) is not what `expect event` takes"
        }
        let named = { (event: SessionEvent) in event.matches(kind: kind, fields: fields) }
        guard reported.contains(where: named) else { return "it did not report \(cell) (it reported: \(said))" }
        let endings: Set<SessionEvent.Kind> = [.sessionEnded, .sessionExpired]
        if let other = reported.first(where: { endings.contains($0.kind) && !named($0) }) {
            return "it also reported \(other.scriptWords), which its row does not name"
        }
        return nil
    }

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
            leadScript + followScript(expecting: row)
        }

        /// The cell's first part: the phase's setup and the fault, up to the
        /// user's action.
        var leadScript: String {
            (["# locale: en-US", "# \(testDescription)"] + phase.setup + fault.before(phase.route))
                .joined(separator: "\n") + "\n"
        }

        /// The cell's second part: the action, the fault playing out, a
        /// minute more, then the row's expectations.
        func followScript(expecting row: FaultMatrixTable.Row?) -> String {
            var lines = phase.action
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
