import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the file keychain keeps its files: the configured directory with its
/// symbolic links resolved once, when an adapter is made (`realpath`).
///
/// A store directory that is a symbolic link — as dotfile managers make
/// `~/.local/share/gatehouse` — works: every file is then reached through
/// the real directory it names, so re-pointing the link later does not
/// redirect a write, and the checks every save makes of that directory (a
/// directory, owned by this user, made 0700 if it was open to others) are
/// made on what is really written to. A link to nothing, or a directory that
/// becomes a link after the adapter was made, is refused with a reason
/// (`POSIXFile.ensurePrivateDirectory`).
enum StoreDirectory {
    /// `path` with every symbolic link in it resolved, when it names
    /// something; as given when it does not (yet): the first save makes it, a
    /// real directory, 0700.
    static func resolved(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
