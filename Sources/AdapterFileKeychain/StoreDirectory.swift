import AdapterSupport
import Foundation

import OperatingSystem

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
    /// something; when it does not (yet) — the first save makes it, a real
    /// directory, 0700 — its parent resolved and its name appended, so a
    /// backend's folder not made yet under a store directory that is a link
    /// is still reached through the real directory; as given when neither
    /// is there.
    static func resolved(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        // Not NSString's path methods: on Linux they trap on a relative
        // path of one name ("store"), which a team may well pass.
        let parent = POSIXFile.parent(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        guard !parent.isEmpty, parent != path, !name.isEmpty, name != ".", name != "..",
            let resolvedParent = realpath(parent, nil)
        else { return path }
        defer { free(resolvedParent) }
        let base = String(cString: resolvedParent)
        return (base == "/" ? "" : base) + "/" + name
    }
}
