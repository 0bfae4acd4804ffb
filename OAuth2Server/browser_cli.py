"""What the two test browsers share: their command line (scripted_browser.py
and headless_browser.py take the same commands and arguments), their one
refusal type, and how they show a URL. Standard library only."""

import argparse
import os
import sys
from urllib.parse import urlsplit


class Refused(Exception):
    """Why the scripted person could not go on: one line, nothing secret in it."""


def origin(url):
    parts = urlsplit(url)
    return (parts.scheme, parts.hostname, parts.port)


def shown(url):
    """A URL as it may be printed: scheme, host, port and path, never the query (it carries the code)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}"


def arguments_of(argv):
    if len(argv) == 1 and not argv[0].startswith("-") and argv[0] not in ("authorize", "device", "session"):
        # As $BROWSER: the URL alone, the person from the environment.
        account = os.environ.get("SCRIPTED_BROWSER_ACCOUNT")
        password = os.environ.get("SCRIPTED_BROWSER_PASSWORD")
        if not account or not password:
            raise Refused("called with a URL alone, it needs SCRIPTED_BROWSER_ACCOUNT and SCRIPTED_BROWSER_PASSWORD")
        consent = os.environ.get("SCRIPTED_BROWSER_CONSENT", "allow")
        if consent not in ("allow", "deny"):
            raise Refused("SCRIPTED_BROWSER_CONSENT is allow or deny")
        return argparse.Namespace(command="authorize", url=argv[0], account=account, password=password,
                                  consent=consent)
    parser = argparse.ArgumentParser(prog=os.path.basename(sys.argv[0]), description="Plays the person on the test server.")
    commands = parser.add_subparsers(dest="command", required=True)
    authorize = commands.add_parser("authorize")
    authorize.add_argument("url")
    authorize.add_argument("--account", required=True)
    authorize.add_argument("--password", required=True)
    authorize.add_argument("--consent", choices=("allow", "deny"), default="allow")
    device = commands.add_parser("device")
    device.add_argument("url")
    device.add_argument("--user-code", required=True)
    device.add_argument("--account", required=True)
    device.add_argument("--password", required=True)
    device.add_argument("--deny", action="store_true")
    session = commands.add_parser("session", help="whether the browser is signed in to the server at URL's origin")
    session.add_argument("url")
    return parser.parse_args(argv)
