"""The Content-Security-Policy in a real Chromium: every page sends it, and nothing the
site does breaks it (no inline script or style, no eval, nothing from elsewhere).

Each page is watched three ways: ``securitypolicyviolation`` events (an init script,
which CSP does not govern, listens from before the page's own scripts run), the
console's "Refused to ..." errors, and uncaught page errors (a refused eval throws).
The pages are used, not only loaded: a run is started, a replay played, a chart
hovered, a token made, copied, rotated and revoked, the API docs rendered.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, Response, expect

from challenges.models import Challenge, Run
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, challenge_log

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

_LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(
    `${event.violatedDirective} blocked ${event.blockedURI || "(inline)"} ` +
    `at ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
});
"""


@dataclass
class CspWatch:
    page: Page
    site_url: str
    problems: list[str] = field(default_factory=list)
    pages_seen: list[str] = field(default_factory=list)

    def visit(self, path: str) -> Response:
        response = self.page.goto(f"{self.site_url}{path}")
        assert response is not None
        self.header_check(response, path)
        return response

    def header_check(self, response: Response, path: str) -> None:
        policy = response.headers.get("content-security-policy", "")
        assert "script-src 'self'" in policy, f"{path}: no script-src in {policy!r}"
        assert "default-src 'self'" in policy, policy
        assert "frame-ancestors 'none'" in policy, policy
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, policy
        self.pages_seen.append(path)

    def collect(self, label: str) -> None:
        self.page.wait_for_load_state("networkidle")
        for violation in self.page.evaluate("window.__cspViolations || []"):
            self.problems.append(f"{label}: {violation}")
        self.page.evaluate("window.__cspViolations = []")

    def assert_clean(self) -> None:
        assert self.problems == [], "\n".join(self.problems)
        assert self.pages_seen


@pytest.fixture
def csp_watch(context: BrowserContext, page: Page, site_url: str) -> Iterator[CspWatch]:
    context.add_init_script(script=_LISTEN)
    watch = CspWatch(page=page, site_url=site_url)

    def on_console(message: ConsoleMessage) -> None:
        text = message.text
        if message.type == "error" and ("Content Security Policy" in text or "Refused" in text):
            watch.problems.append(f"console: {text}")

    def on_error(error: Error) -> None:
        watch.problems.append(f"page error: {error}")

    page.on("console", on_console)
    page.on("pageerror", on_error)
    yield watch


def _settings_settled(page: Page) -> None:
    """Waits, as a player does, for the settings page to stand still. The reminders'
    lines come from a request of their own after the page has loaded, and move all that
    is below them (the token's Copy button) down by a few lines: a click whose press
    comes before that move and its release after lands on nothing."""
    expect(page.locator("#reminders-state")).not_to_be_empty()


def _closed_board() -> tuple[Challenge, Run]:
    """A closed challenge with a board and a submitted run anyone may replay."""
    closed = ChallengeFactory(number=slot_number(at=timezone.now()) - 1)
    for i, score in enumerate([300, 120, 80]):
        EntryFactory(
            challenge=closed,
            score=score,
            submitted_at=closed.opens_at + timedelta(minutes=1, seconds=i),
        )
    run = RunFactory(
        challenge=closed,
        finished=True,
        started_at=closed.opens_at,
        log=challenge_log(closed, moves=14),
    )
    EntryFactory(
        challenge=closed,
        player=run.player,
        run=run,
        score=run.score,
        submitted_at=closed.opens_at + timedelta(minutes=2),
    )
    return closed, run


def test_a_visitors_pages_keep_to_the_policy(
    csp_watch: CspWatch, open_challenge: Challenge
) -> None:
    page = csp_watch.page
    closed, run = _closed_board()

    csp_watch.visit("/")
    expect(page.locator("#sample-board .tile")).not_to_have_count(0)
    csp_watch.collect("home (visitor)")

    csp_watch.visit("/how-to-play/")
    expect(page.locator("svg[data-picture='hexagon'] .tile")).to_have_count(6)
    csp_watch.collect("how to play")

    csp_watch.visit("/play/")
    expect(page.locator("#login-prompt")).to_be_visible()
    csp_watch.collect("play (visitor)")

    csp_watch.visit("/challenges/")
    expect(page.locator("[data-testid=history] tbody tr")).to_have_count(2)
    csp_watch.collect("history")

    csp_watch.visit(f"/challenges/{closed.pk}/")
    expect(page.locator("[data-testid=histogram] rect.bar").first).to_be_visible()
    csp_watch.collect("leaderboard")

    csp_watch.visit(f"/runs/{run.id}/replay/")
    expect(page.locator("[data-testid=replay-moves] li")).to_have_count(len(run.log["moves"]))
    page.locator("#replay-speed").select_option(label="Fast")
    page.get_by_role("button", name="Play").click()
    expect(page.locator("#replay-board .board__tiles .tile").first).to_be_visible()
    csp_watch.collect("replay")

    csp_watch.visit(f"/players/{run.player.username}/")
    page.locator("[data-testid=score-chart] circle.dot").first.hover()
    expect(page.locator(".chart-tip")).to_be_visible()
    csp_watch.collect("player")

    for path, heading in [
        ("/accounts/login/", "Log in"),
        ("/accounts/signup/", "Sign up to play"),
        ("/accounts/logged-out/", "You're logged out"),
    ]:
        csp_watch.visit(path)
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        csp_watch.collect(path)

    missing = csp_watch.visit("/challenges/999999/")
    assert missing.status == 404
    csp_watch.collect("404")

    csp_watch.visit("/api/docs/")
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible(timeout=15_000)
    page.locator(".swagger-ui .opblock-summary").first.click()
    csp_watch.collect("API docs")

    csp_watch.visit("/admin/login/")
    expect(page.locator("#id_username")).to_be_visible()
    csp_watch.collect("admin log-in")

    csp_watch.assert_clean()


def test_a_players_pages_keep_to_the_policy(
    csp_watch: CspWatch,
    open_challenge: Challenge,
    make_player: Callable[..., tuple[Any, str]],
    login: Callable[[Page, str, str], None],
    screenshot: Callable[..., Any],
) -> None:
    page = csp_watch.page
    # The copy needs the clipboard's permission for the site's origin, and a focused
    # document: Chromium refuses writeText to a page without the focus, which a busy
    # machine's other windows can take (the page then selects the token instead).
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=csp_watch.site_url)
    user, password = make_player()
    login(page, user.username, password)

    csp_watch.visit("/play/")
    with page.expect_response(re.compile(r"/api/challenges/\d+/runs/$")) as started:
        page.locator("#start-button").click()
    assert started.value.status == 201
    expect(page.locator(".tray-tile")).to_have_count(9)
    csp_watch.collect("play (a run started)")

    csp_watch.visit(f"/challenges/{open_challenge.pk}/")
    csp_watch.collect("leaderboard (player)")

    settings = csp_watch.visit("/accounts/settings/")
    assert settings.status == 200
    expect(page.get_by_test_id("no-tokens")).to_be_visible()
    page.fill("input[name=name]", "my bot")
    with page.expect_response(re.compile(r"/accounts/settings/tokens/$")) as made:
        page.get_by_role("button", name="Make a new token").click()
    csp_watch.header_check(made.value, "/accounts/settings/tokens/")
    secret = page.get_by_test_id("token-secret").inner_text()
    assert secret.startswith("tod_")
    page.bring_to_front()
    assert page.evaluate("() => document.hasFocus()"), "the page has the focus to copy"
    _settings_settled(page)
    page.get_by_role("button", name="Copy").click()
    expect(page.locator("[data-copied]")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == secret
    rows = page.locator("[data-testid=tokens] tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(secret[:12])
    expect(rows.first).not_to_contain_text(secret[12:])
    screenshot(page, "accounts-settings-token-made")
    csp_watch.collect("settings (token made)")

    page.get_by_role("button", name=re.compile(r"^Rotate ")).click()
    rotated = page.get_by_test_id("token-secret").inner_text()
    assert rotated != secret
    expect(rows.first).to_contain_text("my bot")
    csp_watch.collect("settings (token rotated)")

    page.set_viewport_size({"width": 360, "height": 740})
    screenshot(page, "accounts-settings-phone")
    page.get_by_role("button", name=re.compile(r"^Revoke ")).click()
    page.get_by_role("button", name="Yes, revoke it").click()
    expect(page.get_by_test_id("no-tokens")).to_be_visible()
    expect(page.locator(".messages")).to_contain_text("revoked")
    csp_watch.collect("settings (token revoked)")

    csp_watch.assert_clean()


def test_a_token_is_copied_when_the_clipboard_api_refuses(
    csp_watch: CspWatch,
    make_player: Callable[..., tuple[Any, str]],
    login: Callable[[Page, str, str], None],
) -> None:
    """Where writeText is refused (no permission, no focus), the page copies the
    selected token the browser's own way, and says so only then."""
    page = csp_watch.page
    page.context.grant_permissions(["clipboard-read"], origin=csp_watch.site_url)
    user, password = make_player()
    login(page, user.username, password)
    csp_watch.visit("/accounts/settings/")
    page.fill("input[name=name]", "my bot")
    page.get_by_role("button", name="Make a new token").click()
    secret = page.get_by_test_id("token-secret").inner_text()
    page.evaluate(
        "() => { navigator.clipboard.writeText = () => Promise.reject(new Error('refused')); }"
    )
    page.bring_to_front()
    _settings_settled(page)
    page.get_by_role("button", name="Copy").click()
    expect(page.locator("[data-copied]")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == secret
    csp_watch.collect("settings (token copied without the clipboard API)")
    csp_watch.assert_clean()


def test_the_admins_token_pages_keep_to_the_policy(
    csp_watch: CspWatch, make_player: Callable[..., tuple[Any, str]]
) -> None:
    from accounts.models import ApiToken
    from accounts.services import api_token_create

    page = csp_watch.page
    admin, password = make_player(username="root")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    issued = api_token_create(user=admin, origin=ApiToken.Origin.SETTINGS, name="ops")

    csp_watch.visit("/admin/login/")
    page.fill("#id_username", "root")
    page.fill("#id_password", password)
    with page.expect_navigation():
        page.locator("input[type=submit]").click()
    csp_watch.collect("admin index")
    csp_watch.visit("/admin/accounts/apitoken/")
    expect(page.locator("#result_list")).to_contain_text(issued.token.prefix)
    csp_watch.collect("admin tokens")
    csp_watch.visit(f"/admin/accounts/apitoken/{issued.token.pk}/change/")
    expect(page.locator("#content")).to_contain_text("ops")
    csp_watch.collect("admin token")
    csp_watch.assert_clean()


def test_the_watch_sees_a_violation_when_there_is_one(csp_watch: CspWatch) -> None:
    """The other tests' silence means something: an inline script, an inline style and
    an eval, put on a page by hand, are each refused and reported."""
    page = csp_watch.page
    # A script of the site's own origin (allowed) that tries eval (refused). DevTools'
    # own evaluation is exempt from CSP, so the eval must come from a page script.
    page.route(
        "**/static/csp-probe.js",
        lambda route: route.fulfill(
            content_type="text/javascript",
            body="try { eval('1'); window.__evalRan = true; }"
            " catch (refused) { window.__evalRefused = true; }",
        ),
    )
    csp_watch.visit("/accounts/login/")
    page.evaluate(
        """() => {
          const script = document.createElement("script");
          script.textContent = "window.__ran = true;";
          document.body.append(script);
          document.body.setAttribute("style", "outline: 3px solid red");
          const loader = document.createElement("script");
          loader.type = "module";
          loader.src = "data:text/javascript,window.__ran2 = true";
          document.body.append(loader);
          const probe = document.createElement("script");
          probe.src = "/static/csp-probe.js";
          document.body.append(probe);
        }"""
    )
    page.wait_for_function("window.__evalRefused || window.__evalRan")
    csp_watch.collect("login, tampered")
    assert page.evaluate("window.__ran === undefined && window.__ran2 === undefined")
    assert page.evaluate("window.__evalRefused === true && window.__evalRan === undefined")
    found = "\n".join(csp_watch.problems)
    assert "script-src" in found and "inline" in found, found
    assert "style-src" in found, found
    assert "data" in found, found
    assert "eval" in found, found
