public import ReferenceServer

/// Which backend a reference server plays (`app serve --profile`,
/// `app run --in-process-server --profile`), named here so that the app
/// chooses one without naming the server's module.
public typealias ReferenceServerProfile = ServerProfile
