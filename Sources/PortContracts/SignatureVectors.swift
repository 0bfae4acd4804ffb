import Foundation
import Ports
import Testing

/// A signature vector as text: its message, its key as a JWK's members,
/// and the signature, base64url.
struct SignatureVectorText: Sendable {
    enum Key: Sendable {
        case rsa(n: String, e: String)
        case p256(x: String, y: String)
    }

    let name: String
    /// The message's bytes, base64url.
    let message: String
    let key: Key
    let signature: String
}

/// A signature vector decoded: what a verifier is handed.
struct SignatureVector: Sendable {
    let name: String
    let message: [UInt8]
    let key: SignatureVerificationKey
    let signature: [UInt8]

    var algorithm: SignatureAlgorithm { key.algorithm }

    init(_ text: SignatureVectorText, sourceLocation: SourceLocation) throws {
        func bytes(_ base64URL: String) throws -> [UInt8] {
            try #require(Base64URL.decode(base64URL), "\(text.name): base64url", sourceLocation: sourceLocation)
        }
        name = text.name
        message = try bytes(text.message)
        switch text.key {
        case .rsa(let n, let e): key = .rsa(modulus: try bytes(n), exponent: try bytes(e))
        case .p256(let x, let y): key = .p256(x: try bytes(x), y: try bytes(y))
        }
        signature = try bytes(text.signature)
    }

    /// A published example.
    init(_ example: SignatureExample) {
        self.init(name: example.name, message: example.message, key: example.key, signature: example.signature)
    }

    init(name: String, message: [UInt8], key: SignatureVerificationKey, signature: [UInt8]) {
        self.name = name
        self.message = message
        self.key = key
        self.signature = signature
    }

}

/// The vectors every check uses.
enum SignatureVectors {
    /// The RFCs' examples (`SignatureExample.published`), and the valid ones Python made.
    static func published(sourceLocation: SourceLocation) throws -> [SignatureVector] {
        SignatureExample.published.map(SignatureVector.init)
            + (try SignatureVectorTexts.valid.map { try SignatureVector($0, sourceLocation: sourceLocation) })
    }

    /// The vectors by keys a verifier must refuse.
    static func byRefusedKeys(sourceLocation: SourceLocation) throws -> [SignatureVector] {
        try SignatureVectorTexts.byRefusedKeys.map { try SignatureVector($0, sourceLocation: sourceLocation) }
    }

    /// The SHA-256 digest of RFC 7515 A.2's signing input (Python's hashlib).
    static let rfc7515A2Digest: [UInt8] = [
        0xc8, 0x8a, 0x34, 0x84, 0x7b, 0x4f, 0xfb, 0x12, 0xa9, 0x32, 0x6e, 0x54, 0x0f, 0x14, 0x4b, 0x3d,
        0xcc, 0x4d, 0x55, 0x15, 0xf1, 0x87, 0x01, 0xe7, 0xd6, 0xe0, 0xee, 0x78, 0x66, 0xc9, 0xc7, 0x05,
    ]

    /// P-256's order n, big-endian.
    static let p256Order: [UInt8] = [
        0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
    ]
}

/// The checks behind `SignatureVerifierContract`'s promises, on one verifier.
struct SignatureChecks {
    let verifier: any SignatureVerifier
    let sourceLocation: SourceLocation

    func expect(_ vector: SignatureVector, valid: Bool, _ context: String) {
        let answer = verifier.isValid(vector.signature, of: vector.message, by: vector.key, algorithm: vector.algorithm)
        #expect(answer == valid, "\(context): expected \(valid ? "valid" : "invalid")", sourceLocation: sourceLocation)
    }

    func everyChangedByteIsInvalid(_ vector: SignatureVector) {
        for index in vector.signature.indices {
            var signature = vector.signature
            signature[index] ^= 0x01
            expect(
                SignatureVector(name: vector.name, message: vector.message, key: vector.key, signature: signature),
                valid: false, "\(vector.name), signature byte \(index) changed")
        }
        for index in vector.message.indices {
            var message = vector.message
            message[index] ^= 0x80
            expect(
                SignatureVector(name: vector.name, message: message, key: vector.key, signature: vector.signature),
                valid: false, "\(vector.name), message byte \(index) changed")
        }
    }

    func anotherKeyIsInvalid(_ vectors: [SignatureVector]) {
        for vector in vectors {
            for other in vectors where other.key != vector.key {
                // Another key of the same kind, and one of the other kind (with its own algorithm, and with this one's).
                expect(
                    SignatureVector(
                        name: vector.name, message: vector.message, key: other.key, signature: vector.signature),
                    valid: false, "\(vector.name) checked with \(other.name)'s key")
                let answer = verifier.isValid(
                    vector.signature, of: vector.message, by: other.key, algorithm: vector.algorithm)
                #expect(
                    !answer, "\(vector.name) as \(vector.algorithm.rawValue) with \(other.name)'s key",
                    sourceLocation: sourceLocation)
            }
            let answer = verifier.isValid(
                vector.signature, of: vector.message, by: vector.key,
                algorithm: vector.algorithm == .rs256 ? .es256 : .rs256)
            #expect(!answer, "\(vector.name) named as the other algorithm", sourceLocation: sourceLocation)
        }
    }

    func unusableKeysAreRefused() throws {
        for vector in try SignatureVectors.byRefusedKeys(sourceLocation: sourceLocation) {
            expect(vector, valid: false, "\(vector.name), right for its key")
        }
        let a2 = SignatureVector(SignatureExample.rfc7515A2)
        guard case .rsa(let modulus, let exponent) = a2.key else { return }
        // With exponent 1 the "signature" is the padded digest itself: a
        // verifier that took such a key would call this forgery valid.
        let encoded: [UInt8] =
            [0x00, 0x01] + [UInt8](repeating: 0xFF, count: modulus.count - 3 - 51) + [0x00]
            + [0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00]
            + [0x04, 0x20] + SignatureVectors.rfc7515A2Digest
        let refused: [(String, [UInt8], [UInt8], [UInt8])] = [
            ("exponent 1, the padded digest as the signature", modulus, [0x01], encoded),
            ("an even exponent", modulus, [0x01, 0x00, 0x00], a2.signature),
            ("an exponent past 2^64", modulus, [0x01] + [UInt8](repeating: 0, count: 7) + [0x01, 0x01], a2.signature),
            ("an exponent not below the modulus", modulus, modulus, a2.signature),
            (
                "an even modulus", Array(modulus.dropLast()) + [modulus[modulus.count - 1] & 0xFE], exponent,
                a2.signature
            ),
            ("no modulus", [], exponent, []),
        ]
        for (name, modulus, exponent, signature) in refused {
            let answer = verifier.isValid(
                signature, of: a2.message, by: .rsa(modulus: modulus, exponent: exponent), algorithm: .rs256)
            #expect(!answer, "an RSA key with \(name)", sourceLocation: sourceLocation)
        }
        let a3 = SignatureVector(SignatureExample.rfc7515A3)
        guard case .p256(let x, let y) = a3.key else { return }
        var offCurve = y
        offCurve[31] ^= 0x01
        let points: [(String, [UInt8], [UInt8])] = [
            ("a point off the curve", x, offCurve),
            ("a coordinate of 31 bytes", Array(x.dropFirst()), y),
            ("a coordinate of 33 bytes", [0] + x, y),
            (
                "the point at infinity written as zeros", [UInt8](repeating: 0, count: 32),
                [UInt8](repeating: 0, count: 32)
            ),
        ]
        for (name, x, y) in points {
            let answer = verifier.isValid(a3.signature, of: a3.message, by: .p256(x: x, y: y), algorithm: .es256)
            #expect(!answer, "a P-256 key with \(name)", sourceLocation: sourceLocation)
        }
    }

    func malformedSignaturesAreInvalid(_ vectors: [SignatureVector]) {
        for vector in vectors {
            let spoilt: [(String, [UInt8])] = [
                ("a byte short", Array(vector.signature.dropLast())),
                ("a byte long", vector.signature + [0]),
                ("a zero byte in front", [0] + Array(vector.signature.dropLast())),
                ("empty", []),
            ]
            for (name, signature) in spoilt {
                expect(
                    SignatureVector(name: vector.name, message: vector.message, key: vector.key, signature: signature),
                    valid: false, "\(vector.name), signature \(name)")
            }
            guard vector.algorithm == .es256 else { continue }
            let r = Array(vector.signature[0..<32])
            let s = Array(vector.signature[32..<64])
            let zero = [UInt8](repeating: 0, count: 32)
            let order = SignatureVectors.p256Order
            for (name, signature) in [
                ("r zero", zero + s), ("s zero", r + zero), ("r = n", order + s), ("s = n", r + order),
            ] {
                expect(
                    SignatureVector(name: vector.name, message: vector.message, key: vector.key, signature: signature),
                    valid: false, "\(vector.name), \(name)")
            }
        }
    }
}
