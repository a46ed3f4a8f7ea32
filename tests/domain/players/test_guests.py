"""Guests: a guest plays real runs, never reaches a board, an account claims
its runs before results_at, and unclaimed guests go after a week."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from challenges import tasks
from challenges.errors import GuestRunNotSubmittable
from challenges.models import Challenge, Guest, Run
from challenges.moderation.entries import entry_submit
from challenges.play.services import run_start
from challenges.players import guests
from challenges.players.services import guest_create, guest_runs_claim
from challenges.players.sharing import run_shareable
from challenges.players.today import challenge_today
from tests.factories import ChallengeFactory, UserFactory, challenge_log
from tests.playing import run_played

pytestmark = pytest.mark.django_db


def _guest_run(challenge: Challenge, guest: Guest) -> Run:
    run = run_start(player_id=guest.user.pk, challenge_id=challenge.pk)
    return run_played(run, challenge_log(challenge, moves=6))


def test_a_guest_is_a_stand_in_no_one_can_log_in_as() -> None:
    guest = guest_create()
    assert guest.user.username.startswith(guests.GUEST_NAME_PREFIX)
    assert not guest.user.has_usable_password()
    assert guests.is_guest(guest.user)
    assert guests.guest_of(guest_id=str(guest.id)) == guest
    assert guests.guest_of(guest_id="not-an-id") is None


def test_a_guest_plays_a_witnessed_run_but_cannot_submit_it(challenge: Challenge) -> None:
    guest = guest_create()
    run = _guest_run(challenge, guest)
    assert run.status == Run.Status.FINISHED
    assert run.is_eligible, "witnessed like a player's run"
    with pytest.raises(GuestRunNotSubmittable):
        entry_submit(run_id=run.pk, player_id=run.player_id)
    assert not run_shareable(run), "no public card of a guest's run"


def test_claiming_moves_the_runs_of_open_challenges_and_forgets_the_guest(
    challenge: Challenge,
) -> None:
    guest = guest_create()
    run = _guest_run(challenge, guest)
    closed = ChallengeFactory(number=challenge.number - 3)
    old = Run.objects.create(
        player=guest.user, challenge=closed, started_at=closed.opens_at, status="expired"
    )
    player = UserFactory()
    assert guest_runs_claim(guest_id=guest.pk, player_id=player.pk) == 1
    run.refresh_from_db()
    assert run.player == player
    assert not Run.objects.filter(pk=old.pk).exists(), "results out: it went with the guest"
    assert not Guest.objects.filter(pk=guest.pk).exists()
    assert not get_user_model().objects.filter(pk=guest.user_id).exists()
    entry = entry_submit(run_id=run.pk, player_id=run.player_id)
    assert entry.player == player and entry.is_live


def test_a_claim_after_results_at_moves_nothing(challenge: Challenge) -> None:
    guest = guest_create()
    _guest_run(challenge, guest)
    later = challenge.results_at + timedelta(seconds=1)
    assert guest_runs_claim(guest_id=guest.pk, player_id=UserFactory().pk, now=later) == 0


def test_claiming_twice_is_harmless(challenge: Challenge) -> None:
    guest = guest_create()
    _guest_run(challenge, guest)
    player = UserFactory()
    assert guest_runs_claim(guest_id=guest.pk, player_id=player.pk) == 1
    assert guest_runs_claim(guest_id=guest.pk, player_id=player.pk) == 0


def test_the_beat_purges_guests_nobody_claimed_within_a_week(challenge: Challenge) -> None:
    old = guest_create(now=timezone.now() - timedelta(days=8))
    Run.objects.create(player=old.user, challenge=challenge, started_at=timezone.now())
    fresh = guest_create()
    assert tasks.guests_purge_unclaimed() == 1
    assert not Guest.objects.filter(pk=old.pk).exists()
    assert not Run.objects.filter(player_id=old.user_id).exists()
    assert Guest.objects.filter(pk=fresh.pk).exists()
    assert tasks.guests_purge_unclaimed() == 0


def test_guests_are_not_players_anywhere_a_list_shows_them(challenge: Challenge) -> None:
    guest = guest_create()
    _guest_run(challenge, guest)
    player = UserFactory()
    run_start(player_id=player.pk, challenge_id=challenge.pk)
    assert list(guests.players_only()) == [player]
    assert challenge_today(challenge=challenge).players == 1, "guests are not counted"


def test_a_player_with_many_runs_is_one_player(challenge: Challenge) -> None:
    players = [UserFactory(), UserFactory()]
    for player in [*players, players[0], players[0], players[1]]:
        run_start(player_id=player.pk, challenge_id=challenge.pk)
    assert challenge_today(challenge=challenge).players == 2
