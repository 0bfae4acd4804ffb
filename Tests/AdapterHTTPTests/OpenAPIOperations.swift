import Foundation
/// The operations of docs/openapi.yaml's `paths`, read line by line: enough
/// YAML for the shape that file has (a path key indented two spaces, its
/// methods four, an operation's `security` six), not a YAML parser. A line
/// at those indents that is not of that shape is kept as unread, so a test
/// fails on it rather than skipping an operation it cannot see.
struct OpenAPIOperations {
    /// One method on one path, with its `security` line's value (nil: the
    /// operation has none, so the document's top-level `security` holds).
    struct Operation: Equatable {
        let method: String
        let path: String
        let security: String?
    }

    private(set) var operations: [Operation] = []
    private(set) var unreadLines: [String] = []

    private static let methods: Set<String> = ["get", "put", "post", "patch", "delete", "head", "options", "trace"]

    init(document: String) {
        var inPaths = false
        var path: String?
        var pending: (method: String, path: String, security: String?)?
        func finish() {
            if let operation = pending {
                operations.append(
                    Operation(method: operation.method, path: operation.path, security: operation.security))
            }
            pending = nil
        }
        for line in document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            if indent == 0, !content.isEmpty {
                finish()
                inPaths = content == "paths:"
                continue
            }
            guard inPaths, !content.isEmpty, !content.hasPrefix("#") else { continue }
            switch indent {
            case 2:
                finish()
                guard content.hasPrefix("/"), content.hasSuffix(":") else {
                    unreadLines.append(line)
                    continue
                }
                path = String(content.dropLast())
            case 4:
                finish()
                let key = content.hasSuffix(":") ? String(content.dropLast()) : ""
                guard let path, Self.methods.contains(key) else {
                    // `parameters:` or another path-level key is not an operation.
                    if !content.contains(":") { unreadLines.append(line) }
                    continue
                }
                pending = (key.uppercased(), path, nil)
            case 6 where content.hasPrefix("security:"):
                pending?.security = content.dropFirst("security:".count).trimmingCharacters(in: .whitespaces)
            default:
                continue
            }
        }
        finish()
    }
}
