"""Trust across runs at submit: a player's form, new accounts, copies, overlapping runs
and linked accounts (the rules: ``triominos/trust.py``; docs/trust.md).

The faces never read these reasons out to the player (``moderation/wording.py`` gives
them one plain sentence); the moderators' desk shows everything.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q, Sum

from challenges import engine
from challenges.models import Entry, FormPoint, PlayerForm, Run, ScoreCount
from challenges.moderation.near_copy import near_copy_of
from challenges.play.selectors import run_valid_log

# The single-run measures a trusted player's entry within their form is not held for.
_SINGLE_RUN_SCORE_REASONS = frozenset(
    {
        Entry.HoldReason.NEAR_PAR.value,
        Entry.HoldReason.SOLVER_MOVES.value,
        Entry.HoldReason.SOLVER_LIKE.value,
    }
)


def trust_thresholds() -> engine.TrustThresholds:
    return engine.TrustThresholds(
        top=settings.TRUST_TOP,
        top_share=settings.TRUST_TOP_SHARE,
        guard_share=settings.TRUST_GUARD_SHARE,
        provisional_challenges=settings.TRUST_PROVISIONAL_CHALLENGES,
        form_margin=settings.TRUST_FORM_MARGIN,
        form_window=settings.TRUST_FORM_WINDOW,
        trusted_challenges=settings.TRUST_TRUSTED_CHALLENGES,
    )


def player_record(*, player_id: int) -> engine.PlayerRecord:
    """What the rules read of a player: their counted shares, oldest first."""
    form = PlayerForm.objects.filter(player_id=player_id).first()
    shares = tuple(
        FormPoint.objects.filter(player_id=player_id, counted=True)
        .order_by("at", "id")
        .values_list("share", flat=True)
    )
    if form is None:
        return engine.PlayerRecord(shares=shares)
    return engine.PlayerRecord(
        shares=shares,
        voided=form.voided,
        vouched=form.vouched,
        trust=form.trust,  # type: ignore[arg-type]
    )


def board_rank(*, challenge_id: int, score: int) -> int:
    """The rank ``score`` has among a challenge's live entries (1 + those above it)."""
    above = ScoreCount.objects.filter(challenge_id=challenge_id, score__gt=score).aggregate(
        n=Sum("entries")
    )["n"]
    return 1 + (above or 0)


def run_pace(*, run: Run) -> tuple[int, int, int] | None:
    moves = run_valid_log(run=run)["moves"]
    times = [
        int(move["t"])
        for move in moves  # type: ignore[attr-defined]
        if isinstance(move, dict) and move.get("type") == "place"
    ]
    return engine.pace_fingerprint(times)


def runs_overlapping(*, run: Run) -> list[Run]:
    """The player's other runs that were in play (moves arriving) while ``run`` was."""
    end = run.finished_at or run.finish_by
    nearby = Run.objects.filter(
        player_id=run.player_id, started_at__gt=run.started_at - _OVERLAP_SPAN, started_at__lt=end
    ).exclude(pk=run.pk)
    overlapping = []
    for other in nearby.only("id", "started_at", "arrivals", "challenge_id", "score", "status"):
        if not other.arrivals:
            continue
        first = other.started_at + timedelta(milliseconds=min(other.arrivals))
        last = other.started_at + timedelta(milliseconds=max(other.arrivals))
        if first < end and last > run.started_at:
            overlapping.append(other)
    return overlapping


def network_hash(address: str) -> str:
    """A keyed hash of the network an address belongs to: the IPv4 address, or the IPv6
    /64 (one household or phone); "" for what is not an address."""
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return ""
    if ip.version == 6:
        mapped = ip.ipv4_mapped
        network = str(mapped) if mapped else str(ipaddress.ip_network(f"{ip}/64", strict=False))
    else:
        network = str(ip)
    return _keyed("network", network)


def device_hash(device_id: str) -> str:
    return _keyed("device", device_id) if device_id else ""


def _keyed(kind: str, value: str) -> str:
    key = settings.SECRET_KEY.encode()
    return hmac.new(key, f"{kind}:{value}".encode(), hashlib.sha256).hexdigest()[:32]


def form_signup_record(*, player_id: int, address: str, device_id: str) -> None:
    """Keep where an account (or a guest) was made: hashes only (docs/trust.md)."""
    form, _created = PlayerForm.objects.get_or_create(player_id=player_id)
    if form.signup_network or form.device:
        return
    form.signup_network = network_hash(address)
    form.device = device_hash(device_id)
    form.save(update_fields=["signup_network", "device"])


def players_linked(
    *, player_id: int, among: Sequence[int], pace_among: Sequence[int] | None = None
) -> list[int]:
    """Those of ``among`` that share a sign-up network or a device with the player, and
    those of ``pace_among`` (``among`` when not given) that share their pace."""
    others = [other for other in among if other != player_id]
    if not others:
        return []
    mine = PlayerForm.objects.filter(player_id=player_id).first()
    if mine is None:
        return []
    linked = Q(pk__in=[])
    if mine.signup_network:
        linked |= Q(signup_network=mine.signup_network)
    if mine.device:
        linked |= Q(device=mine.device)
    found = set(
        PlayerForm.objects.filter(linked, player_id__in=others).values_list("player_id", flat=True)
    )
    if mine.pace and mine.pace_entries >= settings.TRUST_LINK_PACE_ENTRIES:
        paced = [
            other for other in (among if pace_among is None else pace_among) if other != player_id
        ]
        for other in PlayerForm.objects.filter(
            player_id__in=paced, pace_entries__gte=settings.TRUST_LINK_PACE_ENTRIES
        ).exclude(pace=None):
            if engine.paces_linked(
                mine.pace, other.pace or [], tolerance_ms=settings.TRUST_LINK_PACE_MS
            ):
                found.add(other.player_id)
    return sorted(found)


@dataclass
class TrustCheck:
    """What trust adds to a submit: reasons, what the desk shows, the linked entries."""

    reasons: list[str] = field(default_factory=list)
    waived: bool = False
    features: dict[str, object] = field(default_factory=dict)
    linked_entries: list[int] = field(default_factory=list)


# How long before a run another may have started and still be in play with it.
_OVERLAP_SPAN = timedelta(
    milliseconds=engine.RULESET.time_limit_ms + engine.RULESET.finish_grace_ms
)


def submit_trust_check(
    *,
    run: Run,
    score: int,
    moves_hash: str,
    placements: Sequence[str],
) -> TrustCheck:
    """Every trust reason for the submit of ``run`` (before its entry exists), whose
    placements are ``placements``."""
    challenge = run.challenge
    thresholds = trust_thresholds()
    check = TrustCheck()
    share = score / challenge.par if challenge.par else None
    record = player_record(player_id=run.player_id)
    rank = board_rank(challenge_id=challenge.pk, score=score)
    entries = challenge.entry_count
    check.reasons += engine.form_reasons(
        record, share=share, rank=rank, entries=entries, thresholds=thresholds
    )
    check.waived = engine.single_run_waived(record, share=share, thresholds=thresholds)
    form = engine.form_of(record, window=thresholds.form_window)
    check.features.update({"form": form, "counted_challenges": record.challenges})
    if settings.TRUST_OVERLAPPING_RUNS and runs_overlapping(run=run):
        check.reasons.append(Entry.HoldReason.OVERLAPPING_RUNS.value)
    if settings.TRUST_NEAR_COPY_SHARE > 0:
        shared, source = near_copy_of(
            run=run, score=score, moves_hash=moves_hash, placements=placements
        )
        check.features.update({"near_copy_share": round(shared, 3), "near_copy_of": source})
        if shared >= settings.TRUST_NEAR_COPY_SHARE:
            check.reasons.append(Entry.HoldReason.NEAR_COPY.value)
    if engine.guarded(thresholds, rank=rank, entries=entries, share=share):
        size = engine.top_size(thresholds, entries=entries)
        top = _top_entries(challenge_id=challenge.pk, top=size, score=score)
        # A pace is weak evidence: it links only within the first TRUST_TOP places.
        linked = players_linked(
            player_id=run.player_id,
            among=[p for _, p, _ in top],
            pace_among=[p for _, p, _ in top[: thresholds.top]] if rank <= thresholds.top else [],
        )
        if linked:
            check.reasons.append(Entry.HoldReason.LINKED_ACCOUNTS.value)
            check.linked_entries = [pk for pk, player, _ in top if player in linked]
    return check


def _top_entries(*, challenge_id: int, top: int, score: int) -> list[tuple[int, int, str]]:
    """The entries (live or held) at or above the top ``top`` live scores, or ``score``."""
    live_scores = list(
        Entry.objects.live()
        .filter(challenge_id=challenge_id)
        .order_by("-score")
        .values_list("score", flat=True)[:top]
    )
    entries = Entry.objects.filter(challenge_id=challenge_id).exclude(status=Entry.Status.VOID)
    if len(live_scores) >= top:
        entries = entries.filter(score__gte=min([*live_scores, score]))
    return list(entries.order_by("-score", "submitted_at").values_list("pk", "player_id", "status"))


def reasons_waived(reasons: Sequence[str]) -> list[str]:
    """The single-run reasons a trusted player's entry within their form drops."""
    return [reason for reason in reasons if reason not in _SINGLE_RUN_SCORE_REASONS]


def form_point_add(*, entry: Entry, run: Run, now: datetime) -> None:
    """A submit adds a challenge to its player's record (counted when live) and the
    run's gaps to their pace."""
    par = entry.challenge.par
    FormPoint.objects.create(
        player_id=entry.player_id,
        challenge_id=entry.challenge_id,
        entry=entry,
        share=entry.score / par if par else None,
        counted=entry.is_live,
        at=now,
    )
    form, _created = PlayerForm.objects.select_for_update().get_or_create(player_id=entry.player_id)
    if entry.is_live:
        form.challenges += 1
    pace = run_pace(run=run)
    if pace is not None:
        n = form.pace_entries
        old = form.pace if form.pace else [0, 0, 0]
        form.pace = [round((o * n + p) / (n + 1), 1) for o, p in zip(old, pace, strict=True)]
        form.pace_entries = n + 1
    form.save()


def form_point_decide(*, entry: Entry, approved: bool, voided: bool = True) -> None:
    """A moderator's decision on an entry: approved, it counts in its player's form (and
    the player is no longer provisional); voided, it no longer counts, and trust from
    the record is gone. ``voided=False``: only held again (a linked account)."""
    form, _created = PlayerForm.objects.select_for_update().get_or_create(player_id=entry.player_id)
    point = FormPoint.objects.filter(entry=entry).first()
    was_counted = point is not None and point.counted
    if point is not None:
        point.counted = approved
        point.save(update_fields=["counted"])
    form.challenges += (1 if approved else 0) - (1 if was_counted else 0)
    if approved:
        form.vouched = True
    elif voided:
        form.voided += 1
    form.save()


def form_trust_set(*, player_id: int, trust: str) -> PlayerForm:
    """A moderator grants (``granted``), withdraws (``withdrawn``) or gives back to the
    record (``auto``) a player's trust."""
    if trust not in PlayerForm.Trust.values:
        raise ValueError(f"not a trust: {trust!r}")
    form, _created = PlayerForm.objects.get_or_create(player_id=player_id)
    form.trust = trust
    form.save(update_fields=["trust"])
    return form
