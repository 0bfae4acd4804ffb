/// `gatehouse-bench --help`: its usage, in English (it is for developers).
enum BenchHelp {
    static let text =
        """
        Usage: gatehouse-bench [--quick] [--json] [--svg DIR] [--scenario NAME]...

        Measures the session layer in this process and prints, per scenario, a
        progress line as it starts and ends, then a table with each goal beside
        its figure (pass or short). It is a program of its own (the app links none
        of it) that starts the app built beside it for its whole-process scenarios.
        Build everything in release for figures worth comparing:

          swift build -c release
          swift run -c release gatehouse-bench

        Scenarios (all unless --scenario names some; repeatable):
          storm      N = 1, 10, 100, 1000 concurrent calls meet an expired or revoked
                     token, in memory and over HTTP to a reference server in this
                     process: the token manager against a naive per-401 client;
                     refreshes, failures, requests on the wire, latency (over HTTP
                     also in round trips)
          overhead   GET /challenge/list to app serve in another process: the app as
                     the composition root builds it (request deadline, token manager
                     and its cap; once more with from-calls health's outcome
                     recording) against raw URLSession, raw + JSONSerialization and
                     a naive per-401 client, one at a time, 8 and 64 in flight:
                     p50, p90, p99, the ratio to raw + JSON, and throughput
          cap        a storm of 1000 calls on a fresh token in memory, with the cap
                     and without; authorized { _ in 1 } alone and under 64 callers
          bootstrap  time to decision with a delay on /health, /users/me or both,
                     as a multiple of the delay (virtual time)
          soak       10,000 sign-in/out cycles through the containers: objects alive
                     after settle() and RSS growth
          day        a signed-in day on virtual time: wall time and refreshes
          launch     whole processes of the app beside it: app run of a sign-in +
                     wait 24h script, and app in a terminal until its first screen
          server     app serve in a process of its own: answers/s and p99 at 1, 16
                     and 256 keep-alive connections, memory per idle connection
          pin        a PIN check at the default cost, in the build it runs in
                     (swift run gatehouse-bench --scenario pin: the debug build)
          signature  one RS256 and one ES256 verification of an ID token's
                     signature, beside a password sign-in's round trip to app serve
          processes  K = 2, 4, 8 app processes sharing one store through token
                     expiries on a server with rotation and reuse detection:
                     refreshes per expiry, refresh tokens reused, sessions lost,
                     the refreshing call's p50/p99 beside one process alone
          store      a good session's read from the file keychain (a store made
                     afresh each time, as a launch reads) beside a plain read +
                     decode of the same file

        Contenders run interleaved, in alternating blocks, in this process (the
        overhead's and the server scenario's server in one of its own), so the
        machine's noise hits them alike. Everything runs on 127.0.0.1.

          --quick          a smoke run: seconds, small N
          --json           the report as JSON on stdout (progress on stderr)
          --svg DIR        write storm.svg and overhead.svg into DIR
          --scenario NAME  run only this scenario (storm, overhead, cap, bootstrap,
                           soak, day, launch, server, pin, signature, processes)

        Exits 0 when every scenario ran, whatever the verdicts; 1 when one could
        not finish (the reason is printed) or the charts could not be written.
        """

    /// The word every usage error ends with.
    static let pointer = "See 'gatehouse-bench --help' for usage."
}
