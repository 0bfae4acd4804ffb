import OperatingSystem

/// How many columns the terminal on stdout has, so the screen wraps to it.
enum TerminalWidth {
    /// The terminal's width, bounded to 20…1000; 80 when stdout is not a
    /// terminal or says nothing.
    static func columns() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return ScreenSnapshot.defaultColumns
        }
        return min(max(Int(size.ws_col), 20), 1000)
    }
}
