import AdapterSupport
import Foundation
import Ports

/// The file a process decoded the session file from, and lived: its identity
/// (device, inode, size, times) and the coding's format and version, one
/// line in `session.decoded`. A reader that finds the file now at the
/// session path named there, with its own coding, knows these bytes do not
/// kill this decoder (decoding is a function of the bytes and the coding),
/// so it decodes them with no decoding marker: the read of a good session
/// writes nothing and takes no lock (`FileSessionDataStore`).
///
/// Written after a decode under a marker returned, in place (`O_TRUNC`,
/// no temporary, no fsync): a reader that meets it half written, torn by a
/// crash, or written by two readers at once finds a line naming no file
/// it reads, and decodes under a marker as before — the record can only
/// spare a marker, never skip one wrongly. A file replaced by a save has a
/// new inode and times, so a record never names the next session's bytes.
struct DecodedSafelyRecord {
    /// `session.decoded` beside the session file.
    let path: String
    let coding: any SessionCoding

    /// The line kept for the file `identity` names, decoded with `coding`.
    private func line(_ identity: FileSessionDataStore.FileIdentity) -> Data {
        Data("\(identity.text) \(coding.formatName) \(coding.formatVersion)\n".utf8)
    }

    /// Whether the record names the file `identity` names, and this coding.
    func names(_ identity: FileSessionDataStore.FileIdentity) -> Bool {
        // O_NONBLOCK: a FIFO planted here must not hang the read.
        guard let descriptor = try? POSIXFile.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY) else {
            return false
        }
        defer { close(descriptor) }
        // One read, one byte longer than the line: a record that is the line
        // and more (two readers' lines written over each other) reads more
        // and names nothing; one read cut short reads less and names
        // nothing either. Either way the next read decodes under a marker.
        let expected = line(identity)
        guard let recorded = try? POSIXFile.readOnce(descriptor, atMost: expected.count + 1) else { return false }
        return recorded == expected
    }

    /// Records that the file `identity` names decoded with this coding; a
    /// record that cannot be written is skipped (the next reader decodes
    /// under a marker).
    func record(_ identity: FileSessionDataStore.FileIdentity) {
        guard
            let descriptor = try? POSIXFile.open(
                path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, mode: 0o600)
        else { return }
        defer { close(descriptor) }
        try? POSIXFile.writeAll(descriptor, line(identity))
    }
}
