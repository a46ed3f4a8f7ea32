"""Reminders on a phone, in a real Chromium.

- The offer is not on the play page before a run, nor in the settings; it comes on the
  end screen of the player's first finished run, and the settings then offer the switch
  with the quiet hours in the player's words.
- The site's service worker says a push in the subscriber's language: a push delivered to
  the real worker through the DevTools protocol (what a push service would hand it)
  becomes a French notification whose click opens the play page.

What cannot be tested here: Chromium's ``pushManager.subscribe`` needs its push service
(Google's, on the internet), which this machine does not reach; the test asserts what the
page does with the answer it gets (in CI, a failure it says in words; a subscription
the server keeps, if the service is reached). The encrypted path from the server to a
push service is tests/domain/reminders/test_push_end_to_end.py. The click on a shown
notification has no DevTools command; tests/js/lib/reminders.test.mjs runs the handler.

Screenshot: ``reminder-offer-phone.png``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.devices import PHONE
from tests.e2e.play_helpers import end_run, tour_seen

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

STANDING_URL = re.compile(r"/api/runs/[^/]+/standing/")
NOT_YET = "Reminders are offered once you have finished a run."
FAILED = "Reminders could not be turned on in this browser."
ON = "Reminders are on in this browser."


@pytest.fixture
def phone(browser: Browser, site_clock: Any) -> Iterator[BrowserContext]:
    # The site's worker registered (reminders need one) and notifications allowed, as a
    # player who said yes to the browser's question would have them.
    context = browser.new_context(**PHONE, service_workers="allow", permissions=["notifications"])
    tour_seen(context)
    thrown: list[str] = []
    context.on("weberror", lambda error: thrown.append(str(error.error)))
    yield context
    context.close()
    assert not thrown, f"a page threw: {thrown}"


def _until(page: Page, done: Any, what: str, tries: int = 100) -> None:
    for _ in range(tries):
        if done():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{what}: not within {tries / 10} s")


def _settings_say(page: Page, site_url: str) -> str:
    page.goto(f"{site_url}/accounts/settings/")
    status = page.locator("#reminders-state")
    expect(status).not_to_be_empty()
    return str(status.text_content())


def test_the_offer_comes_after_the_first_finished_run_and_not_before(
    phone: BrowserContext,
    site_url: str,
    open_challenge: Any,
    make_player: Any,
    login: Any,
    screenshot: Any,
    site_clock: Any,
) -> None:
    from challenges.models import PushSubscription

    phone.clock.install(time=site_clock.now())  # the pages on the site's time, as it runs
    user, password = make_player()
    page = phone.new_page()
    login(page, user.username, password)

    # Before any run: no offer on the play page, none in the settings.
    expect(page.locator("#start-button")).to_be_visible()
    expect(page.locator("[data-testid='reminder-offer']")).to_be_hidden()
    assert page.request.get(f"{site_url}/api/reminders/").json()["offered"] is False
    assert _settings_say(page, site_url) == NOT_YET
    expect(page.locator("[data-testid='reminders-controls']")).to_be_hidden()
    expect(page.locator("#reminders-quiet")).to_have_text(
        # The reader's way of writing times (English: 12-hour, with a narrow space).
        re.compile(r"^Quiet hours: from 10:00\sPM to 8:00\sAM by your clock\.$")
    )

    # A run, one tile placed with a finger, ended: the end screen offers reminders.
    page.goto(f"{site_url}/play/")
    page.locator("#start-button").tap()
    page.locator(".tray-tile").first.tap()
    origin = page.locator("#board .board__open [data-cell='0,0']")
    box = origin.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.6)
    expect(page.locator("#board .board__tiles .tile[data-cell='0,0']")).to_have_count(1)
    expect(page.locator("[data-testid='reminder-offer']")).to_be_hidden()  # not while playing
    with page.expect_response(STANDING_URL):
        end_run(page, tap=True)
    offer = page.locator("[data-testid='reminder-offer']")
    expect(offer).to_be_visible()
    offer.scroll_into_view_if_needed()
    screenshot(page, "reminder-offer-phone", full_page=False)

    # Yes: the browser is asked for a subscription with the site's key. Headless Chromium
    # here reaches no push service; the page says so, and the server keeps nothing.
    page.locator("#reminder-yes").tap()
    status = page.locator("[data-testid='reminder-status']")
    expect(status).to_have_text(
        re.compile(f"^({re.escape(FAILED)}|{re.escape(ON)})$"), timeout=30_000
    )
    if status.text_content() == FAILED:
        assert not PushSubscription.objects.exists()
    else:  # a push service was reached: the server has this browser, in English
        kept = PushSubscription.objects.get()
        assert (kept.player_id, kept.language) == (user.pk, "en")

    # The settings now offer the switch.
    assert _settings_say(page, site_url) in {
        "Reminders are off in this browser.",
        ON,
    }
    expect(page.locator("[data-testid='reminders-switch']")).to_be_visible()


def test_the_service_worker_says_a_push_in_the_subscribers_language(
    phone: BrowserContext, site_url: str, open_challenge: Any
) -> None:
    page = phone.new_page()
    page.goto(f"{site_url}/")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    cdp = phone.new_cdp_session(page)
    registrations: list[str] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(
            r["registrationId"] for r in event["registrations"] if r["scopeURL"] == f"{site_url}/"
        ),
    )
    cdp.send("ServiceWorker.enable")
    _until(page, lambda: bool(registrations), "the site's worker's registration")
    payload = {"key": "new_challenge", "values": {"number": 42}, "lang": "fr", "url": "/play/"}
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": site_url, "registrationId": registrations[0], "data": json.dumps(payload)},
    )
    notifications = (
        "() => navigator.serviceWorker.ready.then((r) => r.getNotifications())"
        ".then((all) => all.map((n) => [n.title, n.body, n.lang, n.data.url]))"
    )
    _until(page, lambda: bool(page.evaluate(notifications)), "the notification")
    shown = page.evaluate(notifications)
    assert shown == [
        [
            "Un nouveau défi est ouvert",
            "Le défi 42 est distribué : les mêmes pièces pour tout le monde.",
            "fr",
            "/play/",
        ]
    ]


def test_the_settings_below_the_reminders_stay_put_while_they_arrive(
    phone: BrowserContext, site_url: str, make_player: Any, login: Any
) -> None:
    # The reminders' lines come from a request of their own after the page; what is
    # below them (the tokens, their Copy button) must not move under a finger.
    user, password = make_player()
    page = phone.new_page()
    login(page, user.username, password)
    held: list[Any] = []
    page.route("**/api/reminders/", lambda route: held.append(route))
    page.goto(f"{site_url}/accounts/settings/")
    _until(page, lambda: bool(held), "the reminders' request")
    tokens = page.locator("#tokens-title")
    before = tokens.bounding_box()
    assert before is not None
    held[0].continue_()
    expect(page.locator("#reminders-state")).to_have_text(NOT_YET)
    expect(page.locator("#reminders-quiet")).to_contain_text("Quiet hours")
    after = tokens.bounding_box()
    assert after is not None
    assert abs(after["y"] - before["y"]) < 1, (before, after)
