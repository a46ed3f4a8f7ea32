"""The trust room's fixed lists and spans, pinned by what they do (challenges/moderation/
trust.py): which single-run reasons a moderator's approval waives, which the guard
leaves out below the top, and how far back a run may have started and still overlap.
None of them is a threshold the calibration tunes."""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from challenges import engine
from challenges.engine import RULESET
from challenges.models import Challenge, Entry, FormPoint, PlayerForm, Run
from challenges.moderation.near_copy import run_placements
from challenges.moderation.review import run_placements_seen
from challenges.moderation.trust import (
    TrustCheck,
    form_point_add,
    form_point_decide,
    player_record,
    players_nearby,
    reasons_waived,
    runs_overlapping,
    submit_trust_check,
    trust_thresholds,
)
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory, player_history

SINGLE_RUN = ["near_par", "solver_moves", "solver_like", "fast_pace"]


@pytest.mark.parametrize(
    ("approval_waives", "below_the_guard", "held"),
    [
        (False, False, SINGLE_RUN),
        # An approval waives a score near par and one close to the solver's, never the
        # solver's own first choices, nor a pace no person keeps.
        (True, False, ["solver_moves", "fast_pace"]),
        # Below the guarded top the solver's three measures do not hold; the pace does.
        (False, True, ["fast_pace"]),
        (True, True, ["fast_pace"]),
    ],
)
def test_what_an_approval_and_the_guard_leave_holding(
    approval_waives: bool, below_the_guard: bool, held: list[str]
) -> None:
    check = TrustCheck(approval_waives=approval_waives, below_the_guard=below_the_guard)
    assert reasons_waived(SINGLE_RUN, check=check) == held
    assert reasons_waived(["duplicate_log", *SINGLE_RUN], check=check) == ["duplicate_log", *held]


@pytest.mark.django_db
def test_a_run_overlaps_from_as_long_before_as_a_run_lasts_with_its_grace(
    challenge: Challenge,
) -> None:
    """A run started a whole run's time and grace before this one cannot have been in
    play with it; one started a millisecond later can, up to its last arrival."""
    span_ms = RULESET.time_limit_ms + RULESET.finish_grace_ms
    player = UserFactory()
    start = challenge.opens_at + timedelta(minutes=30)
    played = RunFactory(
        player=player, challenge=challenge, started_at=start,
        finished_at=start + timedelta(seconds=60), arrivals=[3000, 59000],
    )  # fmt: skip
    # Both have a move arriving a millisecond after this run started.
    too_early = RunFactory(
        player=player, challenge=challenge, arrivals=[span_ms + 1],
        started_at=start - timedelta(milliseconds=span_ms),
    )  # fmt: skip
    within = RunFactory(
        player=player, challenge=challenge, arrivals=[span_ms],
        started_at=start - timedelta(milliseconds=span_ms - 1),
    )  # fmt: skip
    found = {run.pk for run in runs_overlapping(run=played)}
    assert within.pk in found and too_early.pk not in found


# --- the reads of a submit's trust check, each pinned by what it answers ------------


def _trust_on(settings: Any) -> None:
    settings.TRUST_TOP, settings.TRUST_TOP_SHARE, settings.TRUST_GUARD_SHARE = 10, 0.01, 0.70
    settings.TRUST_PROVISIONAL_CHALLENGES, settings.TRUST_OVERLAPPING_RUNS = 5, True
    settings.TRUST_NEAR_COPY_SHARE, settings.TRUST_LINK_NETWORK_ACCOUNTS = 0.7, 3
    settings.TRUST_TIMING_SPREAD = 0


def _played(challenge: Challenge, player: Any, start: datetime, **fields: Any) -> Run:
    """A finished run of ``player`` started at ``start``, its moves arriving over a minute."""
    return RunFactory(
        player=player, challenge=challenge, started_at=start, finished=True,
        **{"finished_at": start + timedelta(seconds=60), "arrivals": [3000, 59000], **fields},
    )  # fmt: skip


def _checked(run: Run, *, own_runs_beside: bool) -> TrustCheck:
    run = Run.objects.select_related("challenge").get(pk=run.pk)
    return submit_trust_check(
        run=run, score=run.score or 0, moves_hash="m", placements=run_placements(run=run),
        seen=run_placements_seen(run=run), own_runs_beside=own_runs_beside,
    )  # fmt: skip


@pytest.mark.django_db
def test_a_run_started_meanwhile_and_never_played_overlaps_from_the_same_instant(
    challenge: Challenge,
) -> None:
    """A second window reading the deal leaves a start and nothing else: started while
    this run was in play (at its very start too) and never played, it overlapped; one
    started a millisecond before, or one that finished without a move, did not."""
    player = UserFactory()
    start = challenge.opens_at + timedelta(minutes=5)
    played = _played(challenge, player, start)
    ms = timedelta(milliseconds=1)
    finished_empty = RunFactory(
        player=player, challenge=challenge, started_at=start + ms, arrivals=[], status="rejected"
    )
    before = RunFactory(player=player, challenge=challenge, started_at=start - ms, arrivals=[])
    at_start = RunFactory(player=player, challenge=challenge, started_at=start, arrivals=[])
    later = RunFactory(
        player=player, challenge=challenge, started_at=start + timedelta(seconds=10),
        arrivals=[], status="expired",
    )  # fmt: skip
    meanwhile = RunFactory(
        player=player, challenge=challenge, started_at=start + timedelta(seconds=20),
        arrivals=[1000, 2000],
    )  # fmt: skip
    found = {run.pk for run in runs_overlapping(run=played)}
    assert found == {at_start.pk, later.pk, meanwhile.pk}
    assert finished_empty.pk not in found and before.pk not in found


@pytest.mark.django_db
def test_own_runs_of_another_challenge_overlap_and_a_linked_players_do_not(
    challenge: Challenge,
) -> None:
    """Playing two challenges at once is two runs in play; a linked player's run counts
    only on this challenge's deal."""
    player, twin = UserFactory(), UserFactory()
    PlayerForm.objects.create(player=player, device="d-shared")
    PlayerForm.objects.create(player=twin, device="d-shared")
    other = ChallengeFactory(number=challenge.number - 1)
    start = challenge.opens_at + timedelta(minutes=5)
    played = _played(challenge, player, start)
    during = start + timedelta(seconds=10)
    twin_elsewhere = RunFactory(player=twin, challenge=other, started_at=during, arrivals=[900])
    own_elsewhere = RunFactory(player=player, challenge=other, started_at=during, arrivals=[900])
    twin_here = RunFactory(player=twin, challenge=challenge, started_at=during, arrivals=[900])
    found = {run.pk for run in runs_overlapping(run=played)}
    assert found == {own_elsewhere.pk, twin_here.pk}
    assert twin_elsewhere.pk not in found


@pytest.mark.django_db
def test_the_desk_reads_the_runs_from_the_same_network_and_the_linked_players(
    challenge: Challenge,
) -> None:
    player, twin, stranger, elsewhere = (UserFactory() for _ in range(4))
    PlayerForm.objects.create(player=player, device="d-shared")
    PlayerForm.objects.create(player=twin, device="d-shared")
    start = challenge.opens_at + timedelta(minutes=5)
    played = _played(challenge, player, start, network="n-cafe")
    during = start + timedelta(seconds=10)
    same_network = RunFactory(
        player=stranger, challenge=challenge, started_at=during, arrivals=[900], network="n-cafe"
    )
    RunFactory(
        player=elsewhere, challenge=challenge, started_at=during, arrivals=[900], network="n-home"
    )
    linked = RunFactory(player=twin, challenge=challenge, started_at=during, arrivals=[900])
    assert {run.pk for run in runs_overlapping(run=played)} == {same_network.pk, linked.pk}


@pytest.mark.django_db
@pytest.mark.trust
def test_below_the_guard_an_own_run_beside_holds_and_no_strangers_run_is_read(
    challenge: Challenge, settings: Any
) -> None:
    """Below the guarded top the player's own run in play beside it holds the entry (one
    person, two windows); a stranger's run on the same network is not even read."""
    _trust_on(settings)
    player, stranger = UserFactory(), UserFactory()
    start = challenge.opens_at + timedelta(minutes=5)
    played = _played(challenge, player, start, network="n-cafe")
    Challenge.objects.filter(pk=challenge.pk).update(par=100 * (played.score or 1))
    during = start + timedelta(seconds=10)
    own = RunFactory(player=player, challenge=challenge, started_at=during, arrivals=[900])
    RunFactory(
        player=stranger, challenge=challenge, started_at=during, arrivals=[900], network="n-cafe"
    )
    check = _checked(played, own_runs_beside=True)
    assert check.below_the_guard is True
    assert check.reasons == ["overlapping_runs"]
    assert check.features["overlapping_runs"] == [str(own.pk)]


@pytest.mark.django_db
@pytest.mark.trust
def test_a_check_below_the_guard_with_nothing_beside_reads_nothing(
    challenge: Challenge, settings: Any
) -> None:
    """A submit below the guard, with a par and no run of the player's beside it, asks
    the database nothing more: no rank, no runs, no form."""
    _trust_on(settings)
    played = _played(challenge, UserFactory(), challenge.opens_at + timedelta(minutes=5))
    Challenge.objects.filter(pk=challenge.pk).update(par=100 * (played.score or 1))
    run = Run.objects.select_related("challenge").get(pk=played.pk)
    seen, placements = run_placements_seen(run=run), run_placements(run=run)
    with CaptureQueriesContext(connection) as queries:
        check = submit_trust_check(
            run=run, score=run.score or 0, moves_hash="m", placements=placements, seen=seen,
            own_runs_beside=False,
        )  # fmt: skip
    assert check.below_the_guard is True and check.reasons == []
    assert len(queries) == 0, [query["sql"] for query in queries]


@pytest.mark.django_db
@pytest.mark.trust
def test_a_guarded_entry_keeps_the_form_it_was_judged_against_to_three_places(
    challenge: Challenge, settings: Any
) -> None:
    _trust_on(settings)
    player = UserFactory()
    player_history(player, [0.41, 0.4437, 0.52, 0.4689, 0.5011, 0.43, 0.4551])
    played = _played(challenge, player, challenge.opens_at + timedelta(minutes=5))
    Challenge.objects.filter(pk=challenge.pk).update(par=played.score)  # at par: guarded
    form = engine.form_of(player_record(player_id=player.pk), trust_thresholds())
    assert form is not None
    features = _checked(played, own_runs_beside=False).features
    for key, value in (
        ("form", form.level),
        ("form_spread", form.spread),
        ("form_uncertainty", form.uncertainty),
    ):
        assert features[key] == round(value, 3) != round(value, 4), key
    assert features["counted_challenges"] == 7


@pytest.mark.django_db
@pytest.mark.trust
def test_links_are_looked_for_among_the_guarded_entries_only(
    challenge: Challenge, settings: Any
) -> None:
    """A linked account's entry at the top of a small board but below the guarded share
    is no link: a guarded entry is held only beside another guarded entry."""
    _trust_on(settings)
    player, twin = UserFactory(), UserFactory()
    player_history(player, [0.8] * 6)
    PlayerForm.objects.filter(player=player).update(device="d-shared")
    PlayerForm.objects.create(player=twin, device="d-shared")
    played = _played(challenge, player, challenge.opens_at + timedelta(minutes=5))
    par = round((played.score or 0) / 0.8)
    Challenge.objects.filter(pk=challenge.pk).update(par=par)
    EntryFactory(challenge=challenge, player=twin, score=math.ceil(0.7 * par) - 1)
    # Another challenge's guarded entry of the twin links nothing here either.
    EntryFactory(
        challenge=ChallengeFactory(number=challenge.number - 1, par=par),
        player=twin,
        score=par,
    )
    check = _checked(played, own_runs_beside=False)
    assert "linked_accounts" not in check.reasons
    Entry.objects.filter(player=twin, challenge=challenge).update(score=math.ceil(0.7 * par))
    check = _checked(played, own_runs_beside=False)
    assert "linked_accounts" in check.reasons


@pytest.mark.django_db
def test_players_nearby_never_names_the_player_and_keeps_to_among() -> None:
    player, twin = UserFactory(), UserFactory()
    PlayerForm.objects.create(player=player, device="d-shared")
    PlayerForm.objects.create(player=twin, device="d-shared")
    assert players_nearby(player_id=player.pk) == [twin.pk]
    assert players_nearby(player_id=player.pk, among=[player.pk]) == []
    assert players_nearby(player_id=player.pk, among=[]) == []


@pytest.mark.django_db
def test_every_claimed_guests_device_and_network_link_and_an_empty_one_links_no_one() -> None:
    """An account keeps each claimed guest's [device, network]: each of them ties it to
    the accounts made there. An empty half (no device cookie, no address) ties nothing,
    not every account that has none."""
    player = UserFactory()
    PlayerForm.objects.create(
        player=player, claimed=[["d-one", ""], ["", "n-two"], ["d-three", "n-three"]]
    )
    one, two, three, three_net, nothing = (UserFactory() for _ in range(5))
    PlayerForm.objects.create(player=one, device="d-one")
    PlayerForm.objects.create(player=two, signup_network="n-two")
    PlayerForm.objects.create(player=three, device="d-three")
    PlayerForm.objects.create(player=three_net, signup_network="n-three")
    PlayerForm.objects.create(player=nothing)  # neither a device nor a network known
    expected = sorted([one.pk, two.pk, three.pk, three_net.pk])
    assert players_nearby(player_id=player.pk) == expected


@pytest.mark.django_db
def test_a_record_is_read_from_its_points_when_the_player_has_no_form_row(
    challenge: Challenge,
) -> None:
    player = UserFactory()
    entry = EntryFactory(challenge=challenge, player=player)
    FormPoint.objects.create(
        player=player, challenge=challenge, entry=entry, share=0.5, counted=True,
        reviewed=True, at=challenge.opens_at,
    )  # fmt: skip
    assert not PlayerForm.objects.filter(player=player).exists()
    record = player_record(player_id=player.pk)
    assert (record.shares, record.reviewed) == ((0.5,), (True,))


@pytest.mark.django_db
def test_a_live_entry_makes_the_form_counts_one_more_and_a_held_one_none(
    challenge: Challenge,
) -> None:
    player = UserFactory()
    now = challenge.opens_at + timedelta(minutes=5)
    Challenge.objects.filter(pk=challenge.pk).update(par=400)
    first = EntryFactory(challenge=Challenge.objects.get(pk=challenge.pk), player=player, score=300)
    form_point_add(entry=first, now=now)
    assert PlayerForm.objects.get(player=player).challenges == 1
    assert FormPoint.objects.get(entry=first).share == 0.75  # its share of par
    second = EntryFactory(challenge=ChallengeFactory(number=challenge.number - 1), player=player)
    form_point_add(entry=second, now=now)
    assert PlayerForm.objects.get(player=player).challenges == 2
    held = EntryFactory(
        challenge=ChallengeFactory(number=challenge.number - 2), player=player, status="held"
    )
    form_point_add(entry=held, now=now)
    assert PlayerForm.objects.get(player=player).challenges == 2
    assert FormPoint.objects.get(entry=held).counted is False


@pytest.mark.django_db
def test_a_decision_on_a_live_entry_moves_its_count_once(challenge: Challenge) -> None:
    """Approving an entry already counted leaves the count as it is and marks its point
    reviewed; voiding it takes it off the count and the point."""
    player = UserFactory()
    now = challenge.opens_at + timedelta(minutes=5)
    live = EntryFactory(challenge=challenge, player=player, status="live")
    form_point_add(entry=live, now=now)
    form_point_decide(entry=live, approved=True)
    point = FormPoint.objects.get(entry=live)
    assert (point.counted, point.reviewed) == (True, True)
    assert PlayerForm.objects.get(player=player).challenges == 1
    form_point_decide(entry=live, approved=False)
    point.refresh_from_db()
    assert (point.counted, point.reviewed) == (False, False)
    form = PlayerForm.objects.get(player=player)
    assert (form.challenges, form.voided) == (0, 1)


@pytest.mark.django_db
def test_a_claimed_guest_without_an_address_ties_no_account_made_without_one() -> None:
    """On a young site few accounts lack a network; an empty one still ties nobody."""
    player, other = UserFactory(), UserFactory()
    PlayerForm.objects.create(player=player, device="d-own", claimed=[["d-guest", ""]])
    PlayerForm.objects.create(player=other, device="d-other")
    assert players_nearby(player_id=player.pk) == []
