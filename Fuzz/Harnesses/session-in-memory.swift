// Built by scripts/fuzz with Fuzz/Support/SessionCodingProperties.swift.
import AdapterInMemory

/// Any bytes through `InMemorySessionCoding`: the port's properties (see
/// `checkSessionCoding`), with this coding reading first.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    checkSessionCoding(InMemorySessionCoding(), on: fuzzInput(start, count))
    return 0
}
