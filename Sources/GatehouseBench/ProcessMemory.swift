import Composition
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// This process's resident memory, as the kernel counts it: live memory and
/// what the allocator keeps after a free (its high-water mark), unless it was
/// just asked to give that back.
enum ProcessMemory {
    /// The resident set, read from `/proc/self/statm` (Linux); nil where there is no such file.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Gives the memory malloc keeps but no one uses back to the kernel
    /// (glibc's `malloc_trim`), so that the resident set that follows counts
    /// live memory and little else. Does nothing off glibc.
    static func returnFreeMemory() {
        #if canImport(Glibc)
            // <malloc.h> is not in Swift's Glibc module: look the function up.
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
