import BoundedHTTP
public import Foundation
public import Ports

extension ResponseBodyLimit {
    /// An OpenID provider's key set: 64 KiB. A real one is a few kilobytes
    /// (a handful of 4096-bit RSA keys is under 5 KiB).
    static let jsonWebKeySet = ResponseBodyLimit(bytes: 64 * 1024)
}

/// A provider's signing keys, as its `jwks_uri` serves them (RFC 7517,
/// section 5), hostile until read: only the keys an ID token may be
/// verified with are kept, each with its `kid`.
///
/// A key is kept when it is a public signing key Gatehouse verifies with
/// (RFC 7517, section 4; RFC 7518, section 6): `kty` "RSA" with `n` and `e`,
/// its modulus 2048 to 4096 bits; or `kty` "EC" with `crv` "P-256" and `x`,
/// `y` of 32 bytes each. When present, `use` must be "sig", `key_ops` must
/// list "verify", and `alg` must be the key's own algorithm exactly. A key
/// that carries a private member (`d`, `p`, `q`…) is never used: a provider
/// that publishes one has lost it. Any other entry (an encryption key,
/// another curve, a symmetric key) is passed over, as RFC 7517 section 5
/// asks of a key a reader does not understand.
public struct JSONWebKeySet: Sendable, Hashable {
    /// The most entries read: a real set has a handful.
    public static let maximumEntries = 64

    /// A key kept, with the `kid` the provider gave it.
    public struct Key: Sendable, Hashable {
        /// The key's id, when the set gives one.
        public var keyID: String?
        /// The key.
        public var key: SignatureVerificationKey
    }

    /// The keys kept, in the set's order.
    public var keys: [Key]

    /// Reads a key set.
    ///
    /// - Throws: `JSONWebKeySetError` when the body is not a key set, has
    ///   more than `maximumEntries` entries, or keeps no key.
    public init(reading data: Data) throws(JSONWebKeySetError) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let entries = object["keys"] as? [Any]
        else { throw .notAKeySet }
        guard entries.count <= Self.maximumEntries else { throw .tooManyKeys }
        keys = entries.compactMap { ($0 as? [String: Any]).flatMap(Self.key(from:)) }
        guard !keys.isEmpty else { throw .noUsableKey }
    }

    /// The keys an ID token signed with `algorithm` may have been signed
    /// with: those of its `kid` when it names one, else every key of the algorithm.
    public func candidates(keyID: String?, algorithm: SignatureAlgorithm) -> [SignatureVerificationKey] {
        keys.filter { $0.key.algorithm == algorithm && (keyID == nil || $0.keyID == keyID) }.map(\.key)
    }

    /// The private members of RSA and EC keys (RFC 7518, §6.2.2, §6.3.2).
    private static let privateMembers = ["d", "p", "q", "dp", "dq", "qi", "oth"]

    /// The entry as a key to keep, or nil to pass it over.
    private static func key(from entry: [String: Any]) -> Key? {
        guard privateMembers.allSatisfy({ entry[$0] == nil }) else { return nil }
        if let use = entry["use"] { guard use as? String == "sig" else { return nil } }
        if let operations = entry["key_ops"] {
            guard let list = operations as? [String], list.contains("verify") else { return nil }
        }
        let key: SignatureVerificationKey
        switch entry["kty"] as? String {
        case "RSA":
            guard let modulus = bytes(entry["n"]), let exponentBytes = bytes(entry["e"]) else { return nil }
            let significant = modulus.drop { $0 == 0 }
            let exponent = exponentBytes.drop { $0 == 0 }
            guard (256...512).contains(significant.count), !exponent.isEmpty, exponent.count <= 8 else { return nil }
            key = .rsa(modulus: Array(significant), exponent: Array(exponent))
        case "EC":
            guard entry["crv"] as? String == "P-256", let x = bytes(entry["x"]), let y = bytes(entry["y"]),
                x.count == 32, y.count == 32
            else { return nil }
            key = .p256(x: x, y: y)
        default:
            return nil
        }
        if let algorithm = entry["alg"] { guard algorithm as? String == key.algorithm.rawValue else { return nil } }
        let keyID: String?
        if let id = entry["kid"] {
            guard let text = id as? String else { return nil }
            keyID = text
        } else {
            keyID = nil
        }
        return Key(keyID: keyID, key: key)
    }

    /// A base64url member's bytes, or nil when absent or not base64url.
    private static func bytes(_ value: Any?) -> [UInt8]? {
        guard let text = value as? String else { return nil }
        return Base64URL.decode(text)
    }
}

/// Why a key set was refused. It names no value the provider sent.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum JSONWebKeySetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body is not a JSON object with a `keys` list.
    case notAKeySet
    /// The set lists more than `JSONWebKeySet.maximumEntries` entries.
    case tooManyKeys
    /// No entry is a key an ID token may be verified with.
    case noUsableKey

    /// What was wrong.
    public var description: String {
        switch self {
        case .notAKeySet: "the provider's key set is not a JSON object with a 'keys' list"
        case .tooManyKeys: "the provider's key set lists more than \(JSONWebKeySet.maximumEntries) keys"
        case .noUsableKey: "the provider's key set has no RS256 or ES256 signing key Gatehouse can use"
        }
    }
}
