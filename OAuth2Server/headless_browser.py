#!/usr/bin/env python3
"""A real browser for the tests: headless Chromium, driven by selenium
through Debian's chromium-driver, playing the person on the OAuth 2.0 test
server's own pages (docs/oauth2-server.md, "The headless browser"). Run it
through scripts/headless-browser, which installs what it needs.

    headless-browser authorize URL --account ID --password P [--consent allow|deny]
    headless-browser device VERIFICATION_URI --user-code CODE --account ID --password P [--deny]
    SCRIPTED_BROWSER_ACCOUNT=ID SCRIPTED_BROWSER_PASSWORD=P [SCRIPTED_BROWSER_CONSENT=allow|deny] \\
        headless-browser URL             (as $BROWSER: the same as `authorize URL`)
    headless-browser session URL         (is the browser signed in to the server at URL's origin?)

`authorize` also answers the server's "Confirm Logout" page (OpenID Connect
RP-Initiated Logout: the same form as consent, "Logout" for allow), so the
$BROWSER form follows an app's logout to the loopback listener too.

Each run is a fresh Chromium profile, unless HEADLESS_BROWSER_PROFILE names
a directory: then that profile is used and kept, cookies and all, as a
person's browser keeps its sign-in to the server between the app's sign-in
and its logout.

The same commands, arguments, output and exit statuses as
scripted_browser.py, but the pages are rendered and the forms filled in and
submitted by Chromium itself, so the redirect to the loopback listener is
Chromium's own navigation. It prints nothing secret (no code, token,
password or URL query); exit 0 with one line on stdout, else 1 with one line
on stderr. It gives up after 60 s.
"""

import os
import re
import shutil
import sys
import tempfile
import time
from urllib.parse import urlsplit

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_cli import Refused, arguments_of, origin, shown  # noqa: E402  (the same CLI)

_DEADLINE_SECONDS = 60
_LOOPBACK_IPS = ("127.0.0.1", "::1")


def _chromium(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--disable-gpu", "--no-first-run", "--disable-extensions",
                     "--disable-dev-shm-usage", f"--user-data-dir={profile}"):
        options.add_argument(argument)
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")  # Chromium refuses to run as root with its sandbox
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


class HeadlessBrowser:
    def __init__(self, driver, start_url):
        if urlsplit(start_url).scheme not in ("http", "https") or urlsplit(start_url).hostname is None:
            raise Refused("the URL is not an http(s) URL")
        self.driver = driver
        self.server = origin(start_url)
        self.deadline = time.monotonic() + _DEADLINE_SECONDS

    def _find(self, how, what):
        try:
            return self.driver.find_element(how, what)
        except NoSuchElementException:
            return None

    def _submit(self, button):
        """Clicks and waits until the page it was on is gone."""
        page = self.driver.find_element(By.TAG_NAME, "html")
        button.click()
        while time.monotonic() < self.deadline:
            try:
                page.is_enabled()  # raises once the page was replaced
            except WebDriverException:
                self._wait_until_loaded()
                return
            time.sleep(0.05)
        raise Refused(f"no answer within {_DEADLINE_SECONDS} s")

    def _wait_until_loaded(self):
        while time.monotonic() < self.deadline:
            try:
                if self.driver.execute_script("return document.readyState") == "complete":
                    return
            except WebDriverException:
                pass
            time.sleep(0.05)
        raise Refused(f"no answer within {_DEADLINE_SECONDS} s")

    def _log_in_if_asked(self, account, password, logged_in):
        form = self._find(By.ID, "login-form")
        if form is None:
            return False
        if logged_in or self._find(By.ID, "login-error") is not None:
            raise Refused("the login page refused the account and password")
        self.driver.find_element(By.ID, "id_username").send_keys(account)
        self.driver.find_element(By.ID, "id_password").send_keys(password)
        self._submit(self.driver.find_element(By.ID, "login-submit"))
        return True

    def _steps(self):
        while time.monotonic() < self.deadline:
            yield self.driver.current_url
        raise Refused(f"no answer within {_DEADLINE_SECONDS} s")

    def authorize(self, url, account, password, consent):
        self.driver.get(url)
        logged_in = False
        for current in self._steps():
            if origin(current) != self.server:
                parts = urlsplit(current)
                if parts.scheme != "http" or parts.hostname not in _LOOPBACK_IPS:
                    raise Refused(f"the server redirected to {shown(current)}, not to a loopback IP")
                return f"delivered the authorization response to {shown(current)}"
            if self._log_in_if_asked(account, password, logged_in):
                logged_in = True
                continue
            form = self._find(By.ID, "authorizationForm")
            if form is not None:
                if consent == "allow":
                    button = form.find_element(By.NAME, "allow")
                else:
                    button = form.find_element(By.CSS_SELECTOR, "input[type=submit]:not([name])")
                self._submit(button)
                continue
            heading = self._find(By.TAG_NAME, "h2")
            if heading is not None and heading.text.startswith("Error:"):
                word = re.sub(r"[^A-Za-z0-9_.-]", "", heading.text[6:])[:40] or "unknown"
                raise Refused(f"the server refused the authorization request: {word}")
            raise Refused(f"{shown(current)} is neither the login page nor the consent page")

    def device(self, url, user_code, account, password, deny):
        self.driver.get(url)
        logged_in = False
        for current in self._steps():
            if origin(current) != self.server:
                raise Refused(f"the server sent the browser to another origin ({shown(current)})")
            if self._log_in_if_asked(account, password, logged_in):
                logged_in = True
                continue
            text = self.driver.find_element(By.TAG_NAME, "body").text
            field = self._find(By.NAME, "user_code")
            if field is not None:
                if re.search(r"Incorrect user code|Expired user code|already been used", text):
                    raise Refused("the verification page refused the user code")
                field.clear()
                field.send_keys(user_code)
                self._submit(self.driver.find_element(By.CSS_SELECTOR, "button[type=submit]"))
                continue
            action = self._find(By.CSS_SELECTOR, f"button[name=action][value={'deny' if deny else 'accept'}]")
            if action is not None:
                self._submit(action)
                continue
            match = re.search(r"Device (Authorized|Denied)", text)
            if match:
                return f"the device was {match.group(1).lower()}"
            raise Refused(f"{shown(current)} is not a page of the device flow")

    def session(self, url):
        """Opens the server's device page, which needs a login: the login page
        means the browser is not signed in to the server."""
        parts = urlsplit(url)
        self.driver.get(f"{parts.scheme}://{parts.netloc}/o/device/")
        self._wait_until_loaded()
        if origin(self.driver.current_url) != self.server:
            raise Refused(f"the server sent the browser to another origin ({shown(self.driver.current_url)})")
        if self._find(By.ID, "login-form") is not None:
            return "the browser is not signed in to the server"
        return "the browser is signed in to the server"


def main(argv):
    try:
        arguments = arguments_of(argv)
        kept_profile = os.environ.get("HEADLESS_BROWSER_PROFILE")
        if kept_profile:
            os.makedirs(kept_profile, mode=0o700, exist_ok=True)
        profile = kept_profile or tempfile.mkdtemp(prefix="headless-browser-")
        try:
            try:
                driver = _chromium(profile)
            except WebDriverException as error:
                raise Refused(f"cannot start headless Chromium: {type(error).__name__}") from None
            try:
                browser = HeadlessBrowser(driver, arguments.url)
                if arguments.command == "authorize":
                    line = browser.authorize(arguments.url, arguments.account, arguments.password, arguments.consent)
                elif arguments.command == "session":
                    line = browser.session(arguments.url)
                else:
                    line = browser.device(arguments.url, arguments.user_code, arguments.account, arguments.password,
                                          arguments.deny)
            except WebDriverException as error:
                raise Refused(f"Chromium failed: {type(error).__name__}") from None
            finally:
                driver.quit()
        finally:
            if not kept_profile:
                shutil.rmtree(profile, ignore_errors=True)
        print(line)
        return 0
    except Refused as refusal:
        print(f"headless-browser: {refusal}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
