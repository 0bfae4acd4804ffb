import Foundation

// Where an app keeps its files, as each platform says: the XDG base
// directories on Linux (`$XDG_DATA_HOME`, `$XDG_CONFIG_HOME`, else under
// `$HOME`), the app's Application Support directory on Apple platforms
// (inside its container on iOS), where `homeDirectoryForCurrentUser` does
// not exist.
extension Platform {
    /// The directory for the app's data (the session's store): on Linux
    /// `$XDG_DATA_HOME` when it is an absolute path, else `~/.local/share`;
    /// on Apple platforms the user's Application Support directory.
    public static func dataDirectory(variables: [String: String]) -> String {
        #if canImport(Darwin)
            applicationSupportDirectory(variables: variables)
        #else
            if let dataHome = variables["XDG_DATA_HOME"], dataHome.hasPrefix("/") { return dataHome }
            return homeDirectory(variables: variables) + "/.local/share"
        #endif
    }

    /// The directory for the app's configuration (its preferences): on Linux
    /// `$XDG_CONFIG_HOME` when it is an absolute path, else `~/.config`; on
    /// Apple platforms the user's Application Support directory.
    public static func configurationDirectory(variables: [String: String]) -> String {
        #if canImport(Darwin)
            applicationSupportDirectory(variables: variables)
        #else
            if let configHome = variables["XDG_CONFIG_HOME"], configHome.hasPrefix("/") { return configHome }
            return homeDirectory(variables: variables) + "/.config"
        #endif
    }

    /// Where `folder` in `dataDirectory` is, in words for a person:
    /// "$XDG_DATA_HOME/gatehouse, else ~/.local/share/gatehouse" on Linux,
    /// "~/Library/Application Support/gatehouse" on Apple platforms.
    public static func dataDirectoryRule(for folder: String) -> String {
        #if canImport(Darwin)
            "~/Library/Application Support/\(folder)"
        #else
            "$XDG_DATA_HOME/\(folder), else ~/.local/share/\(folder)"
        #endif
    }

    /// Where `folder` in `configurationDirectory` is, in words for a person.
    public static func configurationDirectoryRule(for folder: String) -> String {
        #if canImport(Darwin)
            "~/Library/Application Support/\(folder)"
        #else
            "$XDG_CONFIG_HOME/\(folder), else ~/.config/\(folder)"
        #endif
    }

    /// Whether the directories follow the XDG base directory rules (Linux)
    /// rather than the Apple platforms' Application Support.
    public static var followsXDGBaseDirectories: Bool {
        #if canImport(Darwin)
            false
        #else
            true
        #endif
    }

    /// `$HOME` when set, else the home directory the system knows for this
    /// user (`NSHomeDirectory`, which every platform has).
    public static func homeDirectory(variables: [String: String]) -> String {
        if let home = variables["HOME"], home.hasPrefix("/") { return home }
        return NSHomeDirectory()
    }

    #if canImport(Darwin)
        private static func applicationSupportDirectory(variables: [String: String]) -> String {
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first?.path
                ?? homeDirectory(variables: variables) + "/Library/Application Support"
        }
    #endif
}

// A directory's entries, read in place: a `dirent` record is only
// `d_reclen` bytes long, shorter than its `d_name` field (256 bytes on
// glibc, 1024 on Darwin), so copying the field whole reads past the C
// library's buffer (the bug swift-corelibs-foundation fixed in pull
// request 5472). Only the name's own bytes, up to its NUL, are read.
extension Platform {
    /// The names in the directory at `path`, "." and ".." included, in the
    /// order the system gives them; nil with `errno` set when it cannot be opened.
    public static func directoryEntries(_ path: String) -> [String]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            names.append(String(cString: name))
        }
        return names
    }
}
