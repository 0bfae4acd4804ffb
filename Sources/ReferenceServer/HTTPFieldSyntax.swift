/// What a header line may hold (RFC 9110 §5.1, §5.5): a name of token
/// characters, and a value of visible characters, spaces and tabs — never
/// NUL, CR, LF or another control character. A value with one could be read
/// two ways by two parsers (a smuggled header, a truncated string in C), so
/// the reader refuses the request with 400 rather than pass it on.
enum HTTPFieldSyntax {
    /// `!#$%&'*+-.^_`|~`, digits and letters, at least one (RFC 9110 §5.6.2).
    static func isToken(_ name: Substring) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
            }
    }

    /// Whether `value` holds no control character but the horizontal tab:
    /// no NUL, CR, LF, other C0 control or DEL. Bytes past ASCII are allowed
    /// (obs-text); the head was read as UTF-8 already.
    static func isValidValue(_ value: Substring) -> Bool {
        !value.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
        }
    }
}
