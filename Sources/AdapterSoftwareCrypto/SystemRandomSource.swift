import Ports

import OperatingSystem

/// The kernel's cryptographically secure random bytes, read from
/// `/dev/urandom` (Swift's Glibc module does not expose `getrandom(2)`;
/// both draw on the same kernel generator), never `random()` or a seeded
/// generator. A source that cannot be opened or read is an error, never a
/// reason to fall back to something weaker.
enum SystemRandomSource {
    static let devicePath = "/dev/urandom"

    static func bytes(_ count: Int) throws(SecretHasherError) -> [UInt8] {
        let descriptor = open(devicePath, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw failure("open") }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress.map { $0 + filled }, count - filled)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure("read")
            }
            guard result > 0 else { throw .randomnessUnavailable("\(devicePath) ended early") }
            filled += result
        }
        return buffer
    }

    private static func failure(_ call: String) -> SecretHasherError {
        .randomnessUnavailable("\(call) \(devicePath): \(String(cString: strerror(errno)))")
    }
}
