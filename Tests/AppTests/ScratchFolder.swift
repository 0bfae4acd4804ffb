import Foundation

/// A test's own folder in the temporary directory, for the files it hands
/// the app (environment files, scripts): made at the first file, removed
/// when the test says.
struct ScratchFolder {
    let url: URL

    /// A new folder whose name starts with `prefix`.
    init(_ prefix: String) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }

    /// Writes `text` to the file `name` in the folder and gives its path.
    func file(_ name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Removes the folder and what it holds; best effort (it is in the temporary directory).
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
