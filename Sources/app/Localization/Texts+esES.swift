extension Texts {
    /// The Spanish texts, as spoken in Spain (es-ES).
    /// The switch names every key and has no `default`, so a key without its
    /// text here is a compile error naming the key.
    static func esES(_ key: TextKey) -> String {
        switch key {
        case .titleStartup: "Gatehouse"
        case .titleSystemUnavailable: "Sistema no disponible"
        case .titleWelcome: "Bienvenido"
        case .titleSignIn: "Iniciar sesión"
        case .titleSignInPassword: "Iniciar sesión · contraseña"
        case .titleSignUp: "Crear cuenta"
        case .titleSessionExpired: "Sesión caducada"
        case .titleDashboard: "Inicio"
        case .headerVirtualTime: "tiempo virtual"
        case .headerHelp: "escribe help para ver los comandos, quit para salir."
        case .loading: "Cargando…"
        case .storageNotAvailableYet:
            "El almacenamiento seguro aún no está disponible: la app sigue sola en cuanto se abra."
        case .serverDown: "El servidor no responde."
        case .serverRefusedApp:
            "El servidor responde, pero rechazó esta aplicación (%@): puede que no sea el servidor que este entorno espera, o que la clave de la aplicación sea incorrecta. Avisa a quien configuró la aplicación."
        case .offline: "No tienes conexión a internet."
        case .willRetryAutomatically: "Lo intentaremos de nuevo automáticamente."
        case .healthOnline: "● en línea"
        case .healthServerDown: "○ servidor no disponible"
        case .healthOffline: "○ sin conexión"
        case .bannerServerDown: "⚠ El servidor no está disponible ahora; algunas acciones pueden fallar."
        case .bannerOffline: "⚠ Sin conexión; algunas acciones pueden fallar."
        case .storageNotSaved:
            "⚠ Este dispositivo no pudo guardar tu sesión: tendrás que iniciar sesión de nuevo la próxima vez."
        case .storageNotDeleted: "⚠ Este dispositivo no pudo eliminar tu sesión guardada."
        case .welcomeTagline: "Tu cuenta, con seguridad."
        case .reasonTokenInvalid: "Tu sesión ya no es válida. Inicia sesión de nuevo."
        case .reasonTokenExpired: "Tu sesión caducó. Inicia sesión de nuevo."
        case .reasonUserInactive: "Tu cuenta está inactiva."
        case .reasonUserDeleted: "Tu cuenta fue eliminada."
        case .reasonLoggedOut: "Has cerrado sesión."
        case .reasonAccountDeleted: "Tu cuenta fue borrada."
        case .reasonReauthenticating: "Inicia sesión de nuevo para continuar."
        case .reasonStoredSessionUnreadable: "No se pudo leer tu sesión guardada y se apartó; inicia sesión de nuevo."
        case .reasonEndedElsewhere: "Tu sesión se cerró en otra ventana de la app. Inicia sesión de nuevo."
        case .identifierPrompt: "Introduce tu CPF o correo electrónico."
        case .passwordPrompt: "Introduce tu contraseña de 6 dígitos."
        case .identifierInvalid: "CPF o correo no válido."
        case .identifierCPFNotAccepted:
            "Este servidor solo inicia sesión por correo electrónico: escribe tu correo en lugar de tu CPF."
        case .identifierPromptCPFOnly:
            "Introduce tu CPF. Este servidor solo inicia sesión por CPF, no por correo electrónico."
        case .identifierEmailNotAccepted:
            "Este servidor solo inicia sesión por CPF: escribe tu CPF en lugar de tu correo."
        case .registrationConfirmed: "¡Cuenta creada! Inicia sesión con tus datos."
        case .signingIn: "Iniciando sesión…"
        case .loginInvalidCredentials: "CPF, correo o contraseña incorrectos."
        case .loginInvalidCredentialsCPFOnly: "CPF o contraseña incorrectos."
        case .loginAccountInactive: "Esta cuenta está inactiva."
        case .loginSystemUnavailable: "Sistema no disponible; inténtalo más tarde."
        case .loginNetwork: "La conexión con el servidor falló. Inténtalo de nuevo."
        case .loginTimedOut: "El servidor no respondió a tiempo. Inténtalo de nuevo."
        case .loginServer: "El servidor falló. Inténtalo de nuevo."
        case .loginClientRefused:
            "El servidor no aceptó esta aplicación como cliente. No es tu contraseña: avisa a quien configuró la aplicación."
        case .loginScopeRefused:
            "El servidor rechazó el acceso que pide esta aplicación. No es tu contraseña: avisa a quien configuró la aplicación."
        case .loginAnotherIssuer:
            "La configuración de acceso del servidor apunta a otro servidor distinto del que esta aplicación reconoce; no se envió nada. Avisa a quien configuró la aplicación."
        case .loginInsecureEndpoint:
            "La dirección de acceso del servidor no es segura (no es https); no se envió nada allí. Avisa a quien configuró la aplicación."
        case .loginDiscoveryUnavailable:
            "No se encontró la configuración de acceso del servidor en su dirección. Avisa a quien configuró la aplicación."
        case .loginPKCENotSupported:
            "El servidor no ofrece el inicio de sesión seguro por el navegador que usa esta aplicación (PKCE S256). Avisa a quien configuró la aplicación."
        case .loginMethodDisabled:
            "El servidor tiene desactivada esta forma de iniciar sesión. Avisa a quien configuró la aplicación."
        case .loginSettingMismatch:
            "Un ajuste de esta aplicación no encaja con este servidor. Avisa a quien configuró la aplicación."
        case .loginNoSecureRandom:
            "Este dispositivo no dio números aleatorios seguros para el inicio de sesión; no se envió nada. Inténtalo de nuevo; si sigue, avisa a quien configuró la aplicación."
        case .loginIdentifierKindNotAccepted:
            "Este servidor solo inicia sesión por correo electrónico: vuelve y escribe tu correo en lugar de tu CPF."
        case .loginEmailKindNotAccepted:
            "Este servidor solo inicia sesión por CPF: vuelve y escribe tu CPF en lugar de tu correo."
        case .loginEmailNotConfirmed:
            "Tu correo electrónico aún no está confirmado: abre el enlace que te envió el servidor y vuelve a iniciar sesión."
        case .actionSignInBrowser:
            "Iniciar sesión con el navegador"
        case .actionSignInDevice:
            "Iniciar sesión en otro dispositivo"
        case .signInOutsidePrompt:
            "Este servidor no pide tu contraseña aquí: inicia sesión con el navegador o en otro dispositivo."
        case .browserOpened:
            "Abrimos tu navegador en esta dirección; inicia sesión allí:"
        case .browserNotOpened:
            "No se pudo abrir el navegador. Abre tú mismo esta dirección e inicia sesión allí:"
        case .deviceVisit:
            "En cualquier dispositivo, abre esta dirección:"
        case .deviceEnterCode:
            "e introduce el código:"
        case .deviceCompleteAddress:
            "O abre esta dirección, que ya lleva el código:"
        case .waitingForPerson:
            "Esperando a que inicies sesión…"
        case .loginMethodNotOffered:
            "Este servidor no ofrece esa forma de iniciar sesión."
        case .loginDeniedByPerson:
            "El inicio de sesión se rechazó en el navegador. No cambió nada; vuelve a intentarlo cuando quieras."
        case .loginAnswerForAnotherAttempt:
            "El navegador volvió con la respuesta de otro intento; se descartó por seguridad. Vuelve a intentarlo."
        case .loginNotCompletedInTime:
            "El inicio de sesión no se completó a tiempo (el navegador no volvió o el código caducó). Vuelve a intentarlo."
        case .loginIdentityNotProved:
            "El servidor no demostró quién inició sesión; se rechazó por seguridad."
        case .browserSignOutWaiting:
            "Cerrando también la sesión del servidor en el navegador… (cancele para dejar de esperar)"
        case .browserSignOutEnded:
            "También ha cerrado la sesión del servidor en el navegador."
        case .browserSignOutNotCompletedInTime:
            "Ha cerrado la sesión en la app, pero el navegador no volvió a tiempo: puede seguir conectado al servidor. En un ordenador compartido, cierre el navegador."
        case .browserSignOutCancelled:
            "Ha cerrado la sesión en la app; el cierre en el navegador se canceló, así que puede seguir conectado al servidor. En un ordenador compartido, cierre el navegador."
        case .browserSignOutBrowserNotOpened:
            "Ha cerrado la sesión en la app, pero no se pudo abrir el navegador para cerrar allí la sesión del servidor. En un ordenador compartido, cierre el navegador."
        case .browserSignOutAnswerForAnotherAttempt:
            "Ha cerrado la sesión en la app, pero el navegador volvió con la respuesta de otro cierre de sesión; se rechazó, y el navegador puede seguir conectado al servidor. En un ordenador compartido, cierre el navegador."
        case .browserSignOutCouldNotBegin:
            "Ha cerrado la sesión en la app, pero no se pudo contactar con el servidor para cerrar también la sesión en el navegador. En un ordenador compartido, cierre el navegador."
        case .loginCancelled:
            "Inicio de sesión cancelado."
        case .signUpPrompt: "Completa tus datos."
        case .registering: "Creando tu cuenta…"
        case .problemEmpty: "obligatorio"
        case .problemNameTooShort: "nombre demasiado corto"
        case .problemInvalidEmail: "correo no válido"
        case .problemInvalidCPF: "CPF no válido"
        case .problemPasswordNotSixDigits: "la contraseña debe tener 6 dígitos"
        case .problemConfirmationMismatch: "las contraseñas no coinciden"
        case .registerAlreadyRegistered: "Ya existe una cuenta con este CPF o correo."
        case .registerInvalidFields: "El servidor rechazó algunos campos: %@."
        case .registerSystemUnavailable: "Sistema no disponible; inténtalo más tarde."
        case .registerNetwork: "La conexión con el servidor falló. Inténtalo de nuevo."
        case .registerTimedOut: "El servidor no respondió a tiempo. Inténtalo de nuevo."
        case .registerServer: "El servidor falló. Inténtalo de nuevo."
        case .signUpNotOffered: "Este servidor no crea cuentas: pide una a quien lo administra."
        case .expiredNetwork: "No pudimos confirmar tu sesión: la conexión con el servidor falló."
        case .expiredTimedOut: "No pudimos confirmar tu sesión: el servidor no respondió a tiempo."
        case .expiredServer: "No pudimos confirmar tu sesión: el servidor falló."
        case .expiredRefreshLimit: "No pudimos renovar tu sesión."
        case .expiredPreviously: "Tu sesión caducó."
        case .expiredStorageUnavailable: "No pudimos leer tu sesión guardada."
        case .expiredDataKept: "Tus datos siguen en este dispositivo."
        case .greeting: "¡Hola, %@!"
        case .greetingWithoutName: "¡Hola!"
        case .accountRoutesNotOffered:
            "Personas relacionadas, edición del perfil y eliminación de la cuenta no están disponibles en este servidor."
        case .cpfLabel: "CPF"
        case .emailLabel: "Correo"
        case .fieldIdentifier: "CPF o correo"
        case .fieldPassword: "Contraseña"
        case .titleSessionDetails: "Sobre esta sesión"
        case .actionSessionDetails: "Sobre esta sesión"
        case .sessionIssuedAt: "Acceso emitido el: %@"
        case .sessionValidUntil: "Válido hasta: %@, se renueva automáticamente mientras usas la app."
        case .sessionKept:
            "Esta sesión se guarda en este dispositivo; las contraseñas, los PIN y los tokens nunca se muestran."
        case .fieldName: "Nombre"
        case .fieldEmail: "Correo"
        case .fieldCPF: "CPF"
        case .fieldConfirm: "Confirmar contraseña"
        case .actionSignIn: "Iniciar sesión"
        case .actionSignUp: "Crear cuenta"
        case .actionNext: "Siguiente"
        case .actionBack: "Volver"
        case .actionSubmit: "Registrarme"
        case .actionLogout: "Cerrar sesión"
        case .actionRetry: "Intentar ahora"
        case .actionReauthenticate: "Iniciar sesión de nuevo"
        case .disabled: "desactivado"
        case .titleStatement: "Extracto"
        case .titleEntryDetails: "Detalles"
        case .titleProfile: "Perfil"
        case .titleRelatedUsers: "Personas relacionadas"
        case .loadingPlaceholder: "░░░░░░░░ cargando ░░░░░░░░"
        case .refreshing: "Actualizando…"
        case .statementEmpty: "Sin movimientos."
        case .failureNetwork: "La conexión con el servidor falló. Inténtalo de nuevo."
        case .failureTimedOut: "El servidor no respondió a tiempo. Inténtalo de nuevo."
        case .failureServer: "El servidor falló. Inténtalo de nuevo."
        case .failureOffline: "Estás sin conexión: revisa tu conexión a internet."
        case .failureServerDown: "El servidor no está disponible ahora; inténtalo más tarde."
        case .failureNotFound: "No encontrado."
        case .failureInvalidFields: "El servidor rechazó algunos campos: %@."
        case .failureAlreadyRegistered: "Este correo ya está en uso."
        case .failureSessionEnded: "Tu sesión terminó."
        case .failureNotOffered: "No disponible en este servidor."
        case .detailsAmount: "Importe"
        case .detailsWhen: "Fecha"
        case .detailsStatus: "Estado"
        case .detailsCounterparty: "Contraparte"
        case .detailsSender: "Origen"
        case .detailsRecipient: "Destino"
        case .detailsBank: "banco"
        case .detailsAgency: "sucursal"
        case .detailsAccount: "cuenta"
        case .profileSaved: "Datos guardados."
        case .profileAccountNotOffered:
            "Editar el perfil y eliminar la cuenta no están disponibles en este servidor; las opciones de este dispositivo están abajo."
        case .profileConfirmDelete: "¿Borrar la cuenta? Esta acción no se puede deshacer."
        case .relatedEmpty: "Sin personas relacionadas."
        case .relatedChoose: "Elige con quién compartir."
        case .relatedSaved: "Elección guardada."
        case .actionSelect: "Seleccionar"
        case .actionDeselect: "Desmarcar"
        case .actionStatement: "Extracto"
        case .actionProfile: "Perfil"
        case .actionRelated: "Personas relacionadas"
        case .actionRefresh: "Actualizar"
        case .actionSave: "Guardar"
        case .actionDeleteAccount: "Borrar cuenta"
        case .actionConfirm: "Confirmar borrado"
        case .demoOpening:
            "Gatehouse: arranque, inicio de sesión y sesión de una app móvil, en texto y en tiempo virtual."
        case .demoOpeningLaunch:
            "Arranque: la salud y la sesión guardada se leen a la vez mientras se ve la pantalla inicial."
        case .demoLaunch: "No hay nada guardado y el servidor está sano, así que la app abre la bienvenida."
        case .demoFormRules:
            "El formulario comprueba el CPF, acepta un correo y exige 6 dígitos, antes de cualquier petición."
        case .demoWrongPassword:
            "Una contraseña incorrecta deja el paso de la contraseña con el error, y no se guarda nada."
        case .demoSignIn: "La contraseña correcta inicia sesión: la sesión se guarda y se abre el inicio."
        case .demoDashboard: "El inicio saluda al usuario y nunca muestra el CPF entero."
        case .demoStatement:
            "Con el servidor lento, el extracto muestra un marcador y luego los movimientos agrupados por día."
        case .demoStatementRefresh: "Tirar para actualizar mantiene la lista en pantalla mientras carga la nueva."
        case .demoEntryDetails: "Los detalles de un movimiento muestran el documento de cada parte enmascarado."
        case .demoProfileValidation: "El perfil comprueba cada campo y no envía nada mientras uno esté mal."
        case .demoProfileSaved: "Los campos válidos se guardan, y el inicio saluda al nuevo nombre."
        case .demoRelatedUsers: "Personas relacionadas lista a quienes están vinculados a esta cuenta."
        case .demoTokenKeptFresh:
            "Pasan diez minutos de golpe: el token de 60 segundos debe renovarse sin la contraseña."
        case .demoRefreshesCounted: "El backend contó %@ renovaciones y %@ inicio de sesión: la sesión se mantuvo sola."
        case .demoRelaunch: "Al reabrir, la app encuentra la sesión guardada y abre el inicio sin pedir la contraseña."
        case .demoServerDown: "El servidor cae y vuelve: un aviso se ve mientras está caído, y la sesión se mantiene."
        case .demoUnavailableAtLaunch:
            "Abierta con el servidor caído, la app lo dice y guarda la sesión hasta que vuelve."
        case .demoExpiredInBackground:
            "Seis minutos en segundo plano dejan caducar la sesión: al volver, la app lo dice y la borra."
        case .demoSignInAgain: "Iniciar sesión de nuevo lleva al usuario de vuelta al inicio."
        case .demoLogout: "Cerrar sesión borra los tokens y los datos guardados."
        case .demoDeleteAccount: "Eliminar la cuenta pide confirmación antes; volver la cancela."
        case .demoDeletedRefused: "La contraseña de la cuenta eliminada ya no inicia sesión."
        case .demoSignUp: "El registro valida cada campo y vuelve al inicio de sesión con el nuevo CPF rellenado."
        case .demoClosing:
            "Fin del recorrido: cada paso usó el lenguaje de script y sus comprobaciones. Pruébalo: swift run app."
        case .preferencesUnreadable: "⚠ No se pudieron leer tus preferencias guardadas: la app usa las predeterminadas."
        case .preferencesNotSaved: "⚠ No se pudieron guardar tus preferencias en este dispositivo."
        case .preferencesLanguage: "Idioma: %@"
        case .preferencesLanguageSystem: "el del sistema"
        case .preferencesLanguageSaved: "Idioma guardado: se aplica desde ahora."
        case .preferencesRemember: "Recordar mi CPF al entrar: %@"
        case .preferencesRememberOn: "sí"
        case .preferencesRememberOff: "no"
        case .actionLanguageSystem: "Idioma del sistema"
        case .actionRememberIdentifier: "Recordar mi CPF"
        case .actionForgetIdentifier: "Olvidar mi CPF"
        case .storagePINNotRemoved: "⚠ Este dispositivo no pudo eliminar tu PIN."
        case .storageNoticeTightened:
            "⚠ Tus datos guardados estaban abiertos a otros usuarios de este dispositivo y vuelven a ser privados: %@."
        case .storageNoticeSetAside: "⚠ Un archivo de tus datos guardados se apartó sin leerlo: %@."
        case .storageNoticeRefused: "⚠ Este dispositivo se negó a usar su almacenamiento: %@."
        case .expiredPINAttempts: "Demasiados PIN incorrectos: inicia sesión con tu contraseña."
        case .expiredPINForgotten: "Elegiste iniciar sesión con tu contraseña en lugar del PIN."
        case .titlePINLock: "PIN"
        case .titleSecurity: "Seguridad"
        case .pinLockPrompt: "Introduce tu PIN de 4 dígitos para continuar."
        case .pinChecking: "Comprobando el PIN…"
        case .pinSaving: "Guardando el PIN…"
        case .pinLockUnavailable:
            "Este dispositivo no pudo comprobar tu PIN. «Olvidé el PIN» te deja iniciar sesión con tu contraseña."
        case .fieldPIN: "PIN"
        case .actionUnlock: "Desbloquear"
        case .actionForgotPIN: "Olvidé el PIN"
        case .actionSecurity: "Seguridad"
        case .actionSetPIN: "Crear PIN"
        case .actionChangePIN: "Cambiar PIN"
        case .actionRemovePIN: "Eliminar PIN"
        case .actionCancel: "Cancelar"
        case .pinStatusOn: "Bloqueo con PIN: activado."
        case .pinStatusOff: "Bloqueo con PIN: desactivado."
        case .pinLockAfterMinutes: "El PIN se pide tras %@ min en segundo plano."
        case .pinLockAtOnce: "El PIN se pide cada vez que vuelves a la app."
        case .pinLockOutlivesSession:
            "Pero la sesión termina tras unos %@ min en segundo plano: al volver más tarde, inicias sesión de nuevo con tu contraseña, no con el PIN."
        case .pinLockTimeoutSaved: "Guardado: se aplica desde ahora."
        case .actionLockAfterMinutes: "Pedir tras %@ min"
        case .actionLockAtOnce: "Pedir cada vez"
        case .pinPromptCurrent: "Introduce tu PIN actual."
        case .pinPromptNew: "Elige un PIN de 4 dígitos."
        case .pinPromptConfirm: "Introduce el nuevo PIN otra vez."
        case .pinNoticeSet: "PIN creado: se pedirá al abrir la app."
        case .pinNoticeChanged: "PIN cambiado."
        case .pinNoticeRemoved: "PIN eliminado."
        case .pinWeakNotFourDigits: "El PIN tiene exactamente 4 dígitos."
        case .pinWeakRepeated: "Demasiado fácil de adivinar: un dígito cuatro veces."
        case .pinWeakSequential: "Demasiado fácil de adivinar: cuatro dígitos seguidos."
        case .pinMismatch: "Los dos PIN no coinciden. Elige el PIN otra vez."
        case .pinWrong: "PIN incorrecto. Quedan %@ intentos."
        case .pinWrongLast: "PIN incorrecto. Queda 1 intento: otro error cierra la sesión."
        case .pinUnavailable: "Este dispositivo no pudo leer ni guardar el PIN; nada cambió."
        case .retryChecking: "Intentándolo de nuevo…"
        case .retryStillOffline: "Lo intentamos de nuevo: sigues sin conexión."
        case .retryStillServerDown: "Lo intentamos de nuevo: el servidor sigue sin responder."
        case .nextCheckAt: "Próximo intento automático a las %@."
        case .signInBlockedOffline: "Sin conexión: «Siguiente» vuelve solo cuando vuelva la conexión."
        case .signInBlockedServerDown: "El servidor no responde: «Siguiente» vuelve solo cuando responda."
        case .statusCompleted: "completada"
        case .statusPending: "pendiente"
        case .statusFailed: "fallida"
        case .statusCanceled: "cancelada"
        case .preferencesLanguageSavedPinned:
            "Idioma guardado; esta ejecución fija el suyo (--locale o # locale:), así que se aplica cuando la app se abra sin eso."
        }
    }
}
