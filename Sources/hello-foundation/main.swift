// The launch scenario's yardstick (gatehouse-bench, "launch"): the least a
// Swift program that imports Foundation does before a person can type —
// it writes a prompt and waits for a line — built the same way as `app`,
// beside it, and started the same way, so that the app's first screen is
// read against what any such program costs on this machine.
import Foundation

FileHandle.standardOutput.write(Data("hello> ".utf8))
_ = readLine()
