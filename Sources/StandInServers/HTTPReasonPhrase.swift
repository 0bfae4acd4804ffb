/// The reason phrase a status line carries after its code (RFC 9110,
/// section 15): what the reference server and every stand-in write, so
/// that a person reading a raw answer (`curl -i`) reads the status's name.
/// Clients act on the code alone.
public enum HTTPReasonPhrase {
    /// The phrase RFC 9110 gives `status`; "Status" for a code it names no
    /// phrase for here.
    public static func of(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 307: "Temporary Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
