"""The attacks on trust across runs, each played through the API as the attacker would
(docs/trust.md, "The threat model"): a turned copy, a partial copy, a guest's overlapping
run claimed into an aged account, and a hold settled at the results. The ratchet and the
pace griefer are in tests/engine/test_trust.py and tests/domain/moderation/test_trust.py.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.models import Challenge, Entry, EntryDecision, PlayerForm, Run
from challenges.moderation.services import form_signup_record, holds_settle
from challenges.moderation.trust import players_nearby
from config.client_address import network_hash
from tests.engine.humans import log_placements, log_turned
from tests.factories import UserFactory, challenge_log, player_history
from tests.playing import ServerClock, api_played, api_played_together
from triominos import Board, placements_shared, tile_parse

pytestmark = [pytest.mark.django_db, pytest.mark.trust]

REGULAR = [0.5, 0.55, 0.6, 0.52, 0.58, 0.5, 0.55, 0.6, 0.57, 0.53, 0.56, 0.59]


@pytest.fixture(autouse=True)
def trust_defaults(settings: Any) -> None:
    settings.TRUST_TOP, settings.TRUST_PROVISIONAL_CHALLENGES = 10, 5
    settings.TRUST_TOP_SHARE, settings.TRUST_GUARD_SHARE = 0.01, 0.70
    settings.TRUST_NEAR_COPY_SHARE, settings.TRUST_OVERLAPPING_RUNS = 0.7, True
    settings.TRUST_LINK_NETWORK_ACCOUNTS = 3
    # Their runs are metronomes (challenge_log, 1.1 s a move): the timing rule has its
    # own tests (test_trust_timing.py), and these hold for everything else.
    settings.TRUST_TIMING_SPREAD = 0


def _client(user: Any = None) -> tuple[APIClient, Any]:
    user = user or UserFactory()
    api = APIClient()
    api.force_authenticate(user)
    return api, user


def _submitted(api: APIClient, challenge: Challenge, log: Any, clock: ServerClock) -> Entry:
    run_id = api.post(f"/api/challenges/{challenge.pk}/runs/").json()["id"]
    finished = api_played(api, run_id, log, clock)
    assert finished.json()["eligible"] is True, finished.json()
    submitted = api.post(f"/api/runs/{run_id}/submit/")
    assert submitted.status_code == 201, submitted.json()
    return Entry.objects.get(pk=submitted.json()["id"])


def _board(challenge: Challenge) -> list[str]:
    board = APIClient().get(f"/api/challenges/{challenge.pk}/leaderboard/").json()
    return [row["player"] for row in board["results"]]


@pytest.mark.parametrize("turns", [1, 2])
def test_a_log_turned_by_120_or_240_degrees_is_held_as_a_copy(
    challenge: Challenge, server_clock: ServerClock, turns: int
) -> None:
    """The same run turned about the first tile keeps its score and every measure; its
    moves' hash is the least of the three turns', so it is the original's copy. (Before,
    it went live at rank 1: another hash, no placement in common.)"""
    original_api, original = _client()
    copier_api, copier = _client()
    for player in (original, copier):
        player_history(player, REGULAR)
    log = challenge_log(challenge, moves=24, start_ms=1800, step_ms=1100)
    first = _submitted(original_api, challenge, log, server_clock)
    assert first.status == "live", first.hold_reasons
    turned = log_turned(log, turns, later_ms=300)
    assert log_placements(turned) != log_placements(log)
    copy = _submitted(copier_api, challenge, turned, server_clock)
    assert copy.score == first.score
    assert copy.status == "held" and "duplicate_log" in copy.hold_reasons
    assert _board(challenge) == [original.username]


def _partial_copy(challenge: Challenge, log: dict[str, Any], keep: int) -> dict[str, Any]:
    """The first ``keep`` placements of ``log`` (and its draws among them), then as many
    placements again as the original made, each the last legal one the original did not
    make: another ending."""
    board = Board()
    hand = [tile_parse(tile) for tile in challenge.tray]
    pile = [tile_parse(tile) for tile in challenge.well]
    moves: list[dict[str, Any]] = []
    for move in log["moves"]:
        if sum(m["type"] == "place" for m in moves) >= keep:
            break
        if move["type"] == "draw":
            hand.append(pile.pop(0))
        else:
            placed = next(
                p
                for p in board.legal_placements(hand)
                if (p.tile.id, [p.cell.row, p.cell.col], p.rotation)
                == (move["tile"], move["cell"], move["rotation"])
            )
            board.play(placed)
            hand.remove(placed.tile)
        moves.append(move)
    t = moves[-1]["t"]
    while sum(m["type"] == "place" for m in moves) < len(log_placements(log)):
        t += 1100
        made = set(log_placements(log))
        legal = [
            p
            for p in board.legal_placements(hand)
            if f"{p.tile.id}@{p.cell.row},{p.cell.col}r{p.rotation}" not in made
        ]
        if legal:
            board.play(legal[-1])
            hand.remove(legal[-1].tile)
            cell = [legal[-1].cell.row, legal[-1].cell.col]
            tile, rotation = legal[-1].tile.id, legal[-1].rotation
            moves.append(
                {"t": t, "type": "place", "tile": tile, "cell": cell, "rotation": rotation}
            )
        elif pile:
            hand.append(pile.pop(0))
            moves.append({"t": t, "type": "draw"})
        else:
            break
    return {"moves": moves}


def test_a_copy_keeping_seven_placements_in_ten_is_held(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    """A copy that kept 70 % of the placements and ended its own way: under the old
    line (0.8 of the placements in order) it went live; it is held now."""
    original_api, original = _client()
    copier_api, copier = _client()
    for player in (original, copier):
        player_history(player, REGULAR)
    log = challenge_log(challenge, moves=40, start_ms=1800, step_ms=1100)
    first = _submitted(original_api, challenge, log, server_clock)
    assert first.status == "live", first.hold_reasons
    copies = [_partial_copy(challenge, log, keep) for keep in range(1, len(log_placements(log)))]
    shares = [placements_shared(log_placements(c), log_placements(log)) for c in copies]
    copied = next(c for c, share in zip(copies, shares, strict=True) if 0.7 <= share < 0.75)
    copy = _submitted(copier_api, challenge, copied, server_clock)
    assert 0.7 <= copy.features["near_copy_share"] < 0.8
    assert copy.features["near_copy_of"] == first.pk
    assert copy.status == "held" and "near_copy" in copy.hold_reasons


class _Tabs:
    """Two guests' clients as one, for ``api_played_together``: each run's requests go
    to the client that started it."""

    def __init__(self, owners: dict[str, APIClient]) -> None:
        self.owners = owners

    def post(self, path: str, data: Any, format: str) -> Any:
        run_id = path.split("/")[3]
        return self.owners[run_id].post(path, data, format=format)


def _guest() -> APIClient:
    guest = APIClient()
    assert guest.post("/api/guest/").status_code == 201
    return guest


def test_a_guests_run_claimed_into_an_aged_account_brings_the_guest_beside_it(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    """Two guests play at once on one network, one of them for the better run; that
    one logs into an aged account and submits. The other guest's run, in play at the
    same moment from the same network, holds it. (Before, it went live: the overlap
    check knew only the account's own runs.)"""
    aged = UserFactory()
    aged.set_password("an aged pass phrase 7")
    aged.save()
    player_history(aged, REGULAR)
    one, two = _guest(), _guest()
    runs = {
        one.post(f"/api/challenges/{challenge.pk}/runs/").json()["id"]: one,
        two.post(f"/api/challenges/{challenge.pk}/runs/").json()["id"]: two,
    }
    (better, _), (other, _) = runs.items()
    logs = [
        (better, challenge_log(challenge, moves=24, start_ms=1800, step_ms=1100, variant=0)),
        (other, challenge_log(challenge, moves=24, start_ms=1900, step_ms=1100, variant=1)),
    ]
    finished = api_played_together(_Tabs(runs), logs, server_clock)
    assert [answer.json()["eligible"] for answer in finished] == [True, True]
    logged_in = one.post(
        "/accounts/login/", {"username": aged.username, "password": "an aged pass phrase 7"}
    )
    assert logged_in.status_code == 302
    assert PlayerForm.objects.get(player=aged).claimed  # where the guest played
    submitted = one.post(f"/api/runs/{better}/submit/")
    assert submitted.status_code == 201, submitted.json()
    entry = Entry.objects.get(pk=submitted.json()["id"])
    assert entry.status == "held" and "overlapping_runs" in entry.hold_reasons
    assert other in entry.features["overlapping_runs"]
    assert _board(challenge) == []


CARRIER = "100.64.0.7"  # one address a mobile carrier shares among its subscribers


def _carrier_guest() -> APIClient:
    guest = APIClient(REMOTE_ADDR=CARRIER)  # a device cookie of its own
    assert guest.post("/api/guest/").status_code == 201
    return guest


def _guests_played_together(
    challenge: Challenge, clock: ServerClock, one: APIClient, two: APIClient, *, apart_ms: int
) -> tuple[str, str]:
    """``one`` and ``two`` each play a run; the second starts ``apart_ms`` after the
    first. Returns the two runs' ids, the first's the better."""
    better = one.post(f"/api/challenges/{challenge.pk}/runs/").json()["id"]
    logs = [
        (better, challenge_log(challenge, moves=24, start_ms=1800, step_ms=1100, variant=0)),
    ]
    if apart_ms:
        api_played(one, better, logs[0][1], clock)
        clock.set(clock.now() + timedelta(milliseconds=apart_ms))
    other = two.post(f"/api/challenges/{challenge.pk}/runs/").json()["id"]
    logs.append((other, challenge_log(challenge, moves=24, start_ms=1900, step_ms=1100, variant=1)))
    together = logs[1:] if apart_ms else logs  # the first was played on its own
    finished = api_played_together(_Tabs({better: one, other: two}), together, clock)
    assert all(answer.json()["eligible"] is True for answer in finished)
    return better, other


@pytest.mark.parametrize("apart_ms", [0, 200_000])
def test_a_guests_run_behind_a_carriers_address_brings_the_guest_beside_it(
    challenge: Challenge, server_clock: ServerClock, apart_ms: int
) -> None:
    """Two guests on two devices behind one carrier's address, which many accounts were
    made on (so the address links no one), play at once; one logs into an aged account
    and submits the better run. The other run, started from the same network while it
    was in play, holds it. (Before, it went live: only a sign-up's network was known, and
    a shared one is no link.) The same two runs played one after the other hold
    nothing: strangers on one address do not overlap."""
    aged = UserFactory()
    aged.set_password("an aged pass phrase 7")
    aged.save()
    player_history(aged, REGULAR)
    for subscriber in UserFactory.create_batch(3):  # the carrier's other subscribers
        form_signup_record(player_id=subscriber.pk, address=CARRIER, device_id="")
    one, two = _carrier_guest(), _carrier_guest()
    better, other = _guests_played_together(challenge, server_clock, one, two, apart_ms=apart_ms)
    started_from = Run.objects.filter(pk__in=[better, other]).values_list("network", flat=True)
    assert set(started_from) == {network_hash(CARRIER)}  # kept as its hash, never the address
    logged_in = one.post(
        "/accounts/login/", {"username": aged.username, "password": "an aged pass phrase 7"}
    )
    assert logged_in.status_code == 302
    assert players_nearby(player_id=aged.pk) == []  # the shared address links no one
    submitted = one.post(f"/api/runs/{better}/submit/")
    assert submitted.status_code == 201, submitted.json()
    entry = Entry.objects.get(pk=submitted.json()["id"])
    if apart_ms:
        assert entry.status == "live" and entry.features["overlapping_runs"] == []
        assert _board(challenge) == [aged.username]
    else:
        assert entry.status == "held" and entry.hold_reasons == ["overlapping_runs"]
        assert entry.features["overlapping_runs"] == [other]
        assert _board(challenge) == []


def test_a_run_beside_a_stranger_on_the_same_network_below_the_guard_goes_live(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    """Below the guarded top, another player's run on the same network holds nothing: a
    score no script aims at is no threat to the top."""
    challenge.par = 10_000  # far above what the test's runs score
    challenge.save(update_fields=["par"])
    player = APIClient(REMOTE_ADDR=CARRIER)
    player.force_authenticate(UserFactory())
    better, _other = _guests_played_together(
        challenge, server_clock, player, _carrier_guest(), apart_ms=0
    )
    submitted = player.post(f"/api/runs/{better}/submit/")
    assert submitted.status_code == 201, submitted.json()
    entry = Entry.objects.get(pk=submitted.json()["id"])
    assert entry.status == "live" and entry.hold_reasons == []
    assert entry.features["overlapping_runs"] == []  # not read below the guard


def test_a_hold_no_moderator_decided_is_settled_at_the_results(
    challenge: Challenge, server_clock: ServerClock
) -> None:
    """Every hold ends by results_at: the policy keeps it off the final board, records
    the settling, and leaves the player's record unmarked. Not before the results."""
    api, player = _client()
    log = challenge_log(challenge, moves=12, start_ms=1800, step_ms=1100)
    held = _submitted(api, challenge, log, server_clock)
    Entry.objects.filter(pk=held.pk).update(status="held", hold_reasons=["provisional"])
    assert holds_settle(now=challenge.results_at) == 0
    assert holds_settle(now=challenge.results_at + timedelta(seconds=1)) == 1
    assert holds_settle(now=challenge.results_at + timedelta(minutes=5)) == 0
    held.refresh_from_db()
    assert held.status == "held" and held.settled_at is not None
    decision = EntryDecision.objects.get(entry=held)
    assert (decision.verdict, decision.decided_by_id) == ("settle", None)
    assert not PlayerForm.objects.filter(player=player, voided__gt=0).exists()
    assert _board(challenge) == []
