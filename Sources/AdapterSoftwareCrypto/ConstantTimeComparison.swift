/// Compares two digests in time that depends on their lengths only, never on
/// where they first differ: every byte pair is visited and the differences
/// are OR-ed together, with no early exit a timer could observe.
public enum ConstantTimeComparison {
    public static func equal(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        // Lengths are public (a digest's length is fixed), so this exit leaks nothing.
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
