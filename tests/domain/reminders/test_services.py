"""Subscriptions, rounds and chunks on the database (no push service: tests/domain/
reminders/test_push_end_to_end.py pushes for real)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from challenges.errors import PushServiceUnknown, RemindersNotOffered, SubscriptionInvalid
from challenges.models import PushSubscription, Reminder, ReminderRound, Run
from challenges.reminders import services
from challenges.reminders.selectors import reminders_offered
from challenges.slots import slot_closes_at, slot_number, slot_opens_at
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory, at
from tests.push_service import Browser

pytestmark = pytest.mark.django_db

MORNING = at("2026-11-20T08:01:00")  # a slot opened at 08:00 UTC a minute ago


@pytest.fixture(autouse=True)
def _loopback_push(settings: Any) -> None:
    settings.PUSH_SERVICE_HOSTS = ["push.example"]


def _finished(player: Any) -> None:
    RunFactory(player=player, challenge=ChallengeFactory(), status=Run.Status.FINISHED)


def _subscribe(name: str, *, zone: str = "Europe/Paris", kinds: list[str] | None = None) -> Any:
    player = UserFactory(username=name)
    _finished(player)
    browser = Browser(name=name, endpoint=f"https://push.example/{name}")
    return services.subscription_save(
        player_id=player.pk,
        endpoint=browser.endpoint,
        p256dh=browser.p256dh,
        auth="AAAAAAAAAAAAAAAAAAAAAA",
        language="fr",
        time_zone=zone,
        kinds=kinds if kinds is not None else [kind.value for kind in Reminder],
        now=MORNING,
    )


def test_reminders_are_offered_after_the_first_finished_run_and_not_before() -> None:
    player = UserFactory()
    RunFactory(player=player, challenge=ChallengeFactory())  # started, never finished
    assert not reminders_offered(player_id=player.pk)
    with pytest.raises(RemindersNotOffered):
        services.subscription_save(
            player_id=player.pk,
            endpoint="https://push.example/x",
            p256dh="k",
            auth="a",
            language="fr",
            time_zone="UTC",
            kinds=[],
        )
    _finished(player)
    assert reminders_offered(player_id=player.pk)


def test_only_the_known_push_services_are_ever_sent_a_request(settings: Any) -> None:
    player = UserFactory()
    _finished(player)
    for endpoint in (
        "https://169.254.169.254/latest/meta-data",
        "https://push.example.evil.test/x",
        "https://evilpush.example/x",
        "ftp://push.example/x",
    ):
        with pytest.raises(PushServiceUnknown):
            services.subscription_save(
                player_id=player.pk,
                endpoint=endpoint,
                p256dh="k",
                auth="a",
                language="fr",
                time_zone="UTC",
                kinds=[],
            )
    settings.PRODUCTION = True  # plain http only outside production
    with pytest.raises(PushServiceUnknown):
        services.subscription_save(
            player_id=player.pk,
            endpoint="http://push.example/x",
            p256dh="k",
            auth="a",
            language="fr",
            time_zone="UTC",
            kinds=[],
        )
    with pytest.raises(SubscriptionInvalid):
        _subscribe("odd", kinds=["birthday"])


def test_an_endpoint_is_one_browsers_and_saving_again_updates_it() -> None:
    first = _subscribe("ana")
    other = UserFactory(username="ben")
    _finished(other)
    again = services.subscription_save(
        player_id=other.pk,
        endpoint=first.endpoint,
        p256dh=first.p256dh,
        auth=first.auth,
        language="xx",  # not a language of the site: English
        time_zone="Europe/Berlin",
        kinds=["streak_ending"],
    )
    assert PushSubscription.objects.count() == 1
    assert (again.player_id, again.language, again.time_zone) == (other.pk, "en", "Europe/Berlin")
    assert (again.new_challenge, again.streak_ending) == (False, True)
    assert not services.subscription_remove(player_id=first.player_id, endpoint=first.endpoint)
    assert services.subscription_remove(player_id=other.pk, endpoint=first.endpoint)


def test_a_round_starts_once_and_only_when_due() -> None:
    assert services.reminder_round_start(kind=Reminder.NEW_CHALLENGE, now=MORNING) is not None
    assert services.reminder_round_start(kind=Reminder.NEW_CHALLENGE, now=MORNING) is None
    assert services.reminder_round_start(kind=Reminder.STREAK_ENDING, now=MORNING) is None
    assert ReminderRound.objects.count() == 1


def test_the_fan_out_skips_the_quiet_the_unwilling_and_the_reminded_today() -> None:
    awake = [_subscribe(f"p{n}") for n in range(5)]
    asleep = _subscribe("asleep", zone="America/Los_Angeles")
    _subscribe("unwilling", kinds=["streak_ending"])
    slot = slot_number(at=MORNING)
    chunks = services.reminder_round_chunks(
        kind=Reminder.NEW_CHALLENGE, slot=slot, now=MORNING, size=2
    )
    assert [len(chunk.ids) for chunk in chunks] == [2, 2, 1]
    assert sorted(i for chunk in chunks for i in chunk.ids) == sorted(s.pk for s in awake)
    assert {str(chunk.day) for chunk in chunks} == {"2026-11-20"}
    # Claimed once: a chunk delivered twice (a redelivered task) finds nobody left.
    claimed = services._claim(chunks[0].ids, chunks[0].day, MORNING)
    assert len(claimed) == 2
    assert services._claim(chunks[0].ids, chunks[0].day, MORNING) == []
    # Eight hours on (their same date), another round passes the two reminded by; Los
    # Angeles is awake by then (08:01 there).
    later = services.reminder_round_chunks(
        kind=Reminder.NEW_CHALLENGE, slot=slot, now=MORNING + timedelta(hours=8), size=10
    )
    expected = sorted(s.pk for s in [*awake[2:], asleep])
    assert sorted(i for chunk in later for i in chunk.ids) == expected


def test_the_streak_reminder_goes_to_those_whose_streak_this_slot_would_end() -> None:
    slot = slot_number(at=MORNING)
    before = ChallengeFactory(number=slot - 1)
    now_open = ChallengeFactory(number=slot)
    keeps = _subscribe("keeps")  # submitted the last slot, not this one: warned
    done = _subscribe("done")  # submitted both: nothing to warn about
    _subscribe("none")  # no streak to end
    voided = _subscribe("voided")  # the last slot's entry was voided: no streak
    EntryFactory(challenge=before, player=keeps.player, submitted_at=before.opens_at)
    EntryFactory(challenge=before, player=done.player, submitted_at=before.opens_at)
    EntryFactory(challenge=now_open, player=done.player, submitted_at=now_open.opens_at)
    EntryFactory(
        challenge=before,
        player=voided.player,
        submitted_at=before.opens_at,
        voided_at=before.opens_at,
    )
    warning = slot_closes_at(number=slot) - timedelta(minutes=59)
    chunks = services.reminder_round_chunks(kind=Reminder.STREAK_ENDING, slot=slot, now=warning)
    assert [i for chunk in chunks for i in chunk.ids] == [keeps.pk]
    assert slot_opens_at(number=slot) < warning


def test_the_payload_is_a_catalog_key_with_values_never_words() -> None:
    payload = services.reminder_payload(
        kind=Reminder.STREAK_ENDING, slot=1000, language="fr", url="/play/"
    )
    assert payload == (
        b'{"key":"streak_ending","values":{"number":1000,"closes":%d},"lang":"fr","url":"/play/"}'
        % int(slot_closes_at(number=1000).timestamp())
    )
