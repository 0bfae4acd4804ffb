import Foundation
public import Ports

/// A signature anyone can check: a message, the key, the signature, as a
/// specification publishes them. The examples of RFC 7515 (Appendix A.2
/// for RS256, A.3 for ES256) and of RFC 7520 (section 4.1, RS256 over
/// another key and payload), for a verifier's self-check
/// (`SignatureVerifierContract`) and for what one verification costs
/// (`gatehouse-bench --scenario signature`).
public struct SignatureExample: Sendable, Hashable {
    /// Where it is published.
    public let name: String
    /// What was signed: a JWS's signing input.
    public let message: [UInt8]
    /// The public key that verifies it.
    public var key: SignatureVerificationKey {
        isRSA ? .rsa(modulus: keyNumbers[0], exponent: keyNumbers[1]) : .p256(x: keyNumbers[0], y: keyNumbers[1])
    }
    /// The signature.
    public let signature: [UInt8]
    // The key is kept as plain arrays, not as the enum: a `.p256` key keeps
    // its case in the spare bits of its first array's pointer, so
    // LeakSanitizer does not see that word as a pointer and reports the
    // buffer of these static examples as leaked at exit.
    private let isRSA: Bool
    /// The key's two numbers: the modulus and exponent, or the point's x and y.
    private let keyNumbers: [[UInt8]]

    /// The algorithm it is an example of.
    public var algorithm: SignatureAlgorithm { key.algorithm }

    /// RFC 7515, Appendix A.2: RS256 with a 2048-bit key.
    public static let rfc7515A2 = SignatureExample(
        name: "RFC 7515 A.2 (RS256, 2048 bits)",
        message: "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGx"
            + "lLmNvbS9pc19yb290Ijp0cnVlfQ",
        key: .rsa(
            modulus: "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt"
                + "0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSX"
                + "ndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5"
                + "IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ",
            exponent: "AQAB"),
        signature: "cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W"
            + "2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkS"
            + "jtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnv"
            + "Wh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw")

    /// RFC 7515, Appendix A.3: ES256 (its `s` is above n/2, which ECDSA allows).
    public static let rfc7515A3 = SignatureExample(
        name: "RFC 7515 A.3 (ES256)",
        message: "eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGx"
            + "lLmNvbS9pc19yb290Ijp0cnVlfQ",
        key: .p256(x: "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU", y: "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"),
        signature: "DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q")

    /// RFC 7520, section 4.1: RS256 by the 2048-bit key of its section 3.4
    /// (`kid` "bilbo.baggins@hobbiton.example"), over its section 3's payload.
    public static let rfc7520Section4Point1 = SignatureExample(
        name: "RFC 7520 section 4.1 (RS256, 2048 bits)",
        message: "eyJhbGciOiJSUzI1NiIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9.SXTigJlzIGEgZGFuZ2Vyb3"
            + "VzIGJ1c2luZXNzLCBGcm9kbywgZ29pbmcgb3V0IHlvdXIgZG9vci4gWW91IHN0ZXAgb250byB0aGUgcm9hZCwgYW5kIGlmIHlv"
            + "dSBkb24ndCBrZWVwIHlvdXIgZmVldCwgdGhlcmXigJlzIG5vIGtub3dpbmcgd2hlcmUgeW91IG1pZ2h0IGJlIHN3ZXB0IG9mZiB0"
            + "by4",
        key: .rsa(
            modulus: "n4EPtAOCc9AlkeQHPzHStgAbgs7bTZLwUBZdR8_KuKPEHLd4rHVTeT-O-XV2jRojdNhxJWTDvNd7nqQ0VEiZQHz_AJmS"
                + "CpMaJMRBSFKrKb2wqVwGU_NsYOYL-QtiWN2lbzcEe6XC0dApr5ydQLrHqkHHig3RBordaZ6Aj-oBHqFEHYpPe7Tpe-OfVfHd"
                + "1E6cS6M1FZcD1NNLYD5lFHpPI9bTwJlsde3uhGqC0ZCuEHg8lhzwOHrtIQbS0FVbb9k3-tVTU4fg_3L_vniUFAKwuCLqKnS2"
                + "BYwdq_mzSnbLY7h_qixoR7jig3__kRhuaxwUkRz5iaiQkqgc5gHdrNP5zw",
            exponent: "AQAB"),
        signature: "MRjdkly7_-oTPTS3AXP41iQIGKa80A0ZmTuV5MEaHoxnW2e5CZ5NlKtainoFmKZopdHM1O2U4mwzJdQx996ivp83xugl"
            + "II7PNDi84wnB-BDkoBwA78185hX-Es4JIwmDLJK3lfWRa-XtL0RnltuYv746iYTh_qHRD68BNt1uSNCrUCTJDt5aAE6x8wW1Kt9e"
            + "Ro4QPocSadnHXFxnt8Is9UzpERV0ePPQdLuW3IS_de3xyIrDaLGdjluPxUAhb6L2aXic1U12podGU0KLUQSE_oI-ZnmKJ3F4uOZD"
            + "nd6QZWJushZ41Axf_fcIe8u9ipH84ogoree7vjbU5y18kDquDg")

    /// Every published example, RS256 and ES256: what a verifier checks itself on.
    public static let published: [SignatureExample] = [rfc7515A2, rfc7515A3, rfc7520Section4Point1]

    /// The key as base64url text, decoded.
    private enum KeyText {
        case rsa(modulus: String, exponent: String)
        case p256(x: String, y: String)
    }

    private init(name: String, message: String, key: KeyText, signature: String) {
        self.name = name
        self.message = Array(message.utf8)
        switch key {
        case .rsa(let modulus, let exponent):
            isRSA = true
            keyNumbers = [Self.decode(modulus), Self.decode(exponent)]
        case .p256(let x, let y):
            isRSA = false
            keyNumbers = [Self.decode(x), Self.decode(y)]
        }
        self.signature = Self.decode(signature)
    }

    /// Base64url without padding; these texts are the RFC's, so always base64url.
    private static func decode(_ text: String) -> [UInt8] {
        Base64URL.decode(text) ?? []
    }
}
