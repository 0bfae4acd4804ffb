// A file's times as `stat(2)` gives them: Linux names the fields `st_mtim`
// and `st_ctim`, Darwin `st_mtimespec` and `st_ctimespec`.
extension Platform {
    /// When the file's contents last changed.
    public static func modificationTime(of info: stat) -> timespec {
        #if canImport(Darwin)
            info.st_mtimespec
        #else
            info.st_mtim
        #endif
    }

    /// When the file's contents or metadata (its mode, its links) last changed.
    public static func statusChangeTime(of info: stat) -> timespec {
        #if canImport(Darwin)
            info.st_ctimespec
        #else
            info.st_ctim
        #endif
    }
}
