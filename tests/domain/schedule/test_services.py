from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connections
from django.test import override_settings

from challenges.models import Challenge
from challenges.schedule.services import (
    challenge_current_ensure,
    challenge_ensure,
    challenge_seed,
    challenge_tiles_deal,
    challenges_ensure_ahead,
)
from challenges.slots import slot_number, slot_opens_at
from tests.factories import (
    at,
)
from triominos import TILE_IDS

pytestmark = pytest.mark.django_db


NOON = at("2026-11-21T12:00:00")


def test_challenge_ensure_deals_all_56_tiles_and_stores_them() -> None:
    challenge = challenge_ensure(number=973)
    assert len(challenge.tray) == 9
    assert len(challenge.well) == 47
    assert sorted(challenge.tray + challenge.well) == sorted(TILE_IDS)
    assert challenge.opens_at == slot_opens_at(number=973)
    assert challenge.closes_at == challenge.opens_at + timedelta(hours=8)
    assert challenge.pk == challenge.number == 973
    stored = Challenge.objects.get(number=973)
    assert (stored.tray, stored.well, stored.seed) == (
        challenge.tray,
        challenge.well,
        challenge.seed,
    )


def test_challenge_ensure_is_idempotent() -> None:
    first = challenge_ensure(number=10)
    second = challenge_ensure(number=10)
    assert first.pk == second.pk
    assert (first.tray, first.well) == (second.tray, second.well)
    assert Challenge.objects.filter(number=10).count() == 1


def test_the_stored_row_wins_over_the_generator() -> None:
    made = challenge_ensure(number=11)
    Challenge.objects.filter(pk=made.pk).update(tray=list(reversed(made.tray)))
    assert challenge_ensure(number=11).tray == list(reversed(made.tray))


def test_challenge_tiles_depend_on_the_slot_and_the_secret() -> None:
    seeds = {challenge_seed(number=n) for n in range(50)}
    assert len(seeds) == 50
    deals = {tuple(challenge_tiles_deal(seed=s)[0]) for s in seeds}
    assert len(deals) == 50
    ours = challenge_seed(number=3)
    with override_settings(CHALLENGE_SECRET="another-secret"):
        theirs = challenge_seed(number=3)
    assert theirs != ours
    assert challenge_seed(number=3) == ours


def test_challenge_current_ensure_follows_the_clock() -> None:
    before = challenge_current_ensure(now=at("2026-11-21T07:59:59.999"))
    after = challenge_current_ensure(now=at("2026-11-21T08:00:00"))
    assert after.number == before.number + 1
    assert after.opens_at == at("2026-11-21T08:00:00")


def test_challenges_ensure_ahead_makes_the_current_and_next_slots() -> None:
    made = challenges_ensure_ahead(ahead=2, now=NOON)
    current = slot_number(at=NOON)
    assert [c.number for c in made] == [current, current + 1, current + 2]
    challenges_ensure_ahead(ahead=2, now=NOON)
    assert Challenge.objects.count() == 3


@pytest.mark.django_db(transaction=True)
def test_challenge_ensure_survives_a_race(postgres: None) -> None:
    threads_count = 8
    barrier = threading.Barrier(threads_count)
    made: list[int] = []
    errors: list[BaseException] = []

    def make() -> None:
        try:
            barrier.wait()
            made.append(challenge_ensure(number=500).pk)
        except BaseException as error:
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=make) for _ in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert made == [500] * threads_count
    assert Challenge.objects.filter(number=500).count() == 1
