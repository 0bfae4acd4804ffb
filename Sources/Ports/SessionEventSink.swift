public import Foundation

/// Where the domain reports what happened to the session, one
/// `SessionEvent` per transition: the port a team wires to its own logging
/// (OSLog, swift-log, a telemetry exporter), and the app to its record a
/// person can read afterwards (`app events`).
///
/// Rules for every adapter (`SessionEventSinkContract` checks them):
/// - `record` returns at once and never throws: a sink that cannot keep an
///   entry (a full disk, a read-only directory) drops it and says so once,
///   the way its adapter documents, and never stops the app.
/// - Entries recorded one after another are kept in that order.
/// - What a sink keeps is bounded; past its bound it drops the oldest.
/// - A sink keeps what the entry holds and nothing else: no secret can
///   reach it, since no event can hold one (`SessionEvent`).
public protocol SessionEventSink: Sendable {
    /// Keeps `entry`, or drops it as the rules above say.
    func record(_ entry: SessionEventEntry)
}

/// One event, when and where it happened.
public struct SessionEventEntry: Sendable, Hashable {
    /// When, by the app's clock.
    public var time: Date
    /// Which process of the app reported it (its process id): two windows,
    /// or an app and its extension, share one session.
    public var process: Int32
    /// What happened.
    public var event: SessionEvent

    /// An entry with these fields.
    ///
    /// - Parameters:
    ///   - time: when, by the app's clock.
    ///   - process: the reporting process's id.
    ///   - event: what happened.
    public init(time: Date, process: Int32, event: SessionEvent) {
        self.time = time
        self.process = process
        self.event = event
    }
}
