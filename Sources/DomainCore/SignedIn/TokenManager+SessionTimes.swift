extension TokenManager: SessionTimesReading {
    /// The times of the token in use, never the token itself; nil when stopped.
    public func sessionTimes() async -> SessionTimes? {
        await currentToken.map { SessionTimes(issuedAt: $0.issuedAt, expiresAt: $0.expiresAt) }
    }
}
