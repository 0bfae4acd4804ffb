import DomainCore
import Foundation

/// The sign-in outside the app on the sign-in screen: the ways the backend
/// offers (`browser`, `device`), and while an attempt waits, what the person
/// must do and `cancel`. Every address and code shown came from the server:
/// each is bounded and kept to one line with its controls escaped
/// (`TerminalText`), as all outside text is.
extension ScreenDriver {
    /// The most characters of an address or a code shown; a longer one is cut.
    static let longestOutsideText = 512

    /// The actions `browser` and `device`, for the methods the backend offers.
    func externalSignInActions(_ model: SignInViewModel) -> [ScreenSnapshot.Action] {
        guard let external = model.external else { return [] }
        let enabled = external.canBegin && !model.isBusy && !model.health.isDown
        return external.methods.compactMap { method in
            switch method {
            case .browser:
                action("browser", .actionSignInBrowser, enabled: enabled) { await external.signIn(by: .browser) }
            case .device:
                action("device", .actionSignInDevice, enabled: enabled) { await external.signIn(by: .device) }
            case .password: nil
            }
        }
    }

    /// The sign-in of a backend without the password: no identifier, no
    /// password, only the ways outside the app.
    func externalSignInChoice(_ model: SignInViewModel, _ external: ExternalSignInViewModel, lines: [String])
        -> ScreenSnapshot
    {
        var lines = lines
        lines.append(texts[.signInOutsidePrompt])
        if let failure = external.failure { lines.append(text(for: failure)) }
        if model.health.isDown {
            lines.append(texts[model.health == .offline ? .signInBlockedOffline : .signInBlockedServerDown])
        }
        var notOffered: [String: NotOfferedReason] = [:]
        if !model.offersSignUp { notOffered["sign-up"] = .noSignUp }
        return ScreenSnapshot(
            name: "sign-in", title: texts[.titleSignIn], lines: lines,
            actions: externalSignInActions(model) + [action("back", .actionBack) { model.back() }],
            actionsNotOffered: notOffered)
    }

    /// An attempt under way: the address opened (or to open), or the address
    /// and the code; `cancel` ends it.
    func externalSignInWaiting(_ external: ExternalSignInViewModel, prompt: ExternalSignInPrompt, lines: [String])
        -> ScreenSnapshot
    {
        var lines = lines
        switch prompt {
        case .browser(let url, let opening):
            switch opening {
            case .opened: lines.append(texts[.browserOpened])
            case .notOpened: lines.append(texts[.browserNotOpened])
            }
            lines.append("  " + Self.outside(url.absoluteString))
        case .device(let userCode, let verificationURI, let completeURI, _):
            lines.append(texts[.deviceVisit])
            lines.append("  " + Self.outside(verificationURI.absoluteString))
            lines.append(texts[.deviceEnterCode])
            lines.append("  " + Self.outside(userCode))
            if let completeURI {
                lines.append(texts[.deviceCompleteAddress])
                lines.append("  " + Self.outside(completeURI.absoluteString))
            }
        }
        lines.append(texts[.waitingForPerson])
        return ScreenSnapshot(
            name: "sign-in-waiting", title: texts[.titleSignIn], lines: lines,
            actions: [action("cancel", .actionCancel) { await external.cancel() }], endsWaitOnInterrupt: "cancel")
    }

    /// Text from the server, bounded and on one line with its controls escaped.
    static func outside(_ text: String) -> String {
        let bounded = text.count > Self.longestOutsideText ? String(text.prefix(Self.longestOutsideText)) + "…" : text
        return TerminalText.escapingControlsOnOneLine(bounded)
    }
}
