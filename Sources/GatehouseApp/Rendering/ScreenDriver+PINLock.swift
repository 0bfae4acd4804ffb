import DomainCore

/// The PIN lock's two screens: the PIN screen the root shows while the
/// session is locked, and the signed-in area's security screen.
extension ScreenDriver {
    /// Nothing of the signed-in area: a prompt, the attempts left after a
    /// wrong PIN, the field (bullets only), unlock and "Forgot PIN".
    func pinLock() -> ScreenSnapshot {
        guard let model = main.pinLock else {
            return ScreenSnapshot(
                name: "startup", title: texts[.titleStartup], lines: [texts[.loading]], isLoading: true)
        }
        var lines = [texts[.pinLockPrompt]]
        if model.isChecking {
            lines.append(texts[.pinChecking])  // hashing takes a moment: say so
        } else if let problem = model.problem {
            lines.append(problem == .unavailable ? texts[.pinLockUnavailable] : text(for: problem))
        }
        return ScreenSnapshot(
            name: "pin-lock", title: texts[.titlePINLock], lines: lines,
            fields: [pinField(model.pin) { model.pin = $0 }],
            actions: [
                action("unlock", .actionUnlock, enabled: model.isUnlockEnabled) { await model.unlock() },
                action("forgot-pin", .actionForgotPIN, enabled: !model.isBusy) { await model.forgotPIN() },
            ],
            isLoading: model.isBusy)
    }

    /// On the overview: whether the lock is on, what was just done, and the
    /// actions that apply; on a step: its prompt, the field, next and cancel.
    func security(_ model: PINSettingsViewModel, in area: SignedInCoordinator) -> ScreenSnapshot {
        var lines: [String] = []
        if model.showsPlaceholder { lines.append(texts[.loadingPlaceholder]) }
        if model.step == .overview, let isSet = model.isSet {
            lines.append(texts[isSet ? .pinStatusOn : .pinStatusOff])
        }
        if let notice = model.notice, model.step == .overview { lines.append(text(for: notice)) }
        let timeout = model.step == .overview && model.isSet == true ? lockTimeoutSection() : (lines: [], actions: [])
        lines += timeout.lines
        switch model.step {
        case .overview: break
        case .current: lines.append(texts[.pinPromptCurrent])
        case .new: lines.append(texts[.pinPromptNew])
        case .confirm: lines.append(texts[.pinPromptConfirm])
        }
        if model.isBusy {
            // The PIN is hashed (checked, or saved after the confirmation): it takes a moment.
            lines.append(texts[model.step == .confirm ? .pinSaving : .pinChecking])
        } else if let problem = model.problem {
            lines.append(text(for: problem))
        }
        guard model.step != .overview else {
            var actions: [ScreenSnapshot.Action] = []
            if model.isSet == false {
                actions.append(action("set-pin", .actionSetPIN) { model.startSetting() })
            }
            if model.isSet == true {
                actions.append(action("change-pin", .actionChangePIN) { model.startChanging() })
                actions.append(action("remove-pin", .actionRemovePIN) { model.startRemoving() })
            }
            actions += timeout.actions
            actions.append(action("back", .actionBack, enabled: !model.isBusy) { area.back() })
            return ScreenSnapshot(
                name: "security", title: texts[.titleSecurity], lines: lines, actions: actions,
                isLoading: model.showsPlaceholder)
        }
        return ScreenSnapshot(
            name: "security", title: texts[.titleSecurity], lines: lines,
            fields: [pinField(model.pin) { model.pin = $0 }],
            actions: [
                action("next", .actionNext, enabled: model.isNextEnabled) { await model.next() },
                action("cancel", .actionCancel, enabled: !model.isBusy) { model.cancel() },
            ],
            isLoading: model.isBusy)
    }

    /// While a PIN is set: the timeout in force — and, when the session
    /// ends in the background before it, what happens then —, "saved" after
    /// a choice, and one action per choice that can happen (`lock-after-N`,
    /// N in minutes; `PINLockPolicy.timeoutChoices`), each saved at once and
    /// holding at once.
    private func lockTimeoutSection() -> (lines: [String], actions: [ScreenSnapshot.Action]) {
        guard let preferences else { return ([], []) }
        let current = preferences.pinLockTimeout
        var lines = [
            current == .zero
                ? texts[.pinLockAtOnce] : texts[.pinLockAfterMinutes, Self.minutes(current)]
        ]
        if !PINLockPolicy.locksBeforeSessionEnds(current, sessionSurvivesInBackground: sessionSurvivesInBackground) {
            let survival = String(sessionSurvivesInBackground.components.seconds / 60)
            lines.append(texts[.pinLockOutlivesSession, survival])
        }
        if case .pinLockTimeout = preferences.lastChange { lines.append(texts[.pinLockTimeoutSaved]) }
        let choices = PINLockPolicy.timeoutChoices(sessionSurvivesInBackground: sessionSurvivesInBackground)
        let actions = choices.map { choice in
            ScreenSnapshot.Action(
                name: "lock-after-\(Self.minutes(choice))",
                label: choice == .zero
                    ? texts[.actionLockAtOnce] : texts[.actionLockAfterMinutes, Self.minutes(choice)],
                isEnabled: choice != current
            ) { await preferences.choosePINLockTimeout(choice) }
        }
        return (lines, actions)
    }

    /// Whole minutes, or minutes to a tenth for a timeout stored by hand (90 s: `1.5`).
    private static func minutes(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds % 60 == 0 ? String(seconds / 60) : "\(seconds / 60).\(seconds % 60 * 10 / 60)"
    }

    private func text(for problem: PINProblem) -> String {
        switch problem {
        case .weak(.notFourDigits): return texts[.pinWeakNotFourDigits]
        case .weak(.repeatedDigit): return texts[.pinWeakRepeated]
        case .weak(.sequentialDigits): return texts[.pinWeakSequential]
        case .mismatch: return texts[.pinMismatch]
        case .wrong(let attemptsLeft) where attemptsLeft == 1: return texts[.pinWrongLast]
        case .wrong(let attemptsLeft): return texts[.pinWrong, String(attemptsLeft)]
        case .unavailable: return texts[.pinUnavailable]
        }
    }

    private func text(for notice: PINSettingsViewModel.Notice) -> String {
        switch notice {
        case .set: return texts[.pinNoticeSet]
        case .changed: return texts[.pinNoticeChanged]
        case .removed: return texts[.pinNoticeRemoved]
        }
    }

    /// The PIN field of the lock and of the security steps: shown as bullets.
    private func pinField(_ pin: String, set: @escaping @MainActor @Sendable (String) -> Void) -> ScreenSnapshot.Field {
        ScreenSnapshot.Field(name: "pin", label: texts[.fieldPIN], shown: bullets(pin), set: set)
    }
}
