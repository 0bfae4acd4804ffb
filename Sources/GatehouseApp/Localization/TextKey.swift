/// Every text the app shows, by key. Each locale's table must have every key
/// (a test checks it), so a missing translation is a failing test, not a
/// blank on screen.
enum TextKey: String, CaseIterable, Sendable {
    // Screen titles
    case titleStartup, titleSystemUnavailable, titleWelcome, titleSignIn, titleSignInPassword, titleSignUp
    case titleSessionExpired, titleDashboard
    // Start-up and health
    // The interactive header
    case headerVirtualTime, headerHelp
    // The prompt's messages (✘ lines): what a typed line could not do. Script
    // transcripts say them in English (`Texts.english`), whatever the screen's language.
    case promptNoAction, promptNoField, promptActionsAre, promptFieldsAre, promptNone, promptNotOffered,
        promptFieldNotOffered, promptDisabled, promptNoStatement, promptNoEntry, promptDidYouMean,
        promptWaitEndedEarly, promptOr, promptUsage, promptUsageTakesNothingMore, promptNotADuration,
        promptBeyondLongestWait, promptFaultStatus
    case promptUnknownCommand, promptUnknownServerCommand, promptUnknownPersonCommand, promptUnknownScreen,
        promptUnknownState, promptUnknownHealth, promptUnknownExpectation,
        promptUnknownEvent
    case reasonNoSignUp, reasonNoAccountRoutes
    case expectMissScreen, expectMissNoAction, expectMissEnabled, expectMissDisabled, expectMissPlaceholderMissing,
        expectMissPlaceholderShown, expectMissTextMissing, expectMissTextShown, expectMissState, expectMissHealth,
        expectMissStoreUnreadable, expectMissStoredSessionMissing, expectMissStoredSessionPresent,
        expectMissLocalDataMissing, expectMissLocalDataPresent, expectMissMetric, expectMissEvent
    case loading, serverDown, serverRefusedApp, offline, willRetryAutomatically, healthOnline, healthServerDown,
        healthOffline
    case bannerServerDown, bannerOffline
    case retryChecking, retryStillOffline, retryStillServerDown, nextCheckAt
    case signInBlockedOffline, signInBlockedServerDown
    case storageNotAvailableYet, storageNotSaved, storageNotDeleted, storagePINNotRemoved, storageRemovalWaiting,
        storageAnotherWindowBusy
    case storageNoticeTightened, storageNoticeSetAside, storageNoticeRefused
    // Welcome
    case welcomeTagline
    case reasonTokenInvalid, reasonTokenExpired, reasonUserInactive, reasonUserDeleted, reasonLoggedOut
    case reasonAccountDeleted, reasonReauthenticating, reasonStoredSessionUnreadable, reasonStoredSignInUnproved,
        reasonEndedElsewhere
    case browserSignOutWaiting, browserSignOutEnded, browserSignOutNotCompletedInTime, browserSignOutCancelled,
        browserSignOutBrowserNotOpened, browserSignOutCouldNotBegin
    // Sign-in
    case promptLineFull
    case identifierPrompt, passwordPrompt, passwordPromptAtLeast, identifierInvalid, identifierCPFNotAccepted,
        registrationConfirmed, registrationAwaitsConfirmation, signingIn
    case identifierPromptCPFOnly, identifierPromptEmailOnly, identifierEmailNotAccepted
    case loginInvalidCredentials, loginInvalidCredentialsCPFOnly, loginInvalidCredentialsEmailOnly,
        loginAccountInactive, loginSystemUnavailable,
        loginNetwork, loginTimedOut,
        loginServer,
        loginIdentifierKindNotAccepted, loginEmailNotConfirmed, loginEmailKindNotAccepted
    // The app's setup with the backend, one text per `Misconfiguration.Cause`
    case loginClientRefused, loginScopeRefused, loginScopeBroader, loginAnotherIssuer, loginInsecureEndpoint,
        loginDiscoveryUnavailable,
        loginPKCENotSupported, loginMethodDisabled, loginSettingMismatch, loginNoSecureRandom
    case actionSignInBrowser, actionSignInDevice, signInOutsidePrompt, browserOpened, browserNotOpened, deviceVisit,
        deviceEnterCode, deviceCompleteAddress, waitingForPerson
    case loginMethodNotOffered, loginDeniedByPerson, loginAnswerForAnotherAttempt, loginNotCompletedInTime,
        loginIdentityNotProved, loginCancelled
    // Sign-up
    case signUpPrompt, registering
    case problemEmpty, problemNameTooShort, problemInvalidEmail, problemInvalidCPF, problemPasswordNotDigits,
        problemPasswordTooShort
    case problemConfirmationMismatch
    case registerAlreadyRegistered, registerEmailAlreadyRegistered, registerInvalidFields, registerSystemUnavailable,
        registerNetwork, registerTimedOut,
        registerServer
    case signUpNotOffered
    // Session expired
    case expiredNetwork, expiredTimedOut, expiredServer, expiredRefreshLimit, expiredPreviously,
        expiredStorageUnavailable, expiredBusyElsewhere
    case expiredDataKept, expiredPINAttempts, expiredPINForgotten
    // The PIN lock: the PIN screen and the security screen
    case titlePINLock, titleSecurity, pinLockPrompt, pinLockUnavailable, fieldPIN, pinChecking, pinSaving
    case actionUnlock, actionForgotPIN, actionSecurity, actionSetPIN, actionChangePIN, actionRemovePIN, actionCancel
    case pinStatusOn, pinStatusOff, pinPromptCurrent, pinPromptNew, pinPromptConfirm
    case pinNoticeSet, pinNoticeChanged, pinNoticeRemoved
    case pinLockAfterMinutes, pinLockAtOnce, pinLockTimeoutSaved, actionLockAfterMinutes, actionLockAtOnce
    case pinLockOutlivesSession
    case pinWeakNotFourDigits, pinWeakRepeated, pinWeakSequential, pinMismatch, pinWrong, pinWrongLast, pinUnavailable
    // Dashboard
    case greeting, greetingWithoutName, cpfLabel, emailLabel, accountRoutesNotOffered
    // Signed-in area
    case titleStatement, titleEntryDetails, titleProfile, titleRelatedUsers
    case loadingPlaceholder, refreshing, statementEmpty
    case failureNetwork, failureTimedOut, failureServer, failureOffline, failureServerDown, failureNotFound,
        failureInvalidFields,
        failureAlreadyRegistered
    case failureSessionEnded, failureNotOffered, failureBusyElsewhere
    case detailsAmount, detailsWhen, detailsStatus, detailsCounterparty, detailsSender, detailsRecipient
    case detailsBank, detailsAgency, detailsAccount
    case statusCompleted, statusPending, statusFailed, statusCanceled
    case profileSaved, profileAccountNotOffered, profileConfirmDelete, relatedEmpty, relatedChoose, relatedSaved
    case actionStatement, actionProfile, actionRelated, actionSelect, actionDeselect
    case actionRefresh, actionSave, actionDeleteAccount, actionConfirm
    // Session details
    case titleSessionDetails, actionSessionDetails, sessionIssuedAt, sessionValidUntil, sessionKept
    // Fields
    case fieldIdentifier, fieldPassword, fieldName, fieldEmail, fieldCPF, fieldConfirm
    // Actions
    case actionSignIn, actionSignUp, actionNext, actionBack, actionSubmit, actionLogout, actionRetry
    case actionReauthenticate
    case disabled
    // The demo's narration (app demo): one short sentence before each step
    case demoOpening, demoOpeningLaunch, demoLaunch, demoFormRules, demoWrongPassword, demoSignIn, demoDashboard
    case demoStatement, demoStatementRefresh, demoEntryDetails, demoProfileValidation, demoProfileSaved
    case demoRelatedUsers, demoTokenKeptFresh, demoRefreshesCounted, demoRelaunch, demoServerDown
    case demoUnavailableAtLaunch, demoExpiredInBackground, demoSignInAgain, demoLogout, demoDeleteAccount
    case demoDeletedRefused, demoSignUp, demoClosing
    // Preferences (profile screen, and any screen when they cannot be read or saved)
    case preferencesUnreadable, preferencesNotSaved, preferencesLanguage, preferencesLanguageSystem
    case preferencesLanguageSaved, preferencesLanguageSavedPinned, preferencesRemember, preferencesRememberOn,
        preferencesRememberOff, preferencesRememberEmail
    case actionLanguageSystem, actionRememberIdentifier, actionForgetIdentifier, actionRememberEmail, actionForgetEmail
}
