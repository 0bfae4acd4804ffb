import AdapterHTTP
import AdapterSoftwareCrypto
import Foundation
import Ports

/// Any bytes as an ID token, a key set, or both (split at the first NUL,
/// the token first), through `IDToken(decoding:)`, `JSONWebKeySet(reading:)`
/// and `IDTokenSignatureCheck` with the hand-written verifier.
///
/// Properties:
/// - a decoded token's signed part is its text's first two parts, byte for
///   byte, and a token longer than `IDToken.maximumLength` is never decoded;
/// - a key set keeps at most `JSONWebKeySet.maximumEntries` keys, each of a
///   size the verifier takes (an RSA modulus of 256 to 512 bytes with no
///   leading zero, an exponent of 1 to 8 bytes; P-256 coordinates of 32);
/// - checking a token's signature never traps, and answers the same twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(start, count)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let tokenText = String(decoding: bytes[..<split], as: UTF8.self)
    let setBytes = split < bytes.count ? Data(bytes[(split + 1)...]) : Data(bytes)
    let token = checkToken(tokenText)
    let keys = checkKeySet(setBytes)
    if let token, let keys { checkSignature(token, keys) }
    return 0
}

private func checkToken(_ text: String) -> IDToken? {
    guard let token = try? IDToken(decoding: text) else { return nil }
    fuzzRequire(text.utf8.count <= IDToken.maximumLength, "a token of \(text.utf8.count) bytes was decoded")
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    fuzzRequire(parts.count == 3, "a decoded token has \(parts.count) parts")
    fuzzRequire(
        token.signingInput == Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8),
        "the signed part is not the text's first two parts")
    return token
}

private func checkKeySet(_ data: Data) -> JSONWebKeySet? {
    guard let keys = try? JSONWebKeySet(reading: data) else { return nil }
    fuzzRequire(!keys.keys.isEmpty && keys.keys.count <= JSONWebKeySet.maximumEntries, "\(keys.keys.count) keys kept")
    for kept in keys.keys {
        switch kept.key {
        case .rsa(let modulus, let exponent):
            fuzzRequire(
                (256...512).contains(modulus.count) && modulus.first != 0, "a modulus of \(modulus.count) bytes")
            fuzzRequire(
                (1...8).contains(exponent.count) && exponent.first != 0, "an exponent of \(exponent.count) bytes")
        case .p256(let x, let y):
            fuzzRequire(x.count == 32 && y.count == 32, "P-256 coordinates of \(x.count) and \(y.count) bytes")
        }
    }
    return keys
}

private func checkSignature(_ token: IDToken, _ keys: JSONWebKeySet) {
    let check = IDTokenSignatureCheck(advertised: ["RS256", "ES256"], verifier: SoftwareSignatureVerifier())
    let accessToken = AccessToken("an-access-token")
    let first = Result { () throws(IDTokenRejection) in try check.verify(token, with: keys, accessToken: accessToken) }
    let second = Result { () throws(IDTokenRejection) in try check.verify(token, with: keys, accessToken: accessToken) }
    fuzzRequire(String(describing: first) == String(describing: second), "two checks of one token answered differently")
}
