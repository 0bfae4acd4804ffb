import DomainCore

/// "About this session": who is signed in, the access's times and how the
/// session is kept. It draws what the model holds and
/// nothing secret: the model never holds a token, a password or a PIN.
extension ScreenDriver {
    func sessionDetails(_ model: SessionDetailsViewModel, in area: SignedInCoordinator) -> ScreenSnapshot {
        let user = model.user
        var lines: [String] = []
        if model.showsPlaceholder { lines.append(texts[.loadingPlaceholder]) }
        if !user.name.isEmpty { lines.append("\(texts[.fieldName]): \(user.name)") }
        if let cpf = model.maskedCPF { lines.append("\(texts[.cpfLabel]): \(cpf)") }
        if !user.email.isEmpty { lines.append("\(texts[.emailLabel]): \(user.email)") }
        if let times = model.times {
            lines.append(
                texts[.sessionIssuedAt, DateText.dayAndTime(times.issuedAt, locale: texts.locale, in: timeZone)])
            lines.append(
                texts[.sessionValidUntil, DateText.dayAndTime(times.expiresAt, locale: texts.locale, in: timeZone)])
        }
        lines.append(texts[.sessionKept])
        return ScreenSnapshot(
            name: "session-details", title: texts[.titleSessionDetails], lines: lines,
            actions: [action("back", .actionBack) { area.back() }], isLoading: model.showsPlaceholder)
    }
}
