/// SplitMix64 from a seed: a fixed, well-mixed sequence of numbers, the same
/// on every run, so that a seeded test's failure names a case that comes
/// back. Test support six test targets share (dates, field arithmetic,
/// fuzz loops, kill moments); only test targets name it.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
