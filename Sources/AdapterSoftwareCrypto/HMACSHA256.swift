/// HMAC-SHA256 as RFC 2104 defines it: H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)),
/// with a key longer than a block hashed first and a shorter one zero-padded.
///
/// A value holds the key's two padded blocks already compressed, so PBKDF2,
/// which runs thousands of HMACs under one key, pays for them once.
public struct HMACSHA256: Sendable {
    /// The state after the key's inner block, (K ⊕ ipad).
    let innerState: [UInt32]
    /// The state after the key's outer block, (K ⊕ opad).
    let outerState: [UInt32]

    public init(key: [UInt8]) {
        var block = key.count > SHA256.blockByteCount ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockByteCount - block.count)
        var inner = SHA256().state
        SHA256.compress(&inner, block: block.map { $0 ^ 0x36 })
        var outer = SHA256().state
        SHA256.compress(&outer, block: block.map { $0 ^ 0x5c })
        innerState = inner
        outerState = outer
    }

    /// The 32-byte authentication code of `message` under `key`.
    public static func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        HMACSHA256(key: key).authenticationCode(for: message)
    }

    /// The 32-byte authentication code of `message` under this value's key.
    public func authenticationCode(for message: [UInt8]) -> [UInt8] {
        var inner = SHA256(resumingAfterOneBlock: innerState)
        inner.update(message)
        return authenticationCode(ofInnerDigest: inner.finalize())
    }

    private func authenticationCode(ofInnerDigest digest: [UInt8]) -> [UInt8] {
        var outer = SHA256(resumingAfterOneBlock: outerState)
        outer.update(digest)
        return outer.finalize()
    }
}

extension SHA256 {
    /// A hasher that has already compressed one 64-byte block into `state`.
    init(resumingAfterOneBlock state: [UInt32]) {
        self.init()
        self.state = state
        self.totalByteCount = UInt64(SHA256.blockByteCount)
    }
}
