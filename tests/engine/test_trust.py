"""The rules of trust across runs (triominos/trust.py), without a database."""

from __future__ import annotations

import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.humans import HUMANS, human_run, log_placements, log_turned
from triominos import (
    TURNS,
    PlacementOrder,
    PlayerRecord,
    TrustThresholds,
    approval_waives,
    deal_shuffle,
    form_of,
    form_reasons,
    guarded,
    pace_fingerprint,
    paces_linked,
    placement_turned,
    placements_shared,
    replay_challenge,
    top_size,
    trusted,
)

T = TrustThresholds()
REGULAR = PlayerRecord(shares=(0.5, 0.55, 0.6, 0.52, 0.58, 0.5, 0.55, 0.6, 0.57, 0.53))


def test_the_defaults_are_pinned() -> None:
    assert (
        TrustThresholds(
            top=10,
            top_share=0.01,
            guard_share=0.70,
            provisional_challenges=5,
            form_margin=0.20,
            form_margin_cap=0.35,
            form_spread_z=2.5,
            form_window=20,
            form_step=0.05,
        )
        == T
    )
    assert TURNS == (0, 1, 2)


def test_a_small_board_is_guarded_by_the_share_of_par_not_by_rank() -> None:
    assert top_size(T, entries=50) == 10 and top_size(T, entries=10_000) == 100
    # First of five at 0.4 of par: no script's aim, not guarded.
    assert not guarded(T, rank=1, entries=5, share=0.4)
    assert not guarded(T, rank=1, entries=10_000, share=0.6999)
    assert guarded(T, rank=900, entries=10_000, share=0.70)
    # No par yet: the first places are guarded.
    assert guarded(T, rank=10, entries=50, share=None)
    assert not guarded(T, rank=11, entries=50, share=None)
    assert not guarded(TrustThresholds(top=0), rank=1, entries=1, share=1.0)
    # With a par the rank is never read (a submit does not count it).
    assert guarded(T, rank=None, entries=50, share=0.70)
    assert not guarded(T, rank=None, entries=50, share=0.69)
    assert form_reasons(PlayerRecord(), share=0.8, rank=None, entries=3, thresholds=T) == (
        "provisional",
    )
    with pytest.raises(ValueError, match=r"^without a par, an entry is guarded by its rank$"):
        guarded(T, rank=None, entries=50, share=None)


def test_a_newcomer_within_what_people_reach_is_not_held_for_being_new() -> None:
    new = PlayerRecord()
    for share in (0.33, 0.5, 0.69):
        assert form_reasons(new, share=share, rank=1, entries=3, thresholds=T) == ()
    assert form_reasons(new, share=0.8, rank=1, entries=3, thresholds=T) == ("provisional",)
    vouched = PlayerRecord(shares=(0.8,), reviewed=(True,), vouched=True)
    assert form_reasons(vouched, share=0.8, rank=1, entries=3, thresholds=T) == ()
    withdrawn = PlayerRecord(shares=REGULAR.shares, trust="withdrawn")
    assert form_reasons(withdrawn, share=0.7, rank=1, entries=3, thresholds=T) == ("provisional",)
    granted = PlayerRecord(trust="granted")
    assert trusted(granted) and not trusted(REGULAR)
    assert form_reasons(granted, share=0.8, rank=1, entries=3, thresholds=T) == ()


def test_the_form_is_the_median_with_its_spread_and_uncertainty() -> None:
    form = form_of(REGULAR, T)
    assert form is not None
    assert form.level == statistics.median(REGULAR.shares) == 0.55
    deviations = [abs(share - 0.55) for share in REGULAR.shares]
    assert form.spread == 1.4826 * statistics.median(deviations)
    assert form.uncertainty == 1.2533 * form.spread / 10**0.5
    # The room is the margin while the spread is small: 0.55 + 0.20 + uncertainty.
    assert form.line == 0.55 + 0.20 + form.uncertainty
    assert form_of(PlayerRecord(), T) is None
    # A wide spread made on purpose buys at most the cap.
    wide = form_of(PlayerRecord(shares=(0.2, 0.9) * 10), T)
    assert wide is not None and wide.line <= wide.level + 0.35 + wide.uncertainty + 1e-9
    # An old peak is forgotten past the window.
    old_peak = form_of(PlayerRecord(shares=(0.9, *([0.4] * 20))), T)
    assert old_peak is not None and old_peak.level == 0.4


def test_above_the_line_is_held_and_an_approved_score_is_the_new_line() -> None:
    assert form_reasons(REGULAR, share=0.80, rank=1, entries=9, thresholds=T) == ("above_form",)
    assert form_reasons(REGULAR, share=0.74, rank=1, entries=9, thresholds=T) == ()
    approved = PlayerRecord(shares=(*REGULAR.shares, 0.85), reviewed=(False,) * 10 + (True,))
    assert form_reasons(approved, share=0.9, rank=1, entries=9, thresholds=T) == ()
    assert form_reasons(approved, share=0.91, rank=1, entries=9, thresholds=T) == ("above_form",)


def test_an_unreviewed_strike_lifts_the_form_by_a_bounded_step_only() -> None:
    """The ratchet: live strikes just under the line, one a challenge. Each enters the
    form at most a step above the level before it, so ten strikes leave the line far
    below where the strikes aimed, and a 0.99 stays held."""
    shares: list[float] = [0.55] * 20
    for _ in range(10):
        record = PlayerRecord(shares=tuple(shares))
        form = form_of(record, T)
        assert form is not None
        strike = form.line - 0.001
        assert form_reasons(record, share=strike, rank=1, entries=50, thresholds=T) == ()
        shares.append(strike)
    after = form_of(PlayerRecord(shares=tuple(shares)), T)
    assert after is not None and after.level <= 0.55 + T.form_step + 1e-9
    assert form_reasons(
        PlayerRecord(shares=tuple(shares)), share=0.99, rank=1, entries=50, thresholds=T
    ) == ("above_form",)
    # The same shares approved by a moderator are the form as they are.
    reviewed = PlayerRecord(shares=tuple(shares), reviewed=(True,) * len(shares))
    approved = form_of(reviewed, T)
    assert approved is not None and approved.level > after.level


def test_only_near_par_is_waived_and_only_within_what_a_moderator_approved() -> None:
    assert not approval_waives(REGULAR, share=0.6, thresholds=T)
    approved = PlayerRecord(shares=(0.5, 0.9), reviewed=(False, True))
    assert approval_waives(approved, share=0.95, thresholds=T)
    assert not approval_waives(approved, share=0.951, thresholds=T)
    withdrawn = PlayerRecord(shares=(0.9,), reviewed=(True,), trust="withdrawn")
    assert not approval_waives(withdrawn, share=0.9, thresholds=T)


def test_a_log_turned_about_the_first_cell_is_a_log_of_the_same_score() -> None:
    """The turns by 120 and 240 degrees keep every tile's numbers on the same points:
    the turned log replays legal, point for point, on the same deal."""
    for seed in range(4):
        deal = deal_shuffle(seed)
        log = human_run(deal.tray, deal.well, HUMANS[3], seed)
        played = replay_challenge(tray=deal.tray, well=deal.well, log=log)
        for turns in (1, 2):
            turned = replay_challenge(tray=deal.tray, well=deal.well, log=log_turned(log, turns))
            assert turned.score == played.score
            assert log_placements(log_turned(log, turns)) != log_placements(log)
            assert (
                placements_shared(log_placements(log_turned(log, turns)), log_placements(log))
                == 1.0
            )
        assert log_turned(log_turned(log, 1), 2) == log


def test_placement_turned_maps_cells_and_rotations() -> None:
    assert placement_turned("0-1-2@0,0r0", 0) == "0-1-2@0,0r0"
    # The first cell stays; its corners move on by one.
    assert placement_turned("0-1-2@0,0r0", 1) == "0-1-2@0,0r2"
    assert placement_turned("0-1-2@0,0r0", 2) == "0-1-2@0,0r1"
    assert placement_turned("0-1-2@0,0r0", 3) == "0-1-2@0,0r0"
    # Its three neighbours go round.
    neighbours = {"0,-1", "0,1", "1,0"}
    turned = {
        placement_turned(f"0-1-2@{cell}r0", 1).split("@")[1].split("r")[0] for cell in neighbours
    }
    assert turned == neighbours


def test_placements_shared_as_a_set() -> None:
    ours = ["a", "b", "c", "d", "e"]
    assert placements_shared(ours, ours) == 1.0
    assert placements_shared(ours, ["a", "b", "c", "d", "e", "f"]) == 5 / 6
    # Order does not hide a copy: the same placements in another order.
    assert placements_shared(ours, ["e", "d", "c", "b", "a"]) == 1.0
    assert placements_shared([], ours) == 0.0
    assert placements_shared(ours, []) == 0.0
    assert placements_shared([], []) == 0.0  # nothing to share, and no division by 0
    assert placements_shared(["a"], ["a"]) == 1.0  # one placement, shared


@given(
    st.lists(st.integers(0, 40), max_size=30, unique=True),
    st.lists(st.integers(0, 40), max_size=30, unique=True),
)
def test_placements_shared_is_the_common_set_over_the_longer_log(
    ours: list[int], theirs: list[int]
) -> None:
    """Labels that are no placements stay as they are under every turn."""
    a, b = [str(n) for n in ours], [str(n) for n in theirs]
    expected = len(set(a) & set(b)) / max(len(a), len(b)) if a and b else 0.0
    assert PlacementOrder(a).shared_with(b) == expected


def test_pace_fingerprint_and_likeness() -> None:
    assert pace_fingerprint([0, 1000, 2000]) is None
    assert pace_fingerprint([0, 1000, 2000, 3000, 4000]) == (1000, 1000, 1000)
    assert pace_fingerprint([0, 500, 1500, 3000, 5000]) == (875, 1250, 1625)
    assert paces_linked([1500, 2000, 2500], [1530, 1980, 2550], tolerance_ms=60)
    assert not paces_linked([1500, 2000, 2500], [1500, 2000, 2600], tolerance_ms=60)
    assert not paces_linked([1500, 2000, 2500], [1500, 2000, 2500], tolerance_ms=0)


def test_a_record_with_more_approvals_than_shares_is_refused() -> None:
    """Approvals run parallel to the shares (missing ones: not reviewed); one more
    approval than shares is no record the form can read."""
    assert form_of(PlayerRecord(shares=(0.5, 0.6), reviewed=(True,)), T) is not None
    with pytest.raises(ValueError, match="zip"):
        form_of(PlayerRecord(shares=(0.5,), reviewed=(True, True)), T)
