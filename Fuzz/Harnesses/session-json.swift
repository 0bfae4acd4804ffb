// Built by scripts/fuzz with Fuzz/Support/SessionCodingProperties.swift.
import AdapterFileKeychain

/// Any bytes through `JSONSessionCoding`: the port's properties (see
/// `checkSessionCoding`), with this coding reading first.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    checkSessionCoding(JSONSessionCoding(), on: fuzzInput(start, count))
    return 0
}
