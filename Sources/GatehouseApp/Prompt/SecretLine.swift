/// Which typed lines may carry a secret, and where it starts. A line that
/// does is never repeated: the prompt draws its value as bullets, the
/// history does not keep it, a message about it never quotes it, and a
/// script's transcript echoes it bulleted.
///
/// Secret unless known to be harmless: only `type` with a field that is no
/// secret (`identifier`, `name`, `email`, `cpf`) shows its value. So the
/// value is taken for a secret after
/// - `type` and any other field — a secret field (`password`, `confirm`,
///   `pin`), a misspelt one (`type pasword 123456`), one in other capitals
///   (`type Pin 7913`; field names are exact, so that line is refused too);
/// - a command that is a slip for `type` (`typ`, `tpye`, `Type`): within one
///   edit of it, capitals aside, whatever field follows;
/// - a secret field's name as the first word (`password 123456`, the
///   `type` forgotten), capitals aside.
///
/// Words are split at spaces and tabs; a word counts once a space follows
/// it (while the field's name is being typed, nothing is a value yet).
enum SecretLine {
    /// The fields whose value is a secret.
    static let secretFields: Set<String> = ["password", "confirm", "pin"]
    /// The fields whose value may be shown, repeated and kept: every other
    /// field name, known or not, is taken for a secret one.
    static let publicFields: Set<String> = ["identifier", "name", "email", "cpf"]

    /// Whether typing into `field` (as `ScriptParser` read it) types a secret.
    static func typesSecret(field: String) -> Bool {
        !publicFields.contains(field)
    }

    /// Whether `line` may hold a secret.
    static func holdsSecret(_ line: String) -> Bool {
        valueStart(in: Array(line)) != nil
    }

    /// The secret as typed (the rest of the line after the field, trimmed);
    /// nil when the line holds none.
    static func value(in line: String) -> String? {
        let characters = Array(line)
        guard let start = valueStart(in: characters) else { return nil }
        return String(characters[start...]).trimmingCharacters(in: .whitespaces)
    }

    /// Where the value starts in `characters` (just after the space that
    /// ends the field's name); nil when the line holds no secret.
    static func valueStart(in characters: [Character]) -> Int? {
        var index = 0
        /// The next word and whether a separator follows it (the word is finished).
        func word() -> (String, finished: Bool) {
            while index < characters.count, isSeparator(characters[index]) { index += 1 }
            let start = index
            while index < characters.count, !isSeparator(characters[index]) { index += 1 }
            return (String(characters[start..<index]), index < characters.count)
        }
        let (command, commandFinished) = word()
        let lowered = command.lowercased()
        if secretFields.contains(lowered) {
            return commandFinished ? index + 1 : nil
        }
        guard commandFinished, command == "type" || NearMiss.distance(lowered, "type") <= 1 else { return nil }
        let (field, fieldFinished) = word()
        guard fieldFinished, !field.isEmpty else { return nil }
        if command == "type", !typesSecret(field: field) { return nil }
        return index + 1
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }
}
