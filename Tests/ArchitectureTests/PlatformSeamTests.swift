import Foundation
import Testing

/// The operating-system seam holds: no platform spelling outside
/// `Sources/OperatingSystem/`, and each kind of mistake is caught where it is.
struct PlatformSeamTests {
    @Test("No file outside the seam names a C library, branches on the platform or spells what only Linux has")
    func nothingOutsideTheSeam() throws {
        let tree = PackageTree.current()
        let files = try PlatformSeamChecks.checkedFolders.flatMap { try tree.swiftFiles(under: $0) }
        // The walk found the seam and a file of each checked folder.
        #expect(files.contains { $0.path.hasPrefix(PlatformSeamChecks.seam) })
        for folder in PlatformSeamChecks.checkedFolders {
            #expect(files.contains { $0.path.hasPrefix(folder + "/") }, "no Swift file found under \(folder)/")
        }
        let violations = PlatformSeamChecks.violations(in: files)
        #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
    }

    @Test(
        "Each mistake is caught, named with its file and line",
        arguments: [
            "import Glibc", "@_exported import Darwin", "import Musl",
            "let fd = Glibc.open(path, O_RDONLY)",
            "_ = Darwin.close(fd)", "#if canImport(Glibc)", "#if os(Linux)",
            "let text = try String(contentsOfFile: \"/proc/self/status\")",
            "send(fd, bytes, count, Int32(MSG_NOSIGNAL))", "socket(AF_INET, Int32(SOCK_CLOEXEC), 0)",
            "socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)", "getrusage(__rusage_who_t(0), &usage)",
            "let c = accept4(listener, nil, nil, 0)", "open(path, O_PATH)", "let replica = \"/dev/pts/\\(n)\"",
            "var actions = posix_spawn_file_actions_t()", "let seconds = info.st_mtim.tv_sec",
            "getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)", "let name = entry.pointee.d_name",
            "dlsym(nil, \"__tsan_init\")", "pollfd(fd: fd, events: Int16(POLLRDHUP), revents: 0)",
            "FileManager.default.homeDirectoryForCurrentUser",
        ])
    func eachMistakeIsCaught(_ line: String) {
        let planted = PackageTree.SourceFile(
            path: "Sources/AdapterSupport/Planted.swift", text: "import Foundation\n\n\(line)\n")
        let violations = PlatformSeamChecks.violations(in: [planted])
        #expect(violations.count == 1, "\(violations)")
        #expect(violations.first?.file == planted.path && violations.first?.line == 3)
        #expect(violations.first?.description.contains("outside the operating-system seam") == true)
    }

    @Test("The seam itself, comments and what is not a platform spelling are no violations")
    func notTakenForMistakes() {
        let inSeam = PackageTree.SourceFile(
            path: PlatformSeamChecks.seam + "Platform+Sockets.swift",
            text: "import Glibc\nlet x = Glibc.send(fd, p, n, Int32(MSG_NOSIGNAL))\n")
        #expect(PlatformSeamChecks.violations(in: [inSeam]).isEmpty)
        let fine = PackageTree.SourceFile(
            path: "Tests/AppTests/Fine.swift",
            text: """
                import OperatingSystem
                // MSG_NOSIGNAL and /proc/self/fd in a comment are words, not code
                let sent = Platform.send(fd, bytes, count)
                let socket = Platform.streamSocket()
                SystemCall.close(socket)
                let proceed = "/processes/"
                let darwinCount = 1
                """)
        #expect(PlatformSeamChecks.violations(in: [fine]).isEmpty, "\(PlatformSeamChecks.violations(in: [fine]))")
    }
}
