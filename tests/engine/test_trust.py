"""The rules of trust across runs (triominos/trust.py), without a database."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from triominos import (
    PlacementOrder,
    PlayerRecord,
    TrustThresholds,
    form_of,
    form_reasons,
    guarded,
    pace_fingerprint,
    paces_linked,
    placements_shared,
    single_run_waived,
    top_size,
    trusted,
)

T = TrustThresholds()
REGULAR = PlayerRecord(shares=(0.5, 0.55, 0.6, 0.52, 0.58, 0.5, 0.55, 0.6, 0.57, 0.53))


def test_the_guarded_top_is_ten_places_one_percent_or_a_high_share_of_par() -> None:
    assert top_size(T, entries=50) == 10 and top_size(T, entries=10_000) == 100
    assert guarded(T, rank=100, entries=10_000, share=0.3)
    assert not guarded(T, rank=101, entries=10_000, share=0.69)
    assert guarded(T, rank=900, entries=10_000, share=0.70)
    assert not guarded(TrustThresholds(top=0), rank=1, entries=1, share=1.0)


def test_a_new_account_at_the_top_is_provisional_until_vouched_for() -> None:
    new = PlayerRecord(shares=(0.4,))
    assert form_reasons(new, share=0.5, rank=1, entries=3, thresholds=T) == ("provisional",)
    assert form_reasons(new, share=0.5, rank=11, entries=30, thresholds=T) == ()
    vouched = PlayerRecord(shares=(0.8,), vouched=True)
    assert form_reasons(vouched, share=0.8, rank=1, entries=3, thresholds=T) == ()
    withdrawn = PlayerRecord(shares=REGULAR.shares, trust="withdrawn")
    assert form_reasons(withdrawn, share=0.5, rank=1, entries=3, thresholds=T) == ("provisional",)


def test_far_above_form_is_held_and_once_approved_is_the_new_form() -> None:
    assert form_of(REGULAR, window=20) == 0.6
    # The margin (0.20) above a form of 0.6.
    assert form_reasons(REGULAR, share=0.85, rank=1, entries=9, thresholds=T) == ("above_form",)
    assert form_reasons(REGULAR, share=0.85, rank=40, entries=900, thresholds=T) == ("above_form",)
    assert form_reasons(REGULAR, share=0.75, rank=1, entries=9, thresholds=T) == ()
    approved = PlayerRecord(shares=(*REGULAR.shares, 0.85))
    assert form_reasons(approved, share=0.9, rank=1, entries=9, thresholds=T) == ()
    # The form is the window's best: an old peak is forgotten.
    old_peak = PlayerRecord(shares=(0.9, *([0.4] * 20)))
    assert form_of(old_peak, window=20) == 0.4


def test_trusted_players_within_form_are_not_held_for_single_run_measures() -> None:
    assert trusted(REGULAR, T) and not trusted(PlayerRecord(shares=(0.5,) * 9), T)
    assert not trusted(PlayerRecord(shares=REGULAR.shares, voided=1), T)
    assert trusted(PlayerRecord(shares=(), trust="granted"), T) is True
    assert single_run_waived(REGULAR, share=0.75, thresholds=T)
    assert not single_run_waived(REGULAR, share=0.85, thresholds=T)
    assert not single_run_waived(PlayerRecord(shares=(0.5,) * 3), share=0.5, thresholds=T)


def test_placements_shared_in_order() -> None:
    ours = ["a", "b", "c", "d", "e"]
    assert placements_shared(ours, ours) == 1.0
    assert placements_shared(ours, ["a", "b", "c", "d", "e", "f"]) == 5 / 6
    assert placements_shared(ours, ["e", "d", "c", "b", "a"]) == 1 / 5
    assert placements_shared([], ours) == 0.0


# Two logs without a repeated placement, and one with repeats.
_THREE_LOGS = (
    st.lists(st.integers(0, 40), max_size=30, unique=True),
    st.lists(st.integers(0, 40), max_size=30, unique=True),
    st.lists(st.integers(0, 5), max_size=12),
)


def _log_pairs(
    ours: list[int], theirs: list[int], repeated: list[int]
) -> list[tuple[list[str], list[str]]]:
    """The pairs to compare, as placements: distinct with distinct, and with repeats."""
    pairs = [(ours, theirs), (ours, repeated), (repeated, theirs)]
    return [([str(n) for n in mine], [str(n) for n in other]) for mine, other in pairs]


def _common_subsequence(ours: list[str], theirs: list[str]) -> int:
    """The longest common subsequence by the whole table: what the quick path must equal."""
    table = [[0] * (len(theirs) + 1) for _ in range(len(ours) + 1)]
    for i, mine in enumerate(ours):
        for j, other in enumerate(theirs):
            table[i + 1][j + 1] = (
                table[i][j] + 1 if mine == other else max(table[i][j + 1], table[i + 1][j])
            )
    return table[-1][-1]


@given(*_THREE_LOGS)
def test_placements_shared_is_the_longest_common_subsequence(
    ours: list[int], theirs: list[int], repeated: list[int]
) -> None:
    """Distinct placements take the quick path, repeated ones the table: both are the
    longest common subsequence over the longer log."""
    for a, b in _log_pairs(ours, theirs, repeated):
        expected = _common_subsequence(a, b) / max(len(a), len(b)) if a and b else 0.0
        assert placements_shared(a, b) == expected


@given(*_THREE_LOGS)
def test_shared_at_most_bounds_shared_with(
    ours: list[int], theirs: list[int], repeated: list[int]
) -> None:
    """The bound a submit skips entries by is never below the share: a skipped entry
    could not have come first. Logs without a repeat are bounded by what they have in
    common, in whatever order."""
    for a, b in _log_pairs(ours, theirs, repeated):
        order = PlacementOrder(a)
        assert order.shared_with(b) <= order.shared_at_most(b)
    order = PlacementOrder([str(n) for n in ours])
    reversed_theirs = [str(n) for n in reversed(ours)] + ["x"]
    assert order.shared_at_most(reversed_theirs) == (len(ours) / (len(ours) + 1))


def test_pace_fingerprint_and_links() -> None:
    assert pace_fingerprint([0, 1000, 2000]) is None
    assert pace_fingerprint([0, 1000, 2000, 3000, 4000]) == (1000, 1000, 1000)
    assert pace_fingerprint([0, 500, 1500, 3000, 5000]) == (875, 1250, 1625)
    assert paces_linked([1500, 2000, 2500], [1530, 1980, 2550], tolerance_ms=60)
    assert not paces_linked([1500, 2000, 2500], [1500, 2000, 2600], tolerance_ms=60)
    assert not paces_linked([1500, 2000, 2500], [1500, 2000, 2500], tolerance_ms=0)
