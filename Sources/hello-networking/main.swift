// The launch scenario's second yardstick (gatehouse-bench, "launch"):
// `hello-foundation` linking what `app` must link to make HTTP calls —
// URLSession. On Apple platforms URLSession is part of Foundation, so the
// two yardsticks are one program. On Linux it is FoundationNetworking,
// which loads libcurl and the libraries libcurl needs (TLS, HTTP/2, IDN,
// Kerberos, LDAP…) before `main` runs: a cost every Swift program that
// makes an HTTP call there pays at each start, and the least the app's
// first screen can cost.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

FileHandle.standardOutput.write(Data("hello> ".utf8))
_ = readLine()
// Never true: a use of URLSession the linker keeps, so the library is loaded
// at start as it is for `app`, and nothing of it runs.
if CommandLine.arguments.count > 1_000 { print(URLSession.self) }
