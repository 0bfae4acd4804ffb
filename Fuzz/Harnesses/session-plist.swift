// Built by scripts/fuzz with Fuzz/Support/SessionCodingProperties.swift.
import AdapterFileKeychain

/// Any bytes through `PropertyListSessionCoding`: the port's properties (see
/// `checkSessionCoding`), with this coding reading first.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    checkSessionCoding(PropertyListSessionCoding(), on: fuzzInput(start, count))
    return 0
}
