import AdapterSupport
import Foundation
public import Ports

import OperatingSystem

/// The preferences in `preferences.json` in a directory of their own — by
/// default `$XDG_CONFIG_HOME/gatehouse` (else `~/.config/gatehouse`), apart
/// from the session's file keychain under `$XDG_DATA_HOME`: configuration,
/// not data, and no secret.
///
/// - Saves are crash-safe: a new file beside the old one, fsynced and
///   renamed over it under an exclusive `flock` (`.preferences.lock`), so a
///   reader or a crash sees the old preferences or the new, whole. A
///   directory made here is 0700 and the file 0600 (the last identifier is
///   personal).
/// - A read never hangs and never throws: the file is opened non-blocking
///   and must be a regular file of at most ``sizeLimit`` bytes. What is no
///   preferences of format version 1 — not JSON, a wrong type, a value out
///   of range, a newer version, too large, a FIFO or a directory — is renamed
///   to `preferences.json.unusable` (replacing an older one) and reported
///   once; storage that cannot be read is reported on every read.
/// - Only a file of the user's own is read: a regular file with one name,
///   owned by this user, checked with `fstat` on the opened descriptor. A
///   file another name is hard-linked to, or one of another user, is set
///   aside unread like a FIFO (only its name here moves).
/// - A save killed before its rename leaves `.preferences.json.tmp-…`; the
///   next read (each launch reads once) removes it under the lock, as the
///   next save does.
public struct FilePreferencesStore: PreferencesStore {
    /// The largest preferences file read, in bytes; a longer one is set aside.
    public static let sizeLimit = 64 * 1024
    /// The name of the preferences file in ``directory``.
    public static let fileName = "preferences.json"
    /// What an unusable file is renamed to, in ``directory``.
    public static let setAsideName = "preferences.json.unusable"

    /// Where the preferences file lives.
    public let directory: String

    /// A store in `directory` (made on the first save if missing).
    ///
    /// - Parameter directory: The directory of the preferences file.
    public init(directory: String) {
        self.directory = directory
    }

    /// The default directory: `gatehouse` in the platform's directory for an
    /// app's configuration (`Platform.configurationDirectory`): on Linux
    /// `$XDG_CONFIG_HOME` when that variable holds an absolute path (the XDG
    /// rule), else `$HOME/.config`; on Apple platforms Application Support.
    ///
    /// - Parameter variables: The process environment.
    /// - Returns: The directory's path.
    public static func defaultDirectory(variables: [String: String]) -> String {
        Platform.configurationDirectory(variables: variables) + "/gatehouse"
    }

    /// The path of the preferences file.
    public var path: String { directory + "/" + Self.fileName }

    private var lockPath: String { directory + "/.preferences.lock" }

    // MARK: PreferencesStore

    public func read() async -> PreferencesRead {
        removeLeftovers()
        let fd: Int32
        do {
            // Without blocking: a FIFO planted where the file belongs opens at once.
            fd = try POSIXFile.open(path, O_RDONLY | O_NONBLOCK)
        } catch {
            if error.isNotFound || error.code == ENOTDIR { return PreferencesRead(preferences: .defaults) }
            return PreferencesRead(preferences: .defaults, problem: .unreadable(reason: error.reason))
        }
        defer { close(fd) }
        let info: stat
        let data: Data
        do {
            info = try POSIXFile.status(of: fd)
            if let why = POSIXFile.whyNotOwnFile(info) { return setAside(info, because: why) }
            guard info.st_size <= Self.sizeLimit else {
                return setAside(info, because: "it is larger than \(Self.sizeLimit) bytes")
            }
            data = try POSIXFile.readAll(fd, limit: Self.sizeLimit)
        } catch {
            return PreferencesRead(preferences: .defaults, problem: .unreadable(reason: error.reason))
        }
        guard data.count <= Self.sizeLimit else {
            return setAside(info, because: "it is larger than \(Self.sizeLimit) bytes")
        }
        do throws(PreferencesFileFormat.Unusable) {
            return PreferencesRead(preferences: try PreferencesFileFormat.decode(data))
        } catch {
            return setAside(info, because: error.reason)
        }
    }

    public func save(_ preferences: Preferences) async throws(PreferencesStoreError) {
        let data = PreferencesFileFormat.encode(preferences)
        do throws(POSIXFile.Failure) {
            try POSIXFile.ensureDirectory(directory)
            try POSIXFile.withExclusiveLock(on: lockPath) { () throws(POSIXFile.Failure) in
                try POSIXFile.replaceAtomically(named: Self.fileName, in: directory, with: data)
            }
        } catch {
            throw .unavailable(error.reason)
        }
    }

    /// Removes what a save killed before its rename left, under the lock (a
    /// save of another process may be running). Only when there is some: a
    /// read takes no lock otherwise. What cannot be removed now is removed by
    /// the next save (`POSIXFile.removeLeftoversAtOpening` removes it, or
    /// empties it when the directory keeps it); it holds no secret.
    private func removeLeftovers() {
        _ = POSIXFile.removeLeftoversAtOpening(of: Self.fileName, in: directory, lock: lockPath)
    }

    /// Renames the unusable file aside, under the lock and only if the path
    /// still names the file that was read (a save may have replaced it since).
    private func setAside(_ info: stat, because why: String) -> PreferencesRead {
        do throws(POSIXFile.Failure) {
            try POSIXFile.withExclusiveLock(on: lockPath) { () throws(POSIXFile.Failure) in
                guard POSIXFile.stillNames(path, info) else { return }
                try POSIXFile.rename(path, directory + "/" + Self.setAsideName)
            }
        } catch {
            return PreferencesRead(
                preferences: .defaults,
                problem: .unreadable(reason: "\(why), and it could not be set aside (\(error.reason))"))
        }
        return PreferencesRead(
            preferences: .defaults, problem: .setAside(reason: "\(why); it was moved to \(Self.setAsideName)"))
    }
}
