"""Trust across runs: what a player's record says about a score at the top of a board.

A single run cannot tell a good script from a strong player (``review.py``): both sit
in the same band of par. A record can, if it cannot be ratcheted. This module holds the
rules, pure, so the service and the calibration (``tests/benchmarks/trust_calibration.py``)
apply the same (docs/trust.md has the threat model):

- a player's **form** (:func:`form_of`) is the median share of par of their last
  ``form_window`` counted challenges, with its spread and the uncertainty of the
  median. A counted share no moderator reviewed enters it at most ``form_step`` above
  the level before it: one unreviewed strike cannot lift the level by more;
- an entry is **guarded** (:func:`guarded`) at ``guard_share`` of par and more, the
  band where the field's people are rare, whatever the board's size; by its rank only
  while there is no par to measure it against;
- a guarded entry is held ``provisional`` while its player has fewer than
  ``provisional_challenges`` counted challenges and no moderator has vouched for them,
  and ``above_form`` when it is above the form's **line**: the level, plus the
  player's own spread times ``form_spread_z`` kept between ``form_margin`` and
  ``form_margin_cap``, plus the median's uncertainty; or above what a moderator
  approved, plus a step (:func:`form_reasons`);
- the record never waives a single-run measure: a moderator's approval waives a score
  near par and a score close to the solver's (``solver_like``) within ``form_step`` of
  the share approved (:func:`approval_waives`); the solver's first choices never;
- ``near_copy``: two logs share most of their placements as a set, up to the grid's
  turns about the first cell (:func:`placements_shared`, :func:`placement_turned`).

Pure: no Django, nothing of the project beyond the engine.
"""

from __future__ import annotations

import functools
import itertools
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from triominos.geometry import Cell, Point, cell_corners

__all__ = [
    "FORM_REASONS",
    "TURNS",
    "Form",
    "FormReason",
    "PlacementOrder",
    "PlayerRecord",
    "TrustThresholds",
    "approval_waives",
    "form_of",
    "form_reasons",
    "guarded",
    "pace_fingerprint",
    "paces_linked",
    "placement_turned",
    "placements_shared",
    "top_size",
    "trusted",
]

FormReason = Literal["provisional", "above_form"]
FORM_REASONS: tuple[FormReason, ...] = ("provisional", "above_form")

Trust = Literal["auto", "granted", "withdrawn"]

# The scale that makes a median absolute deviation a standard deviation (normal data),
# and the standard error of a median as a multiple of sd / sqrt(n).
_MAD_SD = 1.4826
_MEDIAN_SE = 1.2533


@dataclass(frozen=True, slots=True)
class TrustThresholds:
    """The settings of trust (``TRUST_*``); ``top`` 0 turns the record's rules off."""

    top: int = 10
    top_share: float = 0.01
    """The top of a board a moderator reads first: the first ``top`` entries, or this
    share of a big board (the desk's order, and where accounts are linked)."""
    guard_share: float = 0.70
    """An entry at or above this share of par is guarded, whatever the board's size:
    few people reach it (the field's top 1 %), and every script aims above it."""
    provisional_challenges: int = 5
    form_margin: float = 0.20
    """The least room above the level before ``above_form``."""
    form_margin_cap: float = 0.35
    """The most room: a spread made wide on purpose buys no more than this."""
    form_spread_z: float = 2.5
    form_window: int = 20
    form_step: float = 0.05
    """How far above the level before it an unreviewed share enters the form."""


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """What the rules read of a player: their counted challenges' shares of par (oldest
    first; ``None`` where the challenge had no par yet) and, for each, whether a
    moderator approved it; voided entries; whether a moderator approved one of their
    entries; and a moderator's word on trust."""

    shares: tuple[float | None, ...] = ()
    reviewed: tuple[bool, ...] = ()
    """Parallel to ``shares`` (missing: none reviewed)."""
    voided: int = 0
    vouched: bool = False
    trust: Trust = "auto"

    @property
    def challenges(self) -> int:
        return len(self.shares)

    def reviewed_best(self) -> float | None:
        """The best share a moderator approved, or ``None``."""
        approved = [
            share
            for share, reviewed in zip(self.shares, self.reviewed, strict=False)
            if reviewed and share is not None
        ]
        return max(approved) if approved else None


@dataclass(frozen=True, slots=True)
class Form:
    """A player's form: the level (median), the spread (a robust standard deviation),
    the uncertainty of the level, how many shares it rests on, and the line above which
    a guarded entry is ``above_form``."""

    level: float
    spread: float
    uncertainty: float
    shares: int
    line: float


def top_size(thresholds: TrustThresholds, *, entries: int) -> int:
    """How many places at the top of a board of ``entries`` live entries a moderator
    reads first (and where accounts are linked)."""
    if thresholds.top <= 0:
        return 0
    return max(thresholds.top, math.ceil(thresholds.top_share * entries))


def guarded(
    thresholds: TrustThresholds, *, rank: int | None, entries: int, share: float | None
) -> bool:
    """Whether an entry is guarded: at or above ``guard_share`` of par; without a par,
    within :func:`top_size` (trust off: ``top`` 0). A small board's first places are
    not guarded for being first: a newcomer's 0.4 of par leads five entries and is no
    script's aim. ``rank`` is read only without a par: None where there is one."""
    if thresholds.top <= 0:
        return False
    if share is None:
        if rank is None:
            raise ValueError("without a par, an entry is guarded by its rank")
        return rank <= top_size(thresholds, entries=entries)
    return share >= thresholds.guard_share


def _evidence(record: PlayerRecord, *, thresholds: TrustThresholds) -> list[float]:
    """The record's shares as the form reads them: each unreviewed one at most
    ``form_step`` above the level (median of the window) before it."""
    evidence: list[float] = []
    reviewed = (*record.reviewed, *([False] * (len(record.shares) - len(record.reviewed))))
    for share, by_moderator in zip(record.shares, reviewed, strict=True):
        if share is None:
            continue
        if evidence and not by_moderator:
            level = statistics.median(evidence[-thresholds.form_window :])
            share = min(share, level + thresholds.form_step)
        evidence.append(share)
    return evidence


def form_of(record: PlayerRecord, thresholds: TrustThresholds) -> Form | None:
    """The player's form over their last ``form_window`` counted shares, or ``None``."""
    recent = _evidence(record, thresholds=thresholds)[-thresholds.form_window :]
    if not recent:
        return None
    level = statistics.median(recent)
    # The spread is of the shares as played (the step bounds the level, not how much
    # a person's runs vary); the cap bounds what a spread made wide on purpose buys.
    played = [share for share in record.shares if share is not None][-thresholds.form_window :]
    spread = _MAD_SD * statistics.median([abs(share - level) for share in played])
    uncertainty = _MEDIAN_SE * spread / math.sqrt(len(recent))
    room = min(
        thresholds.form_margin_cap, max(thresholds.form_margin, thresholds.form_spread_z * spread)
    )
    line = level + room + uncertainty
    approved = record.reviewed_best()
    if approved is not None:
        line = max(line, approved + thresholds.form_step)
    return Form(level=level, spread=spread, uncertainty=uncertainty, shares=len(recent), line=line)


def trusted(record: PlayerRecord) -> bool:
    """A moderator granted trust: never ``provisional``."""
    return record.trust == "granted"


def form_reasons(
    record: PlayerRecord,
    *,
    share: float | None,
    rank: int | None,
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
    if record.trust == "withdrawn" or (new and not trusted(record)):
        reasons.append("provisional")
    form = form_of(record, thresholds)
    if share is not None and form is not None and share > form.line:
        reasons.append("above_form")
    return tuple(reasons)


def approval_waives(
    record: PlayerRecord, *, share: float | None, thresholds: TrustThresholds
) -> bool:
    """Whether a moderator's approval waives the score's single-run measures (a score
    near par; a score and placements close to the solver's together): the score is
    within ``form_step`` of one a moderator approved for this player. The record alone
    never waives them, however long; the solver's first choices always hold."""
    approved = record.reviewed_best()
    if record.trust == "withdrawn" or approved is None or share is None:
        return False
    return share <= approved + thresholds.form_step


# The turns of the grid that keep a log a log: the first tile's cell [0, 0] stays where
# it is only under the turns by 0, 120 and 240 degrees about its centre. A turn by 60
# degrees (or 180, 300) makes it a down cell; a reflection reverses every tile's
# clockwise order, and a tile of three different numbers is never flipped.
TURNS = (0, 1, 2)


# A submit turns each of its placements twice, and a deal's runs share most of theirs.
@functools.lru_cache(maxsize=65_536)
def placement_turned(placement: str, turns: int) -> str:
    """A placement (``"a-b-c@row,colrR"``, as ``moves_sequence`` writes it) turned by
    ``turns`` times 120 degrees clockwise about the centre of cell [0, 0]: the same
    tile, the turned cell, and the rotation that puts its numbers on the same points.
    A string without a cell is no placement: it is given back as it is."""
    turns %= 3
    tile, at, where = placement.partition("@")
    if turns == 0 or not at:
        return placement  # unturned, or no placement (kept as it is)
    cell, _, rotation = where.partition("r")
    row, col = (int(part) for part in cell.split(","))
    new_row, new_col, shift = _cell_turned(row, col, turns)
    return f"{tile}@{new_row},{new_col}r{(int(rotation) - shift) % 3}"


# A submit turns every placement twice; the cells a board reaches are few, so their
# turns are worked out once per process.
@functools.lru_cache(maxsize=16_384)
def _cell_turned(row: int, col: int, turns: int) -> tuple[int, int, int]:
    """The cell ``row, col`` turned by ``turns`` times 120 degrees, and the shift of its
    corners: corner 0 lands on the turned cell's corner ``shift`` (the corner numbered i
    lands where the new cell numbers i + shift, the turn keeping the clockwise order)."""
    corners = cell_corners(Cell(row, col))
    for _ in range(turns):
        corners = (_point_turned(corners[0]), _point_turned(corners[1]), _point_turned(corners[2]))
    turned = _cell_of(corners)
    return turned.row, turned.col, cell_corners(turned).index(corners[0])


def _point_turned(point: Point) -> Point:
    """``point`` turned by 120 degrees clockwise as the board is seen (rows growing
    downward) about the centroid of cell [0, 0], exactly. Measured in half-edges across
    and thirds of a row down, the centroid is at (1, 2) and the turn is rational; for a
    lattice point (``row + x`` odd) it comes to these two halves of even numbers."""
    return Point((point.x - point.row + 1) // 2, (5 - point.x - 3 * point.row) // 2)


def _cell_of(corners: tuple[Point, Point, Point]) -> Cell:
    """The cell whose corners are ``corners``: up or down, its row is their top one and
    its column their leftmost x."""
    return Cell(min(point.row for point in corners), min(point.x for point in corners))


class PlacementOrder:
    """A log's placements, indexed once in each of the grid's turns, to be set against
    many other logs (a submit compares its run with the entries nearest in score)."""

    def __init__(self, placements: Sequence[str]) -> None:
        self.placements = tuple(placements)
        self._turned = [
            frozenset(placement_turned(placement, turns) for placement in self.placements)
            for turns in TURNS
        ]

    def shared_with(self, theirs: Sequence[str]) -> float:
        """The share of placements this log and ``theirs`` both make, in whatever order,
        with this log turned as best fits (1.0 for a copy, turned or not, with draws
        added; 0.7 for a copy that kept seven placements of ten): over the longer log."""
        longer = max(len(self.placements), len(theirs))
        if longer == 0:
            return 0.0  # two logs without a placement share none
        return max(len(turned.intersection(theirs)) for turned in self._turned) / longer


def placements_shared(ours: Sequence[str], theirs: Sequence[str]) -> float:
    """``PlacementOrder(ours).shared_with(theirs)``, for one comparison."""
    return PlacementOrder(ours).shared_with(theirs)


def pace_fingerprint(times_ms: Sequence[int]) -> tuple[int, int, int] | None:
    """How the gaps between placements are spread: their quartiles in ms, or ``None``
    for fewer than four gaps (``times_ms``: each placement's ``t``)."""
    gaps = sorted(b - a for a, b in itertools.pairwise(times_ms))
    if len(gaps) < 4:
        return None

    def quantile(q: float) -> int:
        position = q * (len(gaps) - 1)
        low = int(position)
        high = low + 1  # a quartile lies below the last gap: q (n - 1) < n - 1
        return round(gaps[low] + (gaps[high] - gaps[low]) * (position - low))

    return (quantile(0.25), quantile(0.5), quantile(0.75))


def paces_linked(ours: Sequence[float], theirs: Sequence[float], *, tolerance_ms: float) -> bool:
    """Two entries' fingerprints within ``tolerance_ms`` at every quartile: shown to a
    moderator, never a hold (a rival can copy a pace read off public runs)."""
    if tolerance_ms <= 0 or len(ours) != 3 or len(theirs) != 3:
        return False
    return all(abs(a - b) <= tolerance_ms for a, b in zip(ours, theirs, strict=True))
