"""Trust across runs: what a player's record says about a score at the top of a board.

A single run cannot tell a good script from a strong player (``review.py``): both sit
in the same band of par. A record can. This module holds the rules, pure, so the
service and the calibration (``tests/benchmarks/trust_calibration.py``) apply the same:

- a player's **form** is the best share of par among their last ``form_window``
  counted challenges (live, or approved by a moderator): :func:`form_of`;
- an entry at the guarded top (the first ``top`` places, or the first ``top_share`` of a
  big board, or ``guard_share`` of par and more: :func:`guarded`) is held
  ``provisional`` while its player has fewer than ``provisional_challenges`` counted
  challenges and no moderator has vouched for them, and ``above_form`` when its share of
  par is more than ``form_margin`` above their form: :func:`form_reasons`;
- a player with ``trusted_challenges`` counted challenges and none voided (or one a
  moderator granted trust) is **trusted within their form**: the single-run measures
  (near par, the solver's moves) do not hold their entries that are within it; nor
  those of a player a moderator vouched for (approved an entry of) within the form
  that approval set;
- ``near_copy``: two logs share most of their placements in order
  (:func:`placements_shared`);
- ``linked_accounts``: two accounts place tiles at the same pace
  (:func:`pace_fingerprint`, :func:`paces_linked`); the service adds a shared sign-up
  network and device.

Pure: no Django, nothing of the project beyond the engine.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "FORM_REASONS",
    "FormReason",
    "PlayerRecord",
    "TrustThresholds",
    "form_of",
    "form_reasons",
    "guarded",
    "pace_fingerprint",
    "paces_linked",
    "placements_shared",
    "single_run_waived",
    "top_size",
    "trusted",
]

FormReason = Literal["provisional", "above_form"]
FORM_REASONS: tuple[FormReason, ...] = ("provisional", "above_form")

Trust = Literal["auto", "granted", "withdrawn"]


@dataclass(frozen=True, slots=True)
class TrustThresholds:
    """The settings of trust (``TRUST_*``); ``top`` 0 turns the top-of-board rules off."""

    top: int = 10
    top_share: float = 0.01
    """The guarded top is the first ``top`` entries, or this share of a big board."""
    guard_share: float = 0.70
    """An entry at or above this share of par is guarded wherever it ranks: on a busy
    board a script stays out of the top 1 % and still above nearly every person."""
    provisional_challenges: int = 5
    form_margin: float = 0.20
    form_window: int = 20
    trusted_challenges: int = 10


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """What the rules read of a player: their counted challenges' shares of par (oldest
    first; ``None`` where the challenge had no par yet), voided entries, whether a
    moderator approved one of their entries, and a moderator's word on trust."""

    shares: tuple[float | None, ...] = ()
    voided: int = 0
    vouched: bool = False
    trust: Trust = "auto"

    @property
    def challenges(self) -> int:
        return len(self.shares)


def top_size(thresholds: TrustThresholds, *, entries: int) -> int:
    """How many places at the top of a board of ``entries`` live entries are guarded."""
    if thresholds.top <= 0:
        return 0
    return max(thresholds.top, math.ceil(thresholds.top_share * entries))


def guarded(thresholds: TrustThresholds, *, rank: int, entries: int, share: float | None) -> bool:
    """Whether an entry is at the guarded top: in :func:`top_size`, or at or above
    ``guard_share`` of par (trust off: ``top`` 0)."""
    if thresholds.top <= 0:
        return False
    high = share is not None and thresholds.guard_share > 0 and share >= thresholds.guard_share
    return high or rank <= top_size(thresholds, entries=entries)


def form_of(record: PlayerRecord, *, window: int) -> float | None:
    """The best share of par of the last ``window`` counted challenges, or ``None``."""
    recent = [share for share in record.shares[-window:] if share is not None]
    return max(recent) if recent else None


def trusted(record: PlayerRecord, thresholds: TrustThresholds) -> bool:
    if record.trust != "auto":
        return record.trust == "granted"
    return record.voided == 0 and record.challenges >= thresholds.trusted_challenges


def _within_form(record: PlayerRecord, share: float | None, thresholds: TrustThresholds) -> bool:
    form = form_of(record, window=thresholds.form_window)
    if share is None:
        return True
    return form is not None and share <= form + thresholds.form_margin


def form_reasons(
    record: PlayerRecord,
    *,
    share: float | None,
    rank: int,
    entries: int,
    thresholds: TrustThresholds,
) -> tuple[FormReason, ...]:
    """Why an entry that would rank ``rank`` (1 is the top) among ``entries`` live ones,
    with ``share`` of par, is held for a person, from its player's record (in
    :data:`FORM_REASONS` order)."""
    if not guarded(thresholds, rank=rank, entries=entries, share=share):
        return ()
    reasons: list[FormReason] = []
    new = record.challenges < thresholds.provisional_challenges and not record.vouched
    if record.trust == "withdrawn" or (new and record.trust != "granted"):
        reasons.append("provisional")
    form = form_of(record, window=thresholds.form_window)
    if share is not None and form is not None and not _within_form(record, share, thresholds):
        reasons.append("above_form")
    return tuple(reasons)


def single_run_waived(
    record: PlayerRecord, *, share: float | None, thresholds: TrustThresholds
) -> bool:
    """Whether the single-run measures (near par, the solver's moves and score together)
    are waived: the entry is within the form of a trusted player, or of one a moderator
    vouched for (approved an entry of: a level a person has looked at)."""
    if record.trust == "withdrawn" or form_of(record, window=thresholds.form_window) is None:
        return False
    vouched = trusted(record, thresholds) or record.vouched
    return vouched and _within_form(record, share, thresholds)


class PlacementOrder:
    """A log's placements, indexed once, to be set against many other logs (a submit
    compares its run with the entries nearest in score)."""

    def __init__(self, placements: Sequence[str]) -> None:
        self.placements = tuple(placements)
        self._where = {placement: index for index, placement in enumerate(self.placements)}
        self._made = frozenset(self._where)
        self._distinct = len(self._where) == len(self.placements)

    def shared_at_most(self, theirs: Sequence[str]) -> float:
        """An upper bound of :meth:`shared_with`, cheaper: the placements both logs
        make, in whatever order, over the longer log (1.0 where a placement repeats)."""
        if not self._distinct:
            return 1.0
        longer = max(len(self.placements), len(theirs))
        return len(self._made.intersection(theirs)) / longer if longer else 0.0

    def shared_with(self, theirs: Sequence[str]) -> float:
        """The share of placements this log and ``theirs`` make in the same order: their
        longest common subsequence over the longer log (1.0 for a copy with draws
        added, ~0 for strangers)."""
        ours = self.placements
        if not ours or not theirs:
            return 0.0
        longer = max(len(ours), len(theirs))
        if self._distinct and len(set(theirs)) == len(theirs):
            # No placement twice in either log (a tile is placed once): the common
            # subsequence is the longest increasing run of where theirs sit in ours,
            # found in n log n rather than the table's n * m.
            where = self._where
            return _longest_increasing([where[p] for p in theirs if p in where]) / longer
        previous = [0] * (len(theirs) + 1)
        for mine in ours:
            current = [0]
            for index, other in enumerate(theirs):
                if mine == other:
                    current.append(previous[index] + 1)
                else:
                    current.append(max(previous[index + 1], current[index]))
            previous = current
        return previous[-1] / longer


def placements_shared(ours: Sequence[str], theirs: Sequence[str]) -> float:
    """``PlacementOrder(ours).shared_with(theirs)``, for one comparison."""
    return PlacementOrder(ours).shared_with(theirs)


def _longest_increasing(values: Sequence[int]) -> int:
    """The length of the longest strictly increasing subsequence (patience sorting)."""
    tails: list[int] = []
    for value in values:
        place = bisect.bisect_left(tails, value)
        if place == len(tails):
            tails.append(value)
        else:
            tails[place] = value
    return len(tails)


def pace_fingerprint(times_ms: Sequence[int]) -> tuple[int, int, int] | None:
    """How the gaps between placements are spread: their quartiles in ms, or ``None``
    for fewer than four gaps (``times_ms``: each placement's ``t``)."""
    gaps = sorted(b - a for a, b in itertools.pairwise(times_ms))
    if len(gaps) < 4:
        return None

    def quantile(q: float) -> int:
        position = q * (len(gaps) - 1)
        low = int(position)
        high = min(low + 1, len(gaps) - 1)
        return round(gaps[low] + (gaps[high] - gaps[low]) * (position - low))

    return (quantile(0.25), quantile(0.5), quantile(0.75))


def paces_linked(ours: Sequence[float], theirs: Sequence[float], *, tolerance_ms: float) -> bool:
    """Two accounts' mean fingerprints within ``tolerance_ms`` at every quartile."""
    if tolerance_ms <= 0 or len(ours) != 3 or len(theirs) != 3:
        return False
    return all(abs(a - b) <= tolerance_ms for a, b in zip(ours, theirs, strict=True))
