"""The edges of the trust rules (triominos/trust.py): each comparison met exactly and
missed, with thresholds written out here, so that tuning the service's defaults
changes none of these."""

from __future__ import annotations

import math

import pytest

from triominos import (
    PlayerRecord,
    TrustThresholds,
    approval_waives,
    form_of,
    form_reasons,
    guarded,
    pace_fingerprint,
    paces_linked,
    placement_turned,
    top_size,
)

T = TrustThresholds(
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


def test_no_top_is_read_when_the_record_is_off_and_a_top_of_one_is_one() -> None:
    assert top_size(TrustThresholds(top=0), entries=10_000) == 0
    assert top_size(TrustThresholds(top=1, top_share=0.0), entries=50) == 1
    assert top_size(T, entries=1_001) == 11  # a share of a place is a place


@pytest.mark.parametrize(("challenges", "provisional"), [(4, True), (5, False)])
def test_a_player_is_provisional_below_so_many_challenges(
    challenges: int, provisional: bool
) -> None:
    record = PlayerRecord(shares=(0.75,) * challenges)
    reasons = form_reasons(record, share=0.75, rank=1, entries=50, thresholds=T)
    assert reasons == (("provisional",) if provisional else ())


def test_a_challenge_without_a_par_is_skipped_not_the_end_of_the_record() -> None:
    record = PlayerRecord(shares=(0.5, None, 0.6, 0.7))
    form = form_of(record, T)
    assert form is not None and (form.shares, form.level) == (3, 0.55)


def test_the_room_above_the_level_is_the_players_spread_between_margin_and_cap() -> None:
    """Between the margin and the cap the room is the spread times z, exactly; past the
    cap, the cap exactly."""
    middle = form_of(PlayerRecord(shares=(0.43, 0.57) * 10, reviewed=(True,) * 20), T)
    assert middle is not None
    assert middle.spread == pytest.approx(1.4826 * 0.07)  # 2.5 x 0.104: between 0.20 and 0.35
    assert middle.line == middle.level + 2.5 * middle.spread + middle.uncertainty
    wide = form_of(PlayerRecord(shares=(0.2, 0.9) * 10, reviewed=(True,) * 20), T)
    assert wide is not None and wide.line == wide.level + 0.35 + wide.uncertainty


def test_the_spread_is_of_the_window_only() -> None:
    """Thirty old shares far below are out of the window: neither the level nor the
    spread reads them."""
    recent = (0.5, 0.6) * 10
    form = form_of(PlayerRecord(shares=(0.1,) * 30 + recent, reviewed=(True,) * 50), T)
    alone = form_of(PlayerRecord(shares=recent, reviewed=(True,) * 20), T)
    assert form is not None and form == alone
    assert math.isclose(form.spread, 1.4826 * 0.05)


def test_an_approval_waives_up_to_a_step_above_the_share_approved_exactly() -> None:
    approved = PlayerRecord(shares=(0.4, 0.5), reviewed=(False, True))
    assert approval_waives(approved, share=0.5 + 0.05, thresholds=T)
    assert not approval_waives(approved, share=0.5 + 0.05 + 1e-9, thresholds=T)
    assert not approval_waives(approved, share=None, thresholds=T)


@pytest.mark.parametrize(("turns", "same_as"), [(4, 1), (5, 2), (-1, 2), (6, 0)])
def test_turns_are_counted_round_the_circle(turns: int, same_as: int) -> None:
    for placement in ("0-1-2@0,0r0", "1-2-3@0,1r2", "2-2-4@1,0r1", "3-4-5@-2,3r0"):
        assert placement_turned(placement, turns) == placement_turned(placement, same_as)
    assert placement_turned("1-2-3@0,1r2", 1) != "1-2-3@0,1r2"


def test_paces_link_at_the_tolerance_itself_and_only_three_quartiles_each() -> None:
    assert paces_linked([1500, 2000, 2500], [1560, 1940, 2560], tolerance_ms=60)
    assert not paces_linked([1500, 2000, 2500], [1561, 2000, 2500], tolerance_ms=60)
    assert not paces_linked([1500, 2000], [1500, 2000], tolerance_ms=60)
    assert not paces_linked([1500, 2000, 2500, 3000], [1500, 2000, 2500, 3000], tolerance_ms=60)


def test_a_pace_needs_four_gaps_and_reads_its_quartiles_between_them() -> None:
    assert pace_fingerprint([0, 100, 300, 600]) is None
    # Gaps 100, 200, 300, 400, 500: quartiles at 1, 2 and 3 exactly.
    assert pace_fingerprint([0, 100, 300, 600, 1000, 1500]) == (200, 300, 400)
    # Gaps 100..600: at 1.25, 2.5 and 3.75, between two gaps each.
    assert pace_fingerprint([0, 100, 300, 600, 1000, 1500, 2100]) == (225, 350, 475)


def test_without_a_par_the_first_places_are_guarded_by_rank() -> None:
    new = PlayerRecord()
    assert form_reasons(new, share=None, rank=10, entries=50, thresholds=T) == ("provisional",)
    assert form_reasons(new, share=None, rank=11, entries=50, thresholds=T) == ()
    assert form_reasons(new, share=None, rank=11, entries=1_100, thresholds=T) == ("provisional",)
    assert guarded(TrustThresholds(top=1, top_share=0.0), rank=1, entries=5, share=None)


def test_the_best_approved_share_reads_approved_shares_only() -> None:
    assert PlayerRecord(shares=(0.9, 0.5), reviewed=(False, True)).reviewed_best() == 0.5
    assert PlayerRecord(shares=(None, 0.5), reviewed=(True, True)).reviewed_best() == 0.5


def test_paces_of_other_lengths_and_the_least_tolerance() -> None:
    assert not paces_linked([1500, 2000], [1500, 2000, 2500], tolerance_ms=60)
    assert not paces_linked([1500, 2000, 2500], [1500, 2000], tolerance_ms=60)
    assert paces_linked([1500, 2000, 2500], [1501, 2000, 2499], tolerance_ms=1)


def test_a_turn_and_the_two_after_it_give_every_placement_back_far_from_the_first() -> None:
    """Every cell out to 30 steps and every rotation: turned by 120 degrees and then by
    240 it is itself, and a turn never gives the same cell of another kind."""
    for row in range(-30, 31, 3):
        for col in range(-30, 31, 1):
            for rotation in range(3):
                placement = f"1-2-3@{row},{col}r{rotation}"
                once = placement_turned(placement, 1)
                assert placement_turned(once, 2) == placement, placement
                assert placement_turned(placement_turned(once, 1), 1) == placement, placement
                new_row, new_col = (int(n) for n in once.split("@")[1].split("r")[0].split(","))
                assert (new_row + new_col) % 2 == (row + col) % 2, placement
