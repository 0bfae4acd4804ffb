import DomainCore
import Foundation
import Ports

/// Any text as the sign-in identifier, through `CPF`, `EmailAddress` and
/// `LoginIdentifier(parsing:)`.
///
/// Properties:
/// - a valid CPF is valid in its other shape (bare ⇄ formatted) with the same
///   digits, and an invalid one is invalid in its other shape too;
/// - a valid CPF has eleven ASCII digits, not all equal, whose check digits
///   agree with a second, independently written mod-11 computation;
/// - an accepted e-mail stays accepted, unchanged, after its own
///   normalisation, within 254 bytes, with exactly one `@`;
/// - the identifier is the CPF's digits or the e-mail's value, and parsing
///   what it sends gives the same identifier again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: fuzzInput(start, count), as: UTF8.self)
    checkCPF(text)
    checkEmail(text)
    checkIdentifier(text)
    return 0
}

private func checkCPF(_ text: String) {
    let cpf = CPF(text)
    if let cpf {
        let digits = Array(cpf.digits.unicodeScalars)
        fuzzRequire(digits.count == 11 && digits.allSatisfy { ("0"..."9").contains($0) }, "CPF digits '\(cpf.digits)'")
        fuzzRequire(Set(digits).count > 1, "a valid CPF with all digits equal: \(cpf.digits)")
        fuzzRequire(referenceCheckDigitsHold(digits.map { Int($0.value) - 48 }), "check digits wrong: \(cpf.digits)")
        fuzzRequire(CPF(cpf.digits)?.digits == cpf.digits, "valid formatted, not bare: \(cpf.formatted)")
        fuzzRequire(CPF(cpf.formatted)?.digits == cpf.digits, "valid bare, not formatted: \(cpf.digits)")
    }
    // The text's other shape, when it has one of the two: its validity must match.
    if let other = otherShape(of: text) {
        fuzzRequire(
            CPF(other)?.digits == cpf?.digits,
            "'\(text)' and its other shape '\(other)' are not both valid or both invalid")
    }
}

/// The mod-11 check as the Receita Federal states it (remainder r of the
/// weighted sum; the digit is 0 when r < 2, else 11 - r), unlike `CPF`'s
/// `(sum × 10) mod 11`: two spellings that must agree.
private func referenceCheckDigitsHold(_ values: [Int]) -> Bool {
    func digit(_ prefix: ArraySlice<Int>) -> Int {
        let sum = zip(prefix, stride(from: prefix.count + 1, through: 2, by: -1)).map(*).reduce(0, +)
        let remainder = sum % 11
        return remainder < 2 ? 0 : 11 - remainder
    }
    return values.count == 11 && digit(values[0..<9]) == values[9] && digit(values[0..<10]) == values[10]
}

/// `12345678909` ⇄ `123.456.789-09` for a text (trimmed as `CPF` trims)
/// of either shape, punctuation in place, whatever the digits; nil otherwise.
private func otherShape(of text: String) -> String? {
    let trimmed = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars)
    func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    let text = String(String.UnicodeScalarView(trimmed))
    if trimmed.count == 11, trimmed.allSatisfy(isDigit) {
        let d = Array(text)
        return String(d[0..<3]) + "." + String(d[3..<6]) + "." + String(d[6..<9]) + "-" + String(d[9..<11])
    }
    let punctuation: [Int: Unicode.Scalar] = [3: ".", 7: ".", 11: "-"]
    guard trimmed.count == 14 else { return nil }
    for (index, scalar) in trimmed.enumerated() {
        if let expected = punctuation[index] {
            guard scalar == expected else { return nil }
        } else {
            guard isDigit(scalar) else { return nil }
        }
    }
    return String(
        String.UnicodeScalarView(trimmed.enumerated().filter { punctuation[$0.offset] == nil }.map(\.element)))
}

private func checkEmail(_ text: String) {
    guard let email = EmailAddress(text) else { return }
    fuzzRequire(email.value == email.localPart + "@" + email.domain, "value is not localPart@domain")
    fuzzRequire(email.value.utf8.count <= 254, "an accepted address of \(email.value.utf8.count) bytes")
    fuzzRequire(email.value.split(separator: "@", omittingEmptySubsequences: false).count == 2, "not exactly one @")
    let again = EmailAddress(email.value)
    fuzzRequire(again != nil, "'\(email.value)' (normalised from '\(text)') is refused")
    fuzzRequire(again?.value == email.value, "normalising '\(email.value)' again changes it")
}

private func checkIdentifier(_ text: String) {
    guard let identifier = LoginIdentifier(parsing: text) else {
        fuzzRequire(CPF(text) == nil && EmailAddress(text) == nil, "'\(text)' refused though a CPF or an e-mail")
        return
    }
    switch identifier {
    case .cpf(let digits):
        fuzzRequire(CPF(text)?.digits == digits, "a CPF identifier that is not the CPF's digits")
        fuzzRequire(
            LoginIdentifier(parsing: digits) == identifier, "the CPF digits '\(digits)' parse to another identifier")
    case .email(let value):
        fuzzRequire(CPF(text) == nil, "an e-mail identifier for a valid CPF")
        fuzzRequire(EmailAddress(text)?.value == value, "an e-mail identifier that is not the address's value")
        fuzzRequire(
            LoginIdentifier(parsing: value) == identifier, "the address '\(value)' parses to another identifier")
    }
}
