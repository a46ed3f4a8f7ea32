"""The moderators' desk (reads): the held entries, the ones that change the top of a
board most first, and everything about one of them a person decides on."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from challenges import engine
from challenges.models import Entry, EntryDecision, FormPoint, PlayerForm, Run
from challenges.moderation.timing import entry_timing_distance
from challenges.moderation.trust import (
    board_rank,
    player_record,
    players_nearby,
    runs_overlapping,
    trust_thresholds,
)
from challenges.play.selectors import run_valid_log

DESK_QUEUE_SIZE = 200
# The gaps between placements, in bins of this many ms, up to the last bin's start.
PACE_BIN_MS = 250
PACE_BINS = 24


@dataclass(frozen=True)
class QueueRow:
    entry: Entry
    rank: int
    """The rank it would have once approved (the desk sees it; its player does not)."""
    impact: int
    """How many places of the top of its board it would take: ``TRUST_TOP + 1 - rank``."""
    held_hours: float
    """How long it has been held."""
    deadline: datetime
    """Its challenge's ``results_at``: decided by then, or settled by the policy."""


def desk_queue(*, limit: int = DESK_QUEUE_SIZE, now: datetime | None = None) -> list[QueueRow]:
    """The held entries no policy settled yet, those that change the top of a board
    most first (then the nearest deadline): approving a would-be first changes more
    than a would-be 900th."""
    now = now or timezone.now()
    top = max(settings.TRUST_TOP, 1)
    held = (
        Entry.objects.filter(status=Entry.Status.HELD, settled_at=None)
        .select_related("player", "challenge")
        .order_by("submitted_at")[:limit]
    )
    rows = []
    for entry in held:
        rank = board_rank(challenge_id=entry.challenge_id, score=entry.score)
        rows.append(
            QueueRow(
                entry=entry,
                rank=rank,
                impact=max(0, top + 1 - rank),
                held_hours=_hours(now - entry.submitted_at),
                deadline=entry.challenge.results_at,
            )
        )
    rows.sort(
        key=lambda row: (
            -row.impact,
            row.deadline,
            row.rank,
            -row.entry.score,
            row.entry.submitted_at,
        )
    )
    return rows


@dataclass(frozen=True)
class FormPointRow:
    challenge_id: int
    at: datetime
    share: float | None
    status: str
    counted: bool


@dataclass(frozen=True)
class LinkedAccount:
    player: User
    ties: tuple[str, ...]
    """What links them: ``network``, ``device``, ``pace``."""
    entries: list[Entry]
    entry_here: Entry | None
    """Their entry on the same challenge, if any (a group voids these)."""


@dataclass(frozen=True)
class DeskEntry:
    entry: Entry
    rank: int
    analysis: dict[str, object] | None
    form_points: list[FormPointRow]
    form: engine.Form | None
    counted_challenges: int
    player_form: PlayerForm | None
    account_age_days: int
    linked: list[LinkedAccount]
    overlapping: list[Run]
    pace: tuple[int, int, int] | None
    pace_bins: list[int]
    timing_distance: float | None
    decisions: list[EntryDecision]
    held_hours: float
    deadline: datetime


def desk_entry(*, entry_id: int, now: datetime | None = None) -> DeskEntry:
    """Everything a moderator reads before deciding on ``entry_id`` (DoesNotExist if none)."""
    now = now or timezone.now()
    entry = Entry.objects.select_related("player", "challenge", "run").get(pk=entry_id)
    challenge, run = entry.challenge, entry.run
    thresholds = trust_thresholds()
    record = player_record(player_id=entry.player_id)
    player_form = PlayerForm.objects.filter(player_id=entry.player_id).first()
    times = _placement_times(run)
    try:
        analysis = engine.log_analysis(
            tray=challenge.tray, well=challenge.well, log=run_valid_log(run=run)
        )
    except ValueError:
        analysis = None
    return DeskEntry(
        entry=entry,
        rank=board_rank(challenge_id=entry.challenge_id, score=entry.score),
        analysis=analysis,
        form_points=_form_points(player_id=entry.player_id),
        form=engine.form_of(record, thresholds),
        counted_challenges=record.challenges,
        player_form=player_form,
        account_age_days=max(0, (now - entry.player.date_joined).days),
        linked=linked_accounts(entry=entry, player_form=player_form),
        overlapping=runs_overlapping(run=run),
        pace=engine.pace_fingerprint(times),
        pace_bins=_pace_bins(times),
        timing_distance=entry_timing_distance(entry=entry),
        decisions=list(entry.decisions.select_related("decided_by")),
        held_hours=_hours(now - entry.submitted_at),
        deadline=challenge.results_at,
    )


def _hours(span: timedelta) -> float:
    return max(0.0, span.total_seconds() / 3600)


def _form_points(*, player_id: int) -> list[FormPointRow]:
    points = FormPoint.objects.filter(player_id=player_id).select_related("entry")
    return [
        FormPointRow(
            challenge_id=point.challenge_id,
            at=point.at,
            share=point.share,
            status=point.entry.status,
            counted=point.counted,
        )
        for point in points.order_by("at", "id")
    ]


def _placement_times(run: Run) -> list[int]:
    moves = run_valid_log(run=run)["moves"]
    return [
        int(move["t"])
        for move in moves  # type: ignore[attr-defined]
        if isinstance(move, dict) and move.get("type") == "place"
    ]


def _pace_bins(times: list[int]) -> list[int]:
    """How the gaps between placements are spread: a count per ``PACE_BIN_MS``."""
    bins = [0] * PACE_BINS
    for a, b in itertools.pairwise(times):
        bins[min((b - a) // PACE_BIN_MS, PACE_BINS - 1)] += 1
    return bins


def linked_accounts(*, entry: Entry, player_form: PlayerForm | None) -> list[LinkedAccount]:
    """The accounts that share the player's device or a network few accounts share
    (theirs or a claimed guest's), and the players whose entry on this challenge has
    its pace: with their latest entries and their entry here. A pace alone holds no
    one (a rival can copy it); a moderator reads it beside the rest."""
    ties: dict[int, list[str]] = {}
    if player_form is not None:
        devices = {player_form.device, *(device for device, _ in player_form.claimed or [])}
        devices.discard("")  # no device cookie: ties nobody
        for player_id in players_nearby(player_id=entry.player_id)[:50]:
            other = PlayerForm.objects.filter(player_id=player_id).first()
            kind = "device" if other is not None and other.device in devices else "network"
            ties.setdefault(player_id, []).append(kind)
    pace = entry.features.get("pace")
    if isinstance(pace, list) and len(pace) == 3:
        same_challenge = (
            Entry.objects.filter(challenge_id=entry.challenge_id)
            .exclude(player_id=entry.player_id)
            .order_by("-score")
            .values_list("player_id", "features")[: settings.TRUST_TOP * 5]
        )
        for player_id, features in same_challenge:
            theirs = features.get("pace") if isinstance(features, dict) else None
            if isinstance(theirs, list) and engine.paces_linked(
                pace, theirs, tolerance_ms=settings.TRUST_LINK_PACE_MS
            ):
                ties.setdefault(player_id, []).append("pace")
    linked = []
    for player in User.objects.filter(pk__in=ties).order_by("username"):
        entries = list(
            Entry.objects.filter(player=player)
            .select_related("challenge")
            .order_by("-submitted_at")[:10]
        )
        here = next((e for e in entries if e.challenge_id == entry.challenge_id), None)
        if here is None:
            here = Entry.objects.filter(player=player, challenge_id=entry.challenge_id).first()
        linked.append(
            LinkedAccount(
                player=player, ties=tuple(ties[player.pk]), entries=entries, entry_here=here
            )
        )
    return linked


def desk_group_entries(*, entry_id: int) -> list[Entry]:
    """The entry and its linked accounts' entries on the same challenge (not yet void):
    what "void the group" takes off the board."""
    desk = desk_entry(entry_id=entry_id)
    group = [desk.entry] + [
        account.entry_here
        for account in desk.linked
        if account.entry_here is not None and not account.entry_here.is_voided
    ]
    return [entry for entry in group if not entry.is_voided]
