public import Ports
public import Testing

/// The `SecretHasher` port's contract (its doc comment), one promise per
/// case of `Promise`, checked on hashers a test target makes: `derive`
/// against PBKDF2-HMAC-SHA256's published vectors (checked against Python's
/// `hashlib.pbkdf2_hmac` too), salts, and the comparison's answers. How
/// long the comparison takes is not checked: a test on a busy machine
/// cannot tell, so the adapter's review must.
public enum SecretHasherContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `derive` is PBKDF2-HMAC-SHA256: the published vectors, byte for byte.
        case deriveIsPBKDF2HMACSHA256
        /// `derive` is a pure function of its inputs.
        case deriveIsPure
        /// Salts have the length asked for and differ from one another.
        case saltsAreSizedAndFresh
        /// The comparison says equal exactly for the same bytes: differing anywhere, or in length, is not.
        case comparisonSaysEqualOnlyForTheSameBytes

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .deriveIsPBKDF2HMACSHA256: "derive is PBKDF2-HMAC-SHA256: the published vectors, byte for byte"
            case .deriveIsPure: "derive is a pure function of its inputs"
            case .saltsAreSizedAndFresh: "salts have the length asked for and differ from one another"
            case .comparisonSaysEqualOnlyForTheSameBytes:
                "the comparison says equal exactly for the same bytes: differing anywhere, or in length, is not"
            }
        }
    }

    /// PBKDF2-HMAC-SHA256 vectors: secret, salt, iterations, and the key in hex.
    static let vectors: [(secret: String, salt: String, iterations: Int, key: String)] = [
        ("password", "salt", 1, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        ("password", "salt", 2, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        ("password", "salt", 4096, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
        (
            "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096,
            "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"
        ),
        ("pass\u{0}word", "sa\u{0}lt", 4096, "89b69d0516f829893c696226650a8687"),
    ]

    /// Checks `promise` on a hasher from `makeHasher`. A broken promise is
    /// recorded as a test issue.
    public static func check(
        _ promise: Promise, on makeHasher: @Sendable () async throws -> any SecretHasher,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let hasher = try await makeHasher()
        switch promise {
        case .deriveIsPBKDF2HMACSHA256:
            for vector in vectors {
                let key = hasher.derive(
                    secret: Array(vector.secret.utf8), salt: Array(vector.salt.utf8), iterations: vector.iterations,
                    byteCount: vector.key.count / 2)
                #expect(
                    hex(key) == vector.key, "\(vector.iterations) rounds of a \(vector.secret.count)-byte secret",
                    sourceLocation: sourceLocation)
            }
        case .deriveIsPure:
            let derive = {
                hasher.derive(secret: Array("2580".utf8), salt: Array(0..<16), iterations: 1000, byteCount: 32)
            }
            #expect(derive() == derive(), sourceLocation: sourceLocation)
        case .saltsAreSizedAndFresh:
            let salts = try (0..<8).map { _ in try hasher.randomSalt(byteCount: 16) }
            #expect(salts.allSatisfy { $0.count == 16 }, sourceLocation: sourceLocation)
            // Two equal 128-bit salts from a working source: about 2^-128 per pair.
            #expect(Set(salts).count == salts.count, "no two alike", sourceLocation: sourceLocation)
            #expect(try hasher.randomSalt(byteCount: 1000).count == 1000, sourceLocation: sourceLocation)
        case .comparisonSaysEqualOnlyForTheSameBytes:
            let digest = hasher.derive(
                secret: Array("abc".utf8), salt: Array("salt".utf8), iterations: 1, byteCount: 32)
            #expect(hasher.isEqualInConstantTime(digest, digest), sourceLocation: sourceLocation)
            #expect(hasher.isEqualInConstantTime([], []), sourceLocation: sourceLocation)
            for index in [0, 15, 31] {
                var changed = digest
                changed[index] ^= 0x01
                #expect(!hasher.isEqualInConstantTime(digest, changed), "byte \(index)", sourceLocation: sourceLocation)
            }
            #expect(
                !hasher.isEqualInConstantTime(digest, Array(digest.dropLast())), "a shorter one",
                sourceLocation: sourceLocation)
        }
    }

    /// `bytes` in lowercase hex.
    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
