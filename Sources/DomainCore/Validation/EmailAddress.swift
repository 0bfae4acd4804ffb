import Foundation

/// A well-formed e-mail address, by a pragmatic check rather than full RFC 5322:
/// the goal is to enable "Next" for what people really type and to catch typos,
/// not to accept every address a mail server might.
///
/// After trimming surrounding whitespace, the text must have:
/// - exactly one `@`, no whitespace or control characters anywhere, at most
///   254 UTF-8 bytes in all once normalised (RFC 5321 counts octets);
/// - a local part of 1–64 UTF-8 bytes, without the characters that need
///   quoting (`"(),:;<>[\]`), not starting or ending with a dot, without `..`;
/// - a domain of two or more dot-separated labels, each non-empty, made of
///   letters, digits and hyphens, not starting or ending with a hyphen; the
///   last label (the TLD) two or more letters.
///
/// `value` is normalised: trimmed, the domain lowercased (domains are
/// case-insensitive); the local part is kept as typed (it need not be).
public struct EmailAddress: Sendable, Hashable {
    /// The normalised address, `localPart@domain`.
    public let value: String
    /// The part before the `@`, as typed.
    public let localPart: String
    /// The part after the `@`, lowercased.
    public let domain: String

    /// The address in `text`, normalised, or nil unless it passes every rule
    /// above.
    ///
    /// - Parameter text: the address as typed.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.unicodeScalars.contains(where: Self.isForbiddenAnywhere) else { return nil }

        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let local = String(parts[0])
        let domain = parts[1].lowercased()
        let value = local + "@" + domain
        // The limit holds for what is sent, not for what was typed: lower-casing
        // can lengthen the domain ("İ", two bytes, becomes "i" and a combining
        // dot, three).
        guard value.utf8.count <= Self.maximumLength,
            Self.isAcceptableLocalPart(local), Self.isAcceptableDomain(domain)
        else { return nil }

        self.localPart = local
        self.domain = domain
        self.value = value
    }

    private static let maximumLength = 254
    private static let maximumLocalPartLength = 64
    private static let forbiddenInLocalPart: Set<Character> = ["\"", "(", ")", ",", ":", ";", "<", ">", "[", "\\", "]"]

    private static func isForbiddenAnywhere(_ scalar: Unicode.Scalar) -> Bool {
        CharacterSet.whitespacesAndNewlines.contains(scalar) || CharacterSet.controlCharacters.contains(scalar)
    }

    private static func isAcceptableLocalPart(_ local: String) -> Bool {
        !local.isEmpty
            && local.utf8.count <= maximumLocalPartLength
            && !local.contains(where: forbiddenInLocalPart.contains)
            && !local.hasPrefix(".")
            && !local.hasSuffix(".")
            && !local.contains("..")
    }

    private static func isAcceptableDomain(_ domain: String) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let topLevel = labels.last else { return false }
        return labels.allSatisfy(isAcceptableLabel)
            && topLevel.count >= 2
            && topLevel.allSatisfy(\.isLetter)
    }

    private static func isAcceptableLabel(_ label: Substring) -> Bool {
        !label.isEmpty
            && !label.hasPrefix("-")
            && !label.hasSuffix("-")
            && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
    }
}
