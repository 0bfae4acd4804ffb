import Composition
import DomainCore
import Foundation

/// The app running headless: one launch's container and root view model on
/// an `AppWorld`, driven by words (`tap`, `type`, `wait`, `relaunch`, …) and
/// settled after each, so what it shows never depends on timing.
@MainActor
final class HeadlessApp {
    let world: AppWorld
    /// The texts shown now: the run's, or the language the preferences
    /// chose when the run does not pin one — from the moment it is saved.
    var texts: Texts { Texts(locale: container.locale) }
    private(set) var container: AppContainer
    private(set) var main: MainViewModel
    /// The run's language: `--locale`'s, a script's `# locale:`, or the default.
    private let runTexts: Texts
    /// Whether the run's language wins over the preferences (`--locale`, a
    /// script's `# locale:` line), for every launch of the run.
    private let pinsLanguage: Bool
    /// The person's time zone: the times the screens say are in it.
    let timeZone: TimeZone
    /// How wide the screen is drawn, in columns: rows and action bars wrap
    /// at word boundaries to it (the terminal's width; 80 when unknown).
    /// Read at every drawing, so a terminal resized since is met as it is
    /// now — the next screen, or Ctrl-L, is drawn to the new width.
    var columnsNow: () -> Int = { ScreenSnapshot.defaultColumns }

    /// The width the screen is drawn at now (`columnsNow`); setting it fixes it.
    var columns: Int {
        get { columnsNow() }
        set { columnsNow = { newValue } }
    }
    /// Whether the coming launch has read its preferences and has its container.
    private var isPrepared = false
    /// The screen as last drawn: one drawing per command, shared by what
    /// reads the screen until something on it changes.
    private let drawnScreen = DrawnScreen()
    /// How many times the person acted and so dismissed what was said once
    /// (storage notices, the preferences' read problem): the screen changes
    /// then without any view model doing so.
    private var dismissals = 0

    init(world: AppWorld, texts: Texts, pinsLanguage: Bool = false, timeZone: TimeZone = .gmt) {
        self.world = world
        runTexts = texts
        self.pinsLanguage = pinsLanguage
        self.timeZone = timeZone
        container = AppContainer(world: world, locale: texts.locale, pinsLocale: pinsLanguage, timeZone: timeZone)
        main = container.makeMainViewModel()
    }

    private var driver: ScreenDriver {
        ScreenDriver(
            main: main, texts: texts, preferences: container.preferences, storageNotices: container.storageNotices,
            sessionSurvivesInBackground: container.policy.sessionSurvivesInBackground,
            health: container.health, timeZone: timeZone, typedIdentifier: typedIdentifier)
    }

    /// What a password sign-in on this world's backend asks the person to type.
    private var typedIdentifier: ScreenDriver.TypedIdentifier {
        let signIn = container.signIn
        guard signIn.signInMethods.contains(.password), signIn.signsInByCPF || signIn.signsInByEmail else {
            return .none
        }
        return signIn.signsInByCPF ? .cpf : .email
    }

    // MARK: - Lifecycle

    /// Reads the preferences for the coming launch and makes its container
    /// in the language they chose — unless the run pins one. A launch does
    /// it itself; call it first to know the launch's language sooner (the
    /// interactive header and start-up screen speak it).
    func prepareLaunch() async {
        guard !isPrepared else { return }
        let preferences = await LaunchPreferences.load(
            from: world.preferences, identifiers: world.rememberedIdentifier, personsLanguage: world.personsLanguage)
        container = AppContainer(
            world: world, locale: runTexts.locale, pinsLocale: pinsLanguage, timeZone: timeZone,
            preferences: preferences)
        main = container.makeMainViewModel()
        isPrepared = true
    }

    /// Starts the app (the start-up screen's launch) and settles.
    func launch() async {
        await prepareLaunch()
        isPrepared = false
        container.launch(main)
        await world.settle()
    }

    /// Ends this launch and starts a new one: new container and view models,
    /// same store and same backend, and the preferences read again.
    func relaunch() async {
        await container.shutDown()
        await world.settle()
        await launch()
    }

    /// Ends the app for good: nothing of it keeps running.
    func shutDown() async {
        await container.shutDown()
        await world.settle()
    }

    func enterBackground() async {
        container.enterBackground()
        await world.settle()
    }

    func enterForeground() async {
        container.enterForeground()
        await world.settle()
    }

    /// Lets time pass (virtual or real, as the environment's clock is) and settles.
    func wait(_ duration: Duration) async {
        await world.pass(duration)
    }

    /// Lets time pass until `holds` (checked whenever the app has settled),
    /// at most `duration`: a person finishing in the browser, on real time.
    func wait(_ duration: Duration, until holds: @escaping @MainActor () -> Bool) async {
        await world.pass(duration, until: holds)
    }

    // MARK: - Screen

    /// The screen as the person sees it now. What the stores repaired or
    /// refused since the last look is collected first, so it is on it.
    func snapshot() -> ScreenSnapshot { shownScreen(collectingNotices: true).snapshot }

    /// The screen as printed: wrapped at word boundaries to `columns`.
    func renderedScreen() -> String {
        let shown = shownScreen(collectingNotices: true)
        return shown.snapshot.rendered(disabledWord: texts[.disabled], columns: columns)
    }

    /// The screen's text unwrapped, one line per line of the screen: what
    /// `expect text` reads, so an expectation holds at any width.
    func screenText() -> String { shownScreen(collectingNotices: true).rendered }

    /// How many times the screen has been drawn in this app's life.
    var drawCount: Int { drawnScreen.drawCount }

    /// Calls `listener` on the main actor each time something the screen
    /// shows changes (the live screen redraws then); nil stops.
    func listenToScreenChanges(_ listener: (@MainActor () -> Void)?) {
        drawnScreen.listen(listener)
    }

    /// Presses an action of the screen shown and settles.
    func tap(_ action: String) async throws(ScreenCommandError) {
        // The screen the person acted on (nothing new collected: what
        // the dismissal below clears is only what they were shown).
        let work = try shownScreen(collectingNotices: false).snapshot.tappableAction(named: action).perform
        dismissWhatWasSaidOnce()
        let performing = world.scheduler.spawn { @MainActor in await work() }
        // A tap the person interrupts (Ctrl-C while a sign-in waits on the
        // server) cancels what it began: the call ends, the screen says so.
        await withTaskCancellationHandler {
            await world.settle()
        } onCancel: {
            performing.cancel()
        }
    }

    /// Opens the Nth entry (1-based) of the statement on screen and settles.
    func open(_ number: Int) async throws(ScreenCommandError) {
        let open = try shownScreen(collectingNotices: false).snapshot.openableEntry(number)
        dismissWhatWasSaidOnce()
        _ = world.scheduler.spawn { @MainActor in await open() }
        await world.settle()
    }

    /// Sets a field of the screen shown and settles.
    func type(_ field: String, _ text: String) async throws(ScreenCommandError) {
        try shownScreen(collectingNotices: false).snapshot.typableField(named: field).set(text)
        dismissWhatWasSaidOnce()
        await world.settle()
    }

    /// The screen, drawn again only when something on it changed since it
    /// was last drawn.
    private func shownScreen(collectingNotices: Bool) -> (snapshot: ScreenSnapshot, rendered: String) {
        if collectingNotices { container.storageNotices.collect() }
        let preferences = container.preferences
        let inputs = DrawnScreen.Inputs(
            main: ObjectIdentifier(main), pendingNotices: container.storageNotices.pending.count,
            dismissals: dismissals, language: preferences.language,
            remembersLastIdentifier: preferences.remembersLastIdentifier, lastIdentifier: preferences.lastIdentifier,
            pinLockTimeout: preferences.pinLockTimeout,
            lastPreferenceChange: preferences.lastChange,
            preferencesNotSaved: preferences.saveFailure != nil || preferences.identifierFailure != nil,
            preferencesUnreadable: preferences.readProblem != nil)
        let driver = self.driver
        return drawnScreen.screen(for: inputs, disabledWord: texts[.disabled]) { driver.snapshot() }
    }

    private func dismissWhatWasSaidOnce() {
        if container.preferences.readProblem != nil || !container.storageNotices.pending.isEmpty { dismissals += 1 }
        container.preferences.dismissReadProblem()
        container.storageNotices.dismiss()
    }

    // MARK: - What expectations read

    var stateName: String { container.authSession.state.name }
    var healthName: String { container.health.status.rawValue }

    /// Whether a session with a token is stored; nil when the store cannot be read.
    func hasStoredSession() async -> Bool? {
        switch await world.store.read() {
        case .found(let session): return session.token != nil
        case .absent, .setAside: return false
        case .unavailable: return nil
        }
    }

    /// Whether the user's cached data is kept; nil when the store cannot be read.
    func hasLocalData() async -> Bool? {
        switch await world.store.read() {
        case .found(let session): return session.cachedUser != nil
        case .absent, .setAside: return false
        case .unavailable: return nil
        }
    }
}
