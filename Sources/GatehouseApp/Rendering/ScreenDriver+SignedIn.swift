import Composition
import DomainCore

/// The signed-in area's screens: what each destination draws, and what its words do.
extension ScreenDriver {
    func signedIn() -> ScreenSnapshot {
        guard let area = main.signedInArea else {
            return ScreenSnapshot(
                name: "startup", title: texts[.titleStartup], lines: [texts[.loading]], isLoading: true)
        }
        var screen: ScreenSnapshot =
            switch area.destination {
            case .dashboard(let model): dashboard(model)
            case .statement(let model): statement(model, in: area)
            case .entryDetails(_, let model): entryDetails(model, in: area)
            case .profile(let model): profile(model, in: area)
            case .relatedUsers(let model): relatedUsers(model, in: area)
            case .security(let model): security(model, in: area)
            case .sessionDetails(let model): sessionDetails(model, in: area)
            }
        // One message per cause: when the route's failed call is the health
        // monitor's outage, its failure line says so and the banner is not repeated.
        if let banner = area.dashboard.healthBanner, !Self.isOutage(routeFailure(in: area)) {
            screen.lines.insert(texts[banner == .offline ? .bannerOffline : .bannerServerDown], at: 0)
        }
        return screen
    }

    /// The failure the shown destination's last call ended in, if any.
    private func routeFailure(in area: SignedInCoordinator) -> SignedInFailure? {
        switch area.destination {
        case .dashboard, .security, .sessionDetails: nil
        case .statement(let model): model.failure
        case .entryDetails(_, let model): model.failure
        case .profile(let model): model.failure
        case .relatedUsers(let model): model.failure
        }
    }

    /// A call that failed for want of a connection or a working server.
    private static func isOutage(_ failure: SignedInFailure?) -> Bool {
        failure == .network || failure == .timedOut || failure == .server
    }

    /// The user as known: a profile only the sign-in knew has no name, and an
    /// e-mail only when that was typed, so those lines are left out. Without
    /// account routes the related link is not drawn, the screen says so, and
    /// a tap on it is told why; the profile stays, for the device's choices.
    private func dashboard(_ model: DashboardViewModel) -> ScreenSnapshot {
        let user = model.user
        var lines = [user.name.isEmpty ? texts[.greetingWithoutName] : texts[.greeting, user.name]]
        if !user.cpf.isEmpty { lines.append("\(texts[.cpfLabel]): \(model.maskedCPF)") }
        if !user.email.isEmpty { lines.append("\(texts[.emailLabel]): \(user.email)") }
        var actions = [
            action("statement", .actionStatement) { await model.showStatement() },
            action("profile", .actionProfile) { model.showProfile() },
        ]
        var notOffered: [String: NotOfferedReason] = [:]
        if model.offersAccountRoutes {
            actions.append(action("related", .actionRelated) { await model.showRelatedUsers() })
        } else {
            lines.append(texts[.accountRoutesNotOffered])
            notOffered = ["related": .noAccountRoutes, "delete-account": .noAccountRoutes]
        }
        actions.append(action("security", .actionSecurity) { await model.showSecurity() })
        actions.append(action("session", .actionSessionDetails) { await model.showSessionDetails() })
        actions.append(action("logout", .actionLogout, enabled: !model.isBusy) { await model.logout() })
        return ScreenSnapshot(
            name: "dashboard", title: texts[.titleDashboard], lines: lines, actions: actions,
            actionsNotOffered: notOffered)
    }

    private func statement(_ model: StatementListViewModel, in area: SignedInCoordinator) -> ScreenSnapshot {
        var lines: [String] = []
        if model.showsPlaceholder { lines.append(texts[.loadingPlaceholder]) }
        if model.isRefreshing { lines.append(texts[.refreshing]) }
        if let failure = model.failure { lines.append(text(for: failure)) }
        if let sections = model.sections {
            if sections.isEmpty { lines.append(texts[.statementEmpty]) }
            var number = 0
            for section in sections {
                lines.append("— \(section.day) —")
                for row in section.rows {
                    number += 1
                    lines.append(
                        "\(number). \(row.time) \(row.description) · \(row.counterparty)  \(row.amount)  (\(row.label), \(statusText(row.status)))"
                    )
                }
            }
        }
        return ScreenSnapshot(
            name: "statement", title: texts[.titleStatement], lines: lines,
            actions: [action("refresh", .actionRefresh, enabled: model.isRefreshEnabled) { await model.refresh() }]
                + retryAction(after: model.failure, busy: model.isLoading) { await model.retry() }
                + [action("back", .actionBack) { area.back() }],
            entries: ScreenSnapshot.Entries(count: model.rows.count) { number in _ = await model.open(number) },
            isLoading: model.showsPlaceholder)
    }

    private func entryDetails(_ model: EntryDetailsViewModel, in area: SignedInCoordinator) -> ScreenSnapshot {
        var lines: [String] = []
        if model.showsPlaceholder { lines.append(texts[.loadingPlaceholder]) }
        if let failure = model.failure { lines.append(text(for: failure)) }
        if let details = model.details {
            lines += [
                "\(details.description) · \(details.label)", "\(texts[.detailsAmount]): \(details.amount)",
                "\(texts[.detailsWhen]): \(details.when)", "\(texts[.detailsStatus]): \(statusText(details.status))",
                "\(texts[.detailsCounterparty]): \(details.counterparty)",
            ]
            for (label, party) in [(TextKey.detailsSender, details.sender), (.detailsRecipient, details.recipient)] {
                lines.append("\(texts[label]): \(party.name) · \(party.documentType.rawValue) \(party.document)")
                lines.append(
                    "    \(texts[.detailsBank]) \(party.bank) · \(texts[.detailsAgency]) \(party.agency) · \(texts[.detailsAccount]) \(party.account)"
                )
            }
        }
        return ScreenSnapshot(
            name: "entry-details", title: texts[.titleEntryDetails], lines: lines,
            actions: retryAction(after: model.failure, busy: model.isLoading) { await model.retry() }
                + [action("back", .actionBack) { area.back() }],
            isLoading: model.showsPlaceholder)
    }

    /// The user's data and the device's preferences; with account routes the
    /// name and e-mail fields, save and delete-account too. Without them the
    /// name and e-mail are lines, the screen says why they cannot change, and
    /// a `type` or `tap` of the account is told why.
    private func profile(_ model: ProfileViewModel, in area: SignedInCoordinator) -> ScreenSnapshot {
        var lines = ["\(texts[.cpfLabel]): \(model.maskedCPF)"]
        guard model.offersAccountRoutes else {
            if let user = model.user {
                if !user.name.isEmpty { lines.append("\(texts[.fieldName]): \(user.name)") }
                if !user.email.isEmpty { lines.append("\(texts[.emailLabel]): \(user.email)") }
            }
            lines.append(texts[.profileAccountNotOffered])
            let preferencesSection = preferencesSection(busy: false, model: model)
            let notOffered = Dictionary(
                uniqueKeysWithValues: ["save", "delete-account", "confirm"].map {
                    ($0, NotOfferedReason.noAccountRoutes)
                })
            return ScreenSnapshot(
                name: "profile", title: texts[.titleProfile], lines: lines + preferencesSection.lines,
                actions: preferencesSection.actions + [action("back", .actionBack) { area.back() }],
                actionsNotOffered: notOffered,
                fieldsNotOffered: Dictionary(
                    uniqueKeysWithValues: ProfileViewModel.Field.allCases.map { ($0.rawValue, .noAccountRoutes) }))
        }
        if model.saved { lines.append(texts[.profileSaved]) }
        if let failure = model.failure { lines.append(text(for: failure)) }
        if model.isConfirmingDelete { lines.append(texts[.profileConfirmDelete]) }
        let fields = [
            ScreenSnapshot.Field(
                name: "name", label: texts[.fieldName], shown: model.name,
                problem: model.problems[.name].map { text(for: $0) } ?? model.serverFieldErrors["name"],
                set: { model.name = $0 }),
            ScreenSnapshot.Field(
                name: "email", label: texts[.fieldEmail], shown: model.email,
                problem: model.problems[.email].map { text(for: $0) } ?? model.serverFieldErrors["email"],
                set: { model.email = $0 }),
        ]
        let busy = model.isSaving || model.isDeleting
        var actions = [
            action("save", .actionSave, enabled: model.isSaveEnabled) { await model.save() },
            action("delete-account", .actionDeleteAccount, enabled: !busy && !model.isConfirmingDelete) {
                model.requestDelete()
            },
        ]
        if model.isConfirmingDelete {
            actions.append(action("confirm", .actionConfirm, enabled: !busy) { await model.confirmDelete() })
        }
        let preferencesSection = preferencesSection(
            // While a delete waits for confirmation, only confirm and back are offered.
            busy: busy || model.isConfirmingDelete, model: model)
        lines += preferencesSection.lines
        actions += preferencesSection.actions
        // While a delete waits for confirmation, back cancels it; only then does it leave the profile.
        actions.append(
            action("back", .actionBack, enabled: !busy) {
                if model.isConfirmingDelete { model.cancelDelete() } else { area.back() }
            })
        return ScreenSnapshot(
            name: "profile", title: texts[.titleProfile], lines: lines, fields: fields, actions: actions,
            isLoading: busy)
    }

    /// Each person numbered, `[x]` when selected to share with; `select-N` or
    /// `deselect-N` (whichever applies) changes the Nth, `save` sends the choice.
    private func relatedUsers(_ model: RelatedUsersViewModel, in area: SignedInCoordinator) -> ScreenSnapshot {
        var lines: [String] = []
        if model.showsPlaceholder { lines.append(texts[.loadingPlaceholder]) }
        if model.saved { lines.append(texts[.relatedSaved]) }
        if let failure = model.failure { lines.append(text(for: failure)) }
        var actions: [ScreenSnapshot.Action] = []
        let busy = model.isLoading || model.isSaving
        if let users = model.users {
            if users.isEmpty {
                lines.append(texts[.relatedEmpty])
            } else {
                lines.append(texts[.relatedChoose])
            }
            for (index, user) in users.enumerated() {
                let number = index + 1
                let selected = model.selection.contains(user.id)
                lines.append("\(number). [\(selected ? "x" : " ")] \(user.name) · \(user.email)")
                actions.append(
                    selected
                        ? action("deselect-\(number)", .actionDeselect, enabled: !busy) { model.deselect(user.id) }
                        : action("select-\(number)", .actionSelect, enabled: !busy) { model.select(user.id) })
            }
        }
        actions += [
            action("save", .actionSave, enabled: model.isSaveEnabled) { await model.save() }
        ]
        actions += retryAction(after: model.failure, busy: busy) { await model.retry() }
        actions.append(action("back", .actionBack, enabled: !model.isSaving) { area.back() })
        return ScreenSnapshot(
            name: "related-users", title: texts[.titleRelatedUsers], lines: lines, actions: actions,
            isLoading: model.showsPlaceholder || model.isSaving)
    }

    /// "Retry" is offered only after a failure, when there is something to
    /// retry — never an action that is always disabled. (A retry in flight
    /// clears the failure, and the placeholder or "refreshing" says the wait.)
    private func retryAction(
        after failure: SignedInFailure?, busy: Bool, perform: @escaping @MainActor @Sendable () async -> Void
    ) -> [ScreenSnapshot.Action] {
        guard failure != nil else { return [] }
        return [action("retry", .actionRetry, enabled: !busy, perform: perform)]
    }

    /// A statement entry's status in the person's language; a status this
    /// app does not know is shown as the backend sent it.
    func statusText(_ status: String) -> String {
        switch status.uppercased() {
        case "COMPLETED": texts[.statusCompleted]
        case "PENDING": texts[.statusPending]
        case "FAILED": texts[.statusFailed]
        case "CANCELED", "CANCELLED": texts[.statusCanceled]
        default: status
        }
    }

    /// A failed call's one message. A connection or server failure says the
    /// cause the health monitor agrees on when it sees an outage (offline, or
    /// the server down), so the screen never shows two causes at once.
    func text(for failure: SignedInFailure) -> String {
        if Self.isOutage(failure), let outage = main.signedInArea?.dashboard.healthBanner {
            return texts[outage == .offline ? .failureOffline : .failureServerDown]
        }
        switch failure {
        case .network: return texts[.failureNetwork]
        case .timedOut: return texts[.failureTimedOut]
        case .server: return texts[.failureServer]
        case .notFound: return texts[.failureNotFound]
        case .invalidFields(let fields):
            return texts[.failureInvalidFields, fields.keys.sorted().joined(separator: ", ")]
        case .alreadyRegistered: return texts[.failureAlreadyRegistered]
        case .sessionEnded: return texts[.failureSessionEnded]
        case .notOffered: return texts[.failureNotOffered]
        case .busyElsewhere: return texts[.failureBusyElsewhere]
        }
    }
}
