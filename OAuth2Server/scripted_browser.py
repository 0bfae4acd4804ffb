#!/usr/bin/env python3
"""A scripted browser for the tests: it plays the person at the OAuth 2.0
test server's own pages (docs/oauth2-server.md, "The scripted browser").

    scripted_browser.py authorize URL --account ID --password P [--consent allow|deny]
    scripted_browser.py device VERIFICATION_URI --user-code CODE --account ID --password P [--deny]
    SCRIPTED_BROWSER_ACCOUNT=ID SCRIPTED_BROWSER_PASSWORD=P [SCRIPTED_BROWSER_CONSENT=allow|deny] \\
        scripted_browser.py URL          (as $BROWSER: the same as `authorize URL`)

`authorize` GETs the authorization URL, signs in on the server's login page
(the CSRF token from the form and its cookie), answers the consent page, and
follows the server's redirect to the loopback redirect URI (a GET to
http://127.0.0.1:<port>/...). `device` signs in on the device flow's
verification page, enters the user code and approves or denies.

It runs with the server's virtual environment (`requests`). It prints
nothing secret: no code, no token, no password, never a URL's query. Exit 0
with one line on stdout when the redirect was delivered (or the device
answered); otherwise exit 1 with one line on stderr saying why. It follows
only the server's own origin and one loopback IP redirect, reads at most
1 MB of a page and waits at most 15 s for each answer.
"""

import html.parser
import re
import sys
from urllib.parse import urljoin, urlsplit

import requests

from browser_cli import Refused, arguments_of, origin, shown

_MAX_STEPS = 12
_MAX_PAGE_BYTES = 1 << 20
_TIMEOUT_SECONDS = 15
_LOOPBACK_IPS = ("127.0.0.1", "::1")


class _Forms(html.parser.HTMLParser):
    """Every form of a page: its id, action and fields (name → value, hidden and text inputs alike)."""

    def __init__(self):
        super().__init__()
        self.forms = []
        self.texts = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({"id": attrs.get("id", ""), "action": attrs.get("action") or "", "fields": {}})
        elif tag == "input" and self.forms and attrs.get("name") and attrs.get("type") != "submit":
            self.forms[-1]["fields"][attrs["name"]] = attrs.get("value") or ""

    def handle_data(self, data):
        self.texts.append(data)


def _word(text):
    """An error code from a page, reduced to what RFC 6749 allows in one, bounded."""
    return re.sub(r"[^A-Za-z0-9_.-]", "", text)[:40] or "unknown"


class ScriptedBrowser:
    def __init__(self, start_url):
        if urlsplit(start_url).scheme not in ("http", "https") or urlsplit(start_url).hostname is None:
            raise Refused("the URL is not an http(s) URL")
        self.server = origin(start_url)
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "gatehouse-scripted-browser"

    def _read(self, answer):
        body = b""
        for chunk in answer.iter_content(64 * 1024):
            body += chunk
            if len(body) > _MAX_PAGE_BYTES:
                raise Refused("a page was larger than 1 MB")
        return body.decode(answer.encoding or "utf-8", errors="replace")

    def _send(self, method, url, form=None):
        if origin(url) != self.server:
            raise Refused(f"the server sent the browser to another origin ({shown(url)})")
        try:
            answer = self.session.request(method, url, data=form, allow_redirects=False, stream=True,
                                          timeout=_TIMEOUT_SECONDS)
        except requests.RequestException as error:
            raise Refused(f"cannot reach {shown(url)}: {type(error).__name__}") from None
        with answer:
            return answer, self._read(answer)

    def _forms(self, page):
        parser = _Forms()
        parser.feed(page)
        return parser

    def _deliver(self, url):
        """The server's redirect to the app's loopback listener: one GET, its answer read and dropped."""
        parts = urlsplit(url)
        if parts.scheme != "http" or parts.hostname not in _LOOPBACK_IPS:
            raise Refused(f"the server redirected to {shown(url)}, not to a loopback IP")
        try:
            with requests.get(url, allow_redirects=False, stream=True, timeout=_TIMEOUT_SECONDS) as answer:
                self._read(answer)
                status = answer.status_code
        except requests.RequestException as error:
            raise Refused(f"the redirect to {shown(url)} was not delivered: {type(error).__name__}") from None
        return f"delivered the authorization response to {shown(url)} (it answered {status})"

    def _log_in_if_asked(self, url, page, account, password):
        """Signs in when the page is our login page; returns the next (url, answer, page) or None."""
        forms = self._forms(page)
        login = next((form for form in forms.forms if form["id"] == "login-form"), None)
        if login is None:
            return None
        if any("did not match an active account" in text for text in forms.texts):
            raise Refused("the login page refused the account and password")
        fields = dict(login["fields"], username=account, password=password)
        target = urljoin(url, login["action"] or url)
        answer, page = self._send("POST", target, fields)
        return target, answer, page

    def authorize(self, url, account, password, consent):
        answer, page = self._send("GET", url)
        logged_in = False
        for _ in range(_MAX_STEPS):
            if answer.is_redirect:
                target = urljoin(url, answer.headers["Location"])
                if origin(target) != self.server:
                    return self._deliver(target)
                url = target
                answer, page = self._send("GET", url)
                continue
            if answer.status_code != 200:
                raise Refused(f"{shown(url)} answered {answer.status_code}")
            step = self._log_in_if_asked(url, page, account, password)
            if step is not None:
                if logged_in:
                    raise Refused("the login page refused the account and password")
                logged_in = True
                url, answer, page = step
                continue
            forms = self._forms(page)
            consent_form = next((form for form in forms.forms if form["id"] == "authorizationForm"), None)
            if consent_form is None:
                heading = next((text for text in forms.texts if text.strip().startswith("Error:")), None)
                if heading is not None:
                    raise Refused(f"the server refused the authorization request: {_word(heading[6:])}")
                raise Refused(f"{shown(url)} is neither the login page nor the consent page")
            fields = dict(consent_form["fields"])
            if consent == "allow":
                fields["allow"] = "Authorize"
            answer, page = self._send("POST", urljoin(url, consent_form["action"] or url), fields)
        raise Refused(f"more than {_MAX_STEPS} pages without reaching the redirect")

    def device(self, url, user_code, account, password, deny):
        answer, page = self._send("GET", url)
        logged_in = False
        for _ in range(_MAX_STEPS):
            if answer.is_redirect:
                url = urljoin(url, answer.headers["Location"])
                answer, page = self._send("GET", url)
                continue
            if answer.status_code != 200:
                raise Refused(f"{shown(url)} answered {answer.status_code}")
            step = self._log_in_if_asked(url, page, account, password)
            if step is not None:
                if logged_in:
                    raise Refused("the login page refused the account and password")
                logged_in = True
                url, answer, page = step
                continue
            forms = self._forms(page)
            form = forms.forms[0] if forms.forms else None
            if form is not None and "user_code" in form["fields"]:
                if any("Incorrect user code" in text or "Expired user code" in text
                       or "already been used" in text for text in forms.texts):
                    raise Refused("the verification page refused the user code")
                fields = dict(form["fields"], user_code=user_code)
                answer, page = self._send("POST", urljoin(url, form["action"] or url), fields)
                continue
            if form is not None and "csrfmiddlewaretoken" in form["fields"]:
                fields = dict(form["fields"], action="deny" if deny else "accept")
                answer, page = self._send("POST", urljoin(url, form["action"] or url), fields)
                continue
            status = " ".join(" ".join(forms.texts).split())
            match = re.search(r"Device (Authorized|Denied)", status)
            if match:
                return f"the device was {match.group(1).lower()}"
            raise Refused(f"{shown(url)} is not a page of the device flow")
        raise Refused(f"more than {_MAX_STEPS} pages without an answer for the device")


def main(argv):
    try:
        arguments = arguments_of(argv)
        if arguments.command == "session":
            raise Refused("the scripted browser keeps no session between runs: use the headless browser")
        browser = ScriptedBrowser(arguments.url)
        if arguments.command == "authorize":
            print(browser.authorize(arguments.url, arguments.account, arguments.password, arguments.consent))
        else:
            print(browser.device(arguments.url, arguments.user_code, arguments.account, arguments.password,
                                 arguments.deny))
        return 0
    except Refused as refusal:
        print(f"scripted_browser: {refusal}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
