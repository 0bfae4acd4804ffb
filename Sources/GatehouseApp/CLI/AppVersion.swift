/// The app's version, the one place it is written: `app --version` prints it.
/// Raise it with each release, with its entry in CHANGELOG.md.
enum AppVersion {
    static let current = "0.1.0"
}
