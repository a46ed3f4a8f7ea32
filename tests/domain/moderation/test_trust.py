"""The moderation room's trust records: hashed networks and devices, links by pace,
what counts in a form, and which runs overlap."""

from __future__ import annotations

import math
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from challenges import engine
from challenges.models import Challenge, Entry, FormPoint, PlayerForm
from challenges.moderation.entries import entry_approve, entry_submit, entry_void
from challenges.moderation.near_copy import (
    _NEAR_COPY_CANDIDATES,
    near_copy_band,
    near_copy_of,
    run_placements,
)
from challenges.moderation.signups import device_hash, form_signup_record, network_hash
from challenges.moderation.trust import (
    board_rank,
    form_trust_set,
    player_record,
    players_nearby,
    runs_overlapping,
    trust_thresholds,
)
from challenges.play.services import run_start
from tests.factories import (
    ChallengeFactory,
    EntryFactory,
    RunFactory,
    UserFactory,
    challenge_log,
    player_history,
)
from tests.playing import run_played

pytestmark = pytest.mark.django_db


def test_a_network_is_an_ipv4_address_or_an_ipv6_64_hashed() -> None:
    assert network_hash("2001:db8:1:2::5") == network_hash("2001:db8:1:2:ffff::9")
    assert network_hash("2001:db8:1:2::5") != network_hash("2001:db8:1:3::5")
    assert network_hash("192.0.2.1") != network_hash("192.0.2.2")
    assert network_hash("::ffff:192.0.2.1") == network_hash("192.0.2.1")
    assert network_hash("not an address") == "" and device_hash("") == ""
    assert "192.0.2.1" not in network_hash("192.0.2.1") and len(network_hash("192.0.2.1")) == 32


def test_a_network_is_the_same_from_an_address_or_its_key() -> None:
    """The requests give the address as the limits count it (an IPv6 /64): it hashes as
    the address does. A wider network is no one's address."""
    assert network_hash("2001:db8:1:2::/64") == network_hash("2001:db8:1:2::5") != ""
    assert network_hash("[2001:db8:1:2::5]") == network_hash("2001:db8:1:2::5")
    assert network_hash("2001:db8::/32") == "" and network_hash("unknown") == ""


def test_a_sign_up_from_an_ipv6_address_keeps_its_network(settings: Any) -> None:
    """A guest made from a phone's IPv6 address keeps its /64, as one made over IPv4
    keeps its address. (Before, every IPv6 sign-up kept no network: the request gave the
    /64 written as a network, which the hash read as no address.)"""
    settings.NUM_PROXIES = 0
    phone = APIClient(REMOTE_ADDR="2001:db8:1:2::5")
    made = phone.post("/api/guest/")
    assert made.status_code == 201
    form = PlayerForm.objects.get(player__guest__isnull=False)
    assert form.signup_network == network_hash("2001:db8:1:2:ffff::9") != ""


def test_hashes_stored_before_an_upgrade_still_link(settings: Any) -> None:
    """The forms keep hashes, never addresses: a hash taken today must equal the one a
    sign-up stored long ago under the same key, or old accounts link to no new one."""
    settings.SECRET_KEY = "a fixed key for the stored hashes"
    assert network_hash("192.0.2.1") == "45469fcca8e35ba9acadb28d76b68d38"
    assert network_hash("2001:db8:1:2::7") == "c539713697c57fe6ebf515d24773c4d5"
    assert device_hash("a" * 32) == "69fc3933dcff162c10243343279c368a"
    old_network, old_device, new, elsewhere = (UserFactory() for _ in range(4))
    # Forms made in another order than their players: links name players, not forms.
    form_signup_record(player_id=elsewhere.pk, address="203.0.113.9", device_id="c" * 32)
    PlayerForm.objects.create(player=old_network, signup_network="45469fcca8e35ba9acadb28d76b68d38")
    PlayerForm.objects.create(player=old_device, device="69fc3933dcff162c10243343279c368a")
    form_signup_record(player_id=new.pk, address="192.0.2.1", device_id="a" * 32)
    among = [old_network.pk, old_device.pk, elsewhere.pk]
    assert players_nearby(player_id=new.pk, among=among) == sorted([old_network.pk, old_device.pk])


def test_a_sign_up_whose_address_was_unreadable_is_still_recorded_once() -> None:
    player = UserFactory()
    form_signup_record(player_id=player.pk, address="unknown", device_id="a" * 32)
    form_signup_record(player_id=player.pk, address="192.0.2.1", device_id="b" * 32)
    form = PlayerForm.objects.get(player=player)
    assert (form.signup_network, form.device) == ("", device_hash("a" * 32))


def test_a_sign_up_is_recorded_once_and_links_by_network_or_device() -> None:
    one, two, three = UserFactory(), UserFactory(), UserFactory()
    form_signup_record(player_id=one.pk, address="192.0.2.1", device_id="a" * 32)
    form_signup_record(player_id=one.pk, address="198.51.100.7", device_id="b" * 32)
    form_signup_record(player_id=two.pk, address="198.51.100.7", device_id="a" * 32)
    form_signup_record(player_id=three.pk, address="203.0.113.9", device_id="c" * 32)
    assert PlayerForm.objects.get(player=one).signup_network == network_hash("192.0.2.1")
    assert players_nearby(player_id=one.pk, among=[two.pk, three.pk]) == [two.pk]


def test_a_pace_never_links_and_a_shared_network_links_few_accounts_only(
    settings: Any,
) -> None:
    """A pace can be read off a leader's public runs: it links no one. A network links
    the accounts of a household; one a carrier shares (CGNAT) joins strangers, so past
    TRUST_LINK_NETWORK_ACCOUNTS accounts it links no one by itself. A device still does."""
    settings.TRUST_LINK_NETWORK_ACCOUNTS = 3
    one, two, three, four = (UserFactory() for _ in range(4))
    form_signup_record(player_id=one.pk, address="192.0.2.1", device_id="a" * 32)
    form_signup_record(player_id=two.pk, address="192.0.2.1", device_id="b" * 32)
    assert players_nearby(player_id=one.pk, among=[two.pk]) == [two.pk]
    form_signup_record(player_id=three.pk, address="192.0.2.1", device_id="c" * 32)
    assert players_nearby(player_id=one.pk, among=[two.pk, three.pk]) == [two.pk, three.pk]
    form_signup_record(player_id=four.pk, address="192.0.2.1", device_id="a" * 32)
    # Four accounts on the address: a shared one. The device still links one and four.
    assert players_nearby(player_id=one.pk, among=[two.pk, three.pk, four.pk]) == [four.pk]


def test_an_approved_entry_counts_and_vouches_a_voided_one_never_counts(
    challenge: Challenge,
) -> None:
    player = UserFactory()
    player_history(player, [0.4, 0.5])
    held = EntryFactory(challenge=challenge, player=player, status="held", score=300)
    entry_approve(entry_id=held.pk, by_id=None)
    form = PlayerForm.objects.get(player=player)
    assert (form.challenges, form.vouched, form.voided) == (3, True, 0)
    entry_void(entry_id=held.pk, reason="a script after all")
    form.refresh_from_db()
    assert (form.challenges, form.voided) == (3, 1)  # no form point: it never counted
    assert player_record(player_id=player.pk).voided == 1


def test_every_void_counts_against_the_players_record(challenge: Challenge) -> None:
    player = UserFactory()
    player_history(player, [0.4, 0.5])
    for earlier in (1, 2):
        past = ChallengeFactory(number=challenge.number - earlier)
        held = EntryFactory(challenge=past, player=player, status="held", score=300)
        entry_void(entry_id=held.pk, reason="a script")
    assert PlayerForm.objects.get(player=player).voided == 2
    assert player_record(player_id=player.pk).voided == 2


def test_the_rules_read_the_operators_settings(settings: Any) -> None:
    settings.TRUST_TOP, settings.TRUST_TOP_SHARE, settings.TRUST_GUARD_SHARE = 7, 0.03, 0.9
    settings.TRUST_PROVISIONAL_CHALLENGES, settings.TRUST_FORM_MARGIN = 3, 0.15
    settings.TRUST_FORM_MARGIN_CAP, settings.TRUST_FORM_SPREAD_Z = 0.3, 2.0
    settings.TRUST_FORM_WINDOW, settings.TRUST_FORM_STEP = 12, 0.04
    assert trust_thresholds() == engine.TrustThresholds(
        top=7,
        top_share=0.03,
        guard_share=0.9,
        provisional_challenges=3,
        form_margin=0.15,
        form_margin_cap=0.3,
        form_spread_z=2.0,
        form_window=12,
        form_step=0.04,
    )


def test_a_rank_counts_the_live_entries_above_on_its_own_board(challenge: Challenge) -> None:
    for score in (500, 400, 400, 300):
        EntryFactory(challenge=challenge, score=score)
    EntryFactory(challenge=challenge, score=450, status="held")
    EntryFactory(challenge=ChallengeFactory(number=challenge.number + 1), score=900)
    ranks = [board_rank(challenge_id=challenge.pk, score=s) for s in (600, 500, 450, 400, 350, 300)]
    assert ranks == [1, 1, 2, 2, 4, 4]


def _played(challenge: Challenge, player: Any, now: Any, variant: int = 0) -> Any:
    return run_played(
        run_start(player_id=player.pk, challenge_id=challenge.pk, now=now),
        challenge_log(challenge, moves=6, start_ms=1800, step_ms=1100, variant=variant),
    )


def test_a_new_account_is_held_in_the_guarded_top_and_live_below_it(
    settings: Any, challenge: Challenge
) -> None:
    settings.TRUST_TOP, settings.TRUST_TOP_SHARE, settings.TRUST_PROVISIONAL_CHALLENGES = 3, 0.01, 5
    now = challenge.opens_at + timedelta(minutes=1)
    # Two new accounts; the lower scoring submits first.
    below, within = sorted(
        (_played(challenge, UserFactory(), now, variant) for variant in (0, 1)),
        key=lambda run: run.score,
    )
    top = within.score + 10
    for above in (20, 10, 0):
        EntryFactory(challenge=challenge, score=top + above)
    entry = entry_submit(run_id=below.pk, player_id=below.player_id, now=now + timedelta(minutes=2))
    assert (entry.status, entry.hold_reasons) == ("live", [])
    # Third once the first is voided: in the top, and new.
    entry_void(entry_id=Entry.objects.get(score=top + 20).pk, reason="a script")
    entry = entry_submit(
        run_id=within.pk, player_id=within.player_id, now=now + timedelta(minutes=3)
    )
    assert (entry.status, entry.hold_reasons) == ("held", ["provisional"])


def test_a_vouched_players_run_above_their_form_keeps_its_single_run_reasons(
    settings: Any, challenge: Challenge
) -> None:
    """Waiving the single-run measures (near par, the solver's) is for a run within the
    player's form; the desk reads the form the entry was judged against."""
    settings.TRUST_TOP, settings.TRUST_TOP_SHARE, settings.TRUST_GUARD_SHARE = 10, 0.01, 0.70
    settings.TRUST_PROVISIONAL_CHALLENGES, settings.TRUST_FORM_MARGIN = 5, 0.20
    settings.TRUST_FORM_WINDOW, settings.REVIEW_PAR_RATIO = 20, 0.85
    now = challenge.opens_at + timedelta(minutes=1)
    player = UserFactory()
    player_history(player, [0.5, 0.45, 0.5, 0.4, 0.5, 0.5])
    PlayerForm.objects.filter(player=player).update(vouched=True)
    run = _played(challenge, player, now)
    Challenge.objects.filter(pk=challenge.pk).update(par=run.score)  # the run at par
    entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
    assert entry.status == "held"
    assert {"above_form", "near_par"} <= set(entry.hold_reasons)
    assert (entry.features["form"], entry.features["counted_challenges"]) == (0.5, 6)
    # The solver's measures are never waived, whatever the record.
    assert entry.features["form_spread"] == 0.0


def _steady(challenge: Challenge, every_ms: int) -> dict[str, Any]:
    """A log placing every ``every_ms``, its draws in between at other moments."""
    t, moves = 2000, []
    for move in challenge_log(challenge, moves=14)["moves"]:
        if move["type"] == "place":
            t += every_ms
            moves.append({**move, "t": t})
        else:
            moves.append({**move, "t": t + 300})
    assert sum(move["type"] == "draw" for move in moves) >= 2
    return {"moves": moves}


def test_each_entry_keeps_its_own_pace(challenge: Challenge) -> None:
    """Draws are no placements: a run placing every 1.1 s, drawing in between at other
    moments, has a pace of 1.1 s at every quartile. Each entry keeps its own (no running
    mean a strike moves); each live entry adds its share of par to the record."""
    player = UserFactory()
    paces, shares = [], []
    for later, every_ms in enumerate((1100, 1501, 1201)):
        played = ChallengeFactory(number=challenge.number + 1 + later, par=200)
        now = played.opens_at + timedelta(minutes=1)
        run = run_played(
            run_start(player_id=player.pk, challenge_id=played.pk, now=now),
            _steady(played, every_ms),
        )
        entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
        assert entry.status == "live"
        shares.append(entry.score / 200)
        paces.append((entry.features["pace"], PlayerForm.objects.get(player=player).challenges))
    assert paces == [([1100] * 3, 1), ([1501] * 3, 2), ([1201] * 3, 3)]
    assert player_record(player_id=player.pk).shares == tuple(shares)
    assert 0 < shares[0] < 1


@pytest.mark.parametrize(("kept", "threshold", "held"), [(4, 0.8, False), (3, 0.5, True)])
def test_a_near_copys_share_is_shown_to_three_places_and_holds_from_its_threshold(
    settings: Any, challenge: Challenge, kept: int, threshold: float, held: bool
) -> None:
    """The desk reads the share of placements another entry made in the same order,
    rounded to 0.001; a share at the threshold holds the entry."""
    settings.TRUST_NEAR_COPY_SHARE = threshold
    now = challenge.opens_at + timedelta(minutes=1)
    player = UserFactory()
    run = _played(challenge, player, now)
    placements = run_placements(run=run)
    assert len(placements) == 6
    original = EntryFactory(
        challenge=challenge,
        score=run.score,
        moves_hash="another",
        placements=";".join(placements[:kept]),
    )
    entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
    assert (entry.features["near_copy_share"], entry.features["near_copy_of"]) == (
        round(kept / 6, 3),
        original.pk,
    )
    assert entry.features["near_copy_share"] in (0.667, 0.5)
    assert (entry.hold_reasons, entry.status) == ((["near_copy"], "held") if held else ([], "live"))


@pytest.mark.parametrize(("par_share", "compared"), [(0.69, False), (0.70, True)])
def test_a_near_copy_is_looked_for_at_the_guarded_top_only(
    settings: Any, challenge: Challenge, par_share: float, compared: bool
) -> None:
    """Below the guard a copy gains nothing a person must stop: its placements are not
    compared (no statement, no measure on the desk), and it goes live; from the guard on,
    the same copy is found and held."""
    _defaults(settings)
    settings.TRUST_NEAR_COPY_SHARE = 0.7
    now = challenge.opens_at + timedelta(minutes=1)
    player = UserFactory()
    player_history(player, [0.6] * 10)
    run = _played(challenge, player, now)
    Challenge.objects.filter(pk=challenge.pk).update(par=math.floor(run.score / par_share))
    original = EntryFactory(
        challenge=challenge,
        score=run.score,
        moves_hash="another",
        placements=";".join(run_placements(run=run)),
    )
    with CaptureQueriesContext(connection) as queries:
        entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
    # The entries' placements read to compare with (the write inserts them).
    near_reads = [q for q in queries if "placements" in q["sql"] and "INSERT" not in q["sql"]]
    if compared:
        assert (entry.features["near_copy_share"], entry.features["near_copy_of"]) == (
            1.0,
            original.pk,
        )
        assert "near_copy" in entry.hold_reasons and near_reads
    else:
        assert "near_copy_share" not in entry.features and not near_reads
        assert "near_copy" not in entry.hold_reasons


def test_a_run_at_070_of_par_below_the_top_is_checked_for_linked_accounts(
    settings: Any, challenge: Challenge
) -> None:
    """From 0.70 of par an entry is guarded wherever it ranks: an account made on the
    same network with an entry in the top holds it."""
    settings.TRUST_TOP, settings.TRUST_TOP_SHARE, settings.TRUST_GUARD_SHARE = 3, 0.01, 0.70
    now = challenge.opens_at + timedelta(minutes=1)
    player, same_network = UserFactory(), UserFactory()
    for user in (player, same_network):
        form_signup_record(player_id=user.pk, address="192.0.2.1", device_id="")
    run = _played(challenge, player, now)
    for above in (30, 20):
        EntryFactory(challenge=challenge, score=run.score + above)
    EntryFactory(challenge=challenge, player=same_network, score=run.score + 10)
    Challenge.objects.filter(pk=challenge.pk).update(par=run.score * 10 // 7)  # 0.7 and more
    entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
    assert entry.status == "held" and "linked_accounts" in entry.hold_reasons


def test_a_pace_griefer_holds_no_one(settings: Any, challenge: Challenge) -> None:
    """A rival plays the leader's pace, read off their public runs, into the top: no
    entry is held for it, and the leader's live entry stays live. (Before, a pace alike
    within the first places linked the two and took the leader off the board.)"""
    _defaults(settings)
    now = challenge.opens_at + timedelta(minutes=1)
    leader, griefer = UserFactory(), UserFactory()
    player_history(leader, [0.6] * 10)
    player_history(griefer, [0.6] * 10)
    Challenge.objects.filter(pk=challenge.pk).update(par=1000)
    first = entry_submit(
        run_id=_played(challenge, leader, now).pk,
        player_id=leader.pk,
        now=now + timedelta(minutes=2),
    )
    copycat = entry_submit(
        run_id=_played(challenge, griefer, now, variant=1).pk,
        player_id=griefer.pk,
        now=now + timedelta(minutes=3),
    )
    first.refresh_from_db()
    assert first.features["pace"] == copycat.features["pace"]  # the same pace, to the ms
    assert "linked_accounts" not in copycat.hold_reasons
    assert first.status == "live"


def _defaults(settings: Any) -> None:
    settings.TRUST_TOP, settings.TRUST_TOP_SHARE, settings.TRUST_GUARD_SHARE = 10, 0.01, 0.70
    settings.TRUST_PROVISIONAL_CHALLENGES, settings.TRUST_FORM_MARGIN = 5, 0.20
    settings.TRUST_FORM_WINDOW, settings.TRUST_FORM_STEP = 20, 0.05
    settings.REVIEW_PAR_RATIO = 0.85


def test_a_run_too_short_for_a_pace_keeps_no_pace(challenge: Challenge) -> None:
    player = UserFactory()
    now = challenge.opens_at + timedelta(minutes=1)
    run = run_played(
        run_start(player_id=player.pk, challenge_id=challenge.pk, now=now),
        challenge_log(challenge, moves=4, start_ms=1800, step_ms=1100),
    )
    entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
    assert entry.features["pace"] is None
    assert PlayerForm.objects.get(player=player).challenges == 1


def test_the_first_entry_on_an_empty_board_is_first_and_guarded(
    settings: Any, challenge: Challenge
) -> None:
    _defaults(settings)
    settings.TRUST_TOP = 1
    now = challenge.opens_at + timedelta(minutes=1)
    player = UserFactory()
    run = _played(challenge, player, now)
    entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
    assert (entry.status, entry.hold_reasons) == ("held", ["provisional"])


def test_a_withdrawn_trust_makes_a_regular_provisional_again(
    settings: Any, challenge: Challenge
) -> None:
    _defaults(settings)
    now = challenge.opens_at + timedelta(minutes=1)
    player = UserFactory()
    player_history(player, [0.5] * 6)
    form_trust_set(player_id=player.pk, trust="withdrawn")
    run = _played(challenge, player, now)
    entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
    assert (entry.status, entry.hold_reasons) == ("held", ["provisional"])


@pytest.mark.parametrize(("reviewed", "reasons"), [(True, []), (False, ["near_par"])])
def test_near_par_is_waived_only_within_what_a_moderator_approved(
    settings: Any, challenge: Challenge, reviewed: bool, reasons: list[str]
) -> None:
    """Twelve challenges at 0.9 of par: a run at 0.93 of par is held as near par unless
    a moderator approved one at 0.9 (0.93 is within a step of it). Twelve unreviewed
    live entries waive nothing: a ratchet of strikes earns no waiver."""
    _defaults(settings)
    now = challenge.opens_at + timedelta(minutes=1)
    player = UserFactory()
    player_history(player, [0.9] * 12)
    FormPoint.objects.filter(player=player).update(reviewed=reviewed)
    PlayerForm.objects.filter(player=player).update(vouched=reviewed)
    run = _played(challenge, player, now)
    Challenge.objects.filter(pk=challenge.pk).update(par=math.ceil(run.score / 0.93))
    entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
    assert entry.hold_reasons == reasons


def test_a_run_started_after_this_one_finished_does_not_overlap_at_submit(
    settings: Any, challenge: Challenge
) -> None:
    settings.TRUST_OVERLAPPING_RUNS = True
    now = challenge.opens_at + timedelta(minutes=1)
    player = UserFactory()
    run = _played(challenge, player, now)
    assert run.finished_at is not None and run.finished_at < run.finish_by
    RunFactory(
        player=player, challenge=challenge, started_at=run.finished_at + timedelta(seconds=10),
        arrivals=[1000, 5000],
    )  # fmt: skip
    entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
    assert (entry.status, entry.hold_reasons) == ("live", [])


def test_a_linked_account_below_the_guarded_top_or_voided_is_left_as_it_is(
    settings: Any, challenge: Challenge
) -> None:
    """Linked accounts are looked for among the entries at or above the guarded places'
    scores, void ones left out: a linked account's entry lower down, or voided, neither
    holds the submit nor is held (or brought back) itself."""
    settings.TRUST_TOP, settings.TRUST_TOP_SHARE, settings.TRUST_PROVISIONAL_CHALLENGES = 3, 0.01, 5
    now = challenge.opens_at + timedelta(minutes=1)
    player, linked_low, linked_void = UserFactory(), UserFactory(), UserFactory()
    for user in (player, linked_low, linked_void):
        form_signup_record(player_id=user.pk, address="192.0.2.1", device_id="")
    player_history(player, [0.5] * 6)
    run = run_played(
        run_start(player_id=player.pk, challenge_id=challenge.pk, now=now),
        challenge_log(challenge, moves=6, start_ms=1800, step_ms=1100),
    )
    score = run.score
    assert score is not None and score > 30
    # Three strangers hold the guarded top (TRUST_TOP=3); the submit ranks second.
    for above in (20, -5, -10):
        EntryFactory(challenge=challenge, score=score + above)
    low = EntryFactory(challenge=challenge, player=linked_low, score=score - 25)
    void = EntryFactory(challenge=challenge, player=linked_void, score=score + 10, voided_at=now)

    entry = entry_submit(run_id=run.pk, player_id=player.pk, now=now + timedelta(minutes=2))
    assert (entry.status, entry.hold_reasons) == ("live", [])
    low.refresh_from_db()
    void.refresh_from_db()
    assert (low.status, low.hold_reasons) == ("live", [])
    assert (void.status, void.hold_reasons) == (Entry.Status.VOID, [])


def test_a_players_record_reads_their_counted_shares_by_time_and_their_trust(
    challenge: Challenge,
) -> None:
    """Oldest first by submit time (the form window keeps the last ones), whatever order
    the points were written in; a held entry's point and another player's are left out."""
    player, other = UserFactory(), UserFactory()
    start = challenge.opens_at
    points = [
        (player, 0.3, True, 2),
        (player, 0.4, True, 1),
        (player, 0.9, False, 3),
        (other, 0.7, True, 0),
    ]
    for n, (user, share, counted, minutes) in enumerate(points, start=1):
        played = ChallengeFactory(number=challenge.number - n)
        entry = EntryFactory(challenge=played, player=user, score=300)
        FormPoint.objects.create(
            player=user, challenge=played, entry=entry, share=share, counted=counted,
            at=start + timedelta(minutes=minutes),
        )  # fmt: skip
    form_trust_set(player_id=player.pk, trust="granted")
    record = player_record(player_id=player.pk)
    assert (record.shares, record.trust) == ((0.4, 0.3), "granted")


def test_overlapping_runs_are_those_with_moves_arriving_meanwhile(challenge: Challenge) -> None:
    player = UserFactory()
    start = challenge.opens_at + timedelta(minutes=5)
    played = RunFactory(
        player=player, challenge=challenge, started_at=start,
        finished_at=start + timedelta(seconds=60), arrivals=[3000, 30000, 59000],
    )  # fmt: skip
    meanwhile = RunFactory(
        player=player, challenge=challenge, started_at=start + timedelta(seconds=10),
        arrivals=[2000, 20000],
    )  # fmt: skip
    abandoned = RunFactory(
        player=player, challenge=challenge, started_at=start - timedelta(seconds=30), arrivals=[]
    )
    before = RunFactory(
        player=player, challenge=challenge, started_at=start - timedelta(seconds=100),
        arrivals=[1000, 90000],
    )  # fmt: skip
    other_player = RunFactory(challenge=challenge, started_at=start, arrivals=[1000, 50000])
    found = {run.pk for run in runs_overlapping(run=played)}
    assert found == {meanwhile.pk}
    assert abandoned.pk not in found and before.pk not in found and other_player.pk not in found


def test_runs_that_only_touch_this_one_did_not_overlap_it(challenge: Challenge) -> None:
    """Overlapping is moves arriving while this run was in play, from its start to its
    finish (not its deadline): a run whose moves came only before or only after, even
    by a millisecond's touch, did not overlap; one a millisecond inside did."""
    player = UserFactory()
    start = challenge.opens_at + timedelta(minutes=5)
    finished = start + timedelta(seconds=60)
    played = RunFactory(
        player=player, challenge=challenge, started_at=start, finished_at=finished,
        arrivals=[3000, 59000],
    )  # fmt: skip

    def other(started_after_ms: int, arrivals: list[int]) -> object:
        started = start + timedelta(milliseconds=started_after_ms)
        made = RunFactory(player=player, challenge=challenge, started_at=started, arrivals=arrivals)
        return made.pk

    # Started before this one finished, its first move arriving as it finished.
    first_at_finish = other(50_000, [10_000, 20_000])
    # Its last move arriving as this one started.
    last_at_start = other(-100_000, [1_000, 100_000])
    # Started and played after this one finished, before its deadline.
    after = other(70_000, [1_000, 5_000])
    # A millisecond inside at either end.
    inside_end = other(50_000, [9_999, 20_000])
    inside_start = other(-100_000, [1_000, 100_001])
    found = {run.pk for run in runs_overlapping(run=played)}
    assert found == {inside_end, inside_start}
    assert not {first_at_finish, last_at_start, after} & found


def test_a_near_copy_is_compared_with_the_entries_nearest_its_score(challenge: Challenge) -> None:
    """The original sits among more entries in the score band than are compared: it is
    found because it is nearest in score, however many score lower or higher."""
    original_run = RunFactory(challenge=challenge, finished=True, variant=0)
    score = original_run.score
    assert score is not None and score > 5
    original = EntryFactory(challenge=challenge, run=original_run, player=original_run.player,
                            score=score, moves_hash="original")  # fmt: skip
    # More entries lower in the band than are compared, and a few higher.
    for n in range(_NEAR_COPY_CANDIDATES + 20):
        other = RunFactory(challenge=challenge, finished=True, variant=100 + n)
        band_score = int(score * 0.8) + 1 if n < _NEAR_COPY_CANDIDATES + 10 else score + 2
        EntryFactory(challenge=challenge, run=other, player=other.player, score=band_score,
                     moves_hash=f"other-{n}")  # fmt: skip
    copier = RunFactory(challenge=challenge, finished=True, variant=0)
    share, entry_id = near_copy_of(run=copier, score=score, moves_hash="the copy")
    assert (share, entry_id) == (1.0, original.pk)


@pytest.mark.parametrize(("side", "near_first"), [(1, False), (-1, True)])
def test_a_near_copy_is_compared_with_the_nearest_scores_not_by_age(
    challenge: Challenge, side: int, near_first: bool
) -> None:
    """Each walk from the score takes the nearest entries first, whatever their age: an
    original made after (or before) sixty others a little farther away, above (or
    below), is found; one farther than sixty others is not compared."""
    copier = RunFactory(challenge=challenge, finished=True, log=challenge_log(challenge, moves=6))
    score = copier.score
    assert score is not None and score > 15  # the band reaches 3 below
    placements = ";".join(run_placements(run=copier))

    def the_near_one() -> Any:
        return EntryFactory(challenge=challenge, score=score + side, placements=placements)

    near = the_near_one() if near_first else None
    for _ in range(_NEAR_COPY_CANDIDATES + 5):
        EntryFactory(challenge=challenge, score=score + side * 2, placements="")
    near = near or the_near_one()
    assert near_copy_of(run=copier, score=score, moves_hash="the copy") == (1.0, near.pk)
    near.score = score + side * 3
    near.save(update_fields=["score"])
    assert near_copy_of(run=copier, score=score, moves_hash="the copy") == (0.0, None)


def test_of_copies_the_nearest_in_score_then_the_first_made_is_named(
    challenge: Challenge,
) -> None:
    """The desk is pointed at the nearest copy in score, the first made among equally
    near ones; with no copy, at none."""
    copier = RunFactory(challenge=challenge, finished=True, variant=0)
    score = copier.score
    assert score is not None and score > 5
    EntryFactory(challenge=challenge, score=score, placements="0,0,0;1,1,1")
    # Runs that never got a log: one entry made before placements were kept, one after.
    for kept in (None, ""):
        empty = RunFactory(challenge=challenge, status="finished", log=None, score=score)
        EntryFactory(challenge=challenge, run=empty, player=empty.player, score=score,
                     placements=kept)  # fmt: skip
    assert near_copy_of(run=copier, score=score, moves_hash="the copy") == (0.0, None)
    placements = ";".join(run_placements(run=copier))
    EntryFactory(challenge=challenge, score=score + 3, placements=placements)
    nearest = EntryFactory(challenge=challenge, score=score + 1, placements=placements)
    assert near_copy_of(run=copier, score=score, moves_hash="the copy") == (1.0, nearest.pk)
    EntryFactory(challenge=challenge, score=score - 1, placements=placements)
    assert near_copy_of(run=copier, score=score, moves_hash="the copy") == (1.0, nearest.pk)


def test_a_moderator_sets_a_players_trust_and_only_a_known_one() -> None:
    player, other = UserFactory(), UserFactory()
    PlayerForm.objects.create(player=player, signup_network="kept")
    form_trust_set(player_id=player.pk, trust="granted")
    stored = PlayerForm.objects.get(player=player)
    # Only the trust is written: what the form held besides stays.
    assert (stored.trust, stored.signup_network) == ("granted", "kept")
    # A player without a form yet gets one, with that trust; the first keeps theirs.
    form_trust_set(player_id=other.pk, trust="withdrawn")
    assert PlayerForm.objects.get(player=other).trust == "withdrawn"
    assert PlayerForm.objects.get(player=player).trust == "granted"
    with pytest.raises(ValueError, match=r"^not a trust: 'trusted'$"):
        form_trust_set(player_id=player.pk, trust="trusted")
    assert PlayerForm.objects.get(player=player).trust == "granted"


def test_a_submit_is_compared_with_sixty_entries() -> None:
    """Pinned: the tests below count around it, so a change of it is a change of the
    service's cost and reach, made here on purpose."""
    assert _NEAR_COPY_CANDIDATES == 60


def test_the_near_copy_band_runs_a_fifth_below_to_a_quarter_and_10_above() -> None:
    assert near_copy_band(100) == (80, 135)
    assert near_copy_band(7) == (6, 18)  # 5.6 and 18.75: whole scores within
    assert near_copy_band(0) == (0, 10)
    # Below zero, the band is around the score too (it was above it, and empty below).
    assert near_copy_band(-31) == (-37, -14)


@pytest.mark.parametrize("score", [-31, 100])
def test_a_near_copy_is_found_just_below_its_score_and_not_beyond_the_band(
    challenge: Challenge, score: int
) -> None:
    low, high = near_copy_band(score)
    original_run = RunFactory(challenge=challenge, finished=True, variant=0)
    original = EntryFactory(challenge=challenge, run=original_run, player=original_run.player,
                            score=score - 2, moves_hash="original")  # fmt: skip
    copier = RunFactory(challenge=challenge, finished=True, variant=0)
    assert near_copy_of(run=copier, score=score, moves_hash="the copy") == (1.0, original.pk)
    # The band's ends are in it; a point beyond either is not.
    for edge, inside in ((low, True), (high, True), (low - 1, False), (high + 1, False)):
        original.score = edge
        original.save(update_fields=["score"])
        found = near_copy_of(run=copier, score=score, moves_hash="the copy")
        assert found == ((1.0, original.pk) if inside else (0.0, None)), edge
