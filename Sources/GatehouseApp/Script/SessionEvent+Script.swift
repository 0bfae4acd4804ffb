import Ports

extension SessionEvent {
    /// Whether this event is what `expect event KIND [FIELD VALUE]...`
    /// asks for: that kind, with each field given (the others may be anything).
    func matches(kind: String, fields: [String: String]) -> Bool {
        self.kind.rawValue == kind
            && fields.allSatisfy { field in self.fields.contains { $0 == (field.key, field.value) } }
    }

    /// The event as a script's `expect event` line names it, without its
    /// durations (which no script can know): `session-ended reason token-invalid`.
    var scriptWords: String {
        ([kind.rawValue] + fields.filter { !$0.name.hasSuffix("-ms") }.flatMap { [$0.name, $0.value] })
            .joined(separator: " ")
    }
}
