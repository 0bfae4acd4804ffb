/// The app's version, the one place it is written: `app --version` prints it.
/// Raise it with each release.
enum AppVersion {
    static let current = "0.1.0"
}
