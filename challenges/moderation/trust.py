"""Trust across runs at submit: a player's form, new accounts, copies, overlapping runs
and linked accounts (the rules: ``triominos/trust.py``; docs/trust.md).

The faces never read these reasons out to the player (``moderation/wording.py`` gives
them one plain sentence); the moderators' desk shows everything.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Count, F, Q, Sum

from challenges import engine
from challenges.compiled_queries import CompiledQuery
from challenges.models import Entry, FormPoint, PlayerForm, Run, ScoreCount
from challenges.moderation.near_copy import near_copy_of
from challenges.moderation.timing import run_timing_check
from challenges.play.selectors import run_valid_log, runs_beside

# What a moderator's approval waives, within a step of the share they approved: a score
# near par, and a score and placements close to the solver's together. The record never
# waives anything, and the solver's first choices themselves (solver_moves) always hold.
_WAIVABLE = frozenset({Entry.HoldReason.NEAR_PAR.value, Entry.HoldReason.SOLVER_LIKE.value})
_SOLVER_MEASURES = frozenset(
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
        form_margin_cap=settings.TRUST_FORM_MARGIN_CAP,
        form_spread_z=settings.TRUST_FORM_SPREAD_Z,
        form_window=settings.TRUST_FORM_WINDOW,
        form_step=settings.TRUST_FORM_STEP,
    )


# The reads of every submit, compiled once (docs/performance.md).
_FORM = CompiledQuery(
    lambda player_id: PlayerForm.objects.filter(player_id=player_id), player_id=-7_300_001
)
_POINTS = CompiledQuery(
    lambda player_id: (
        FormPoint.objects.filter(player_id=player_id, counted=True)
        .order_by("at", "id")
        .values_list("share", "reviewed")
    ),
    player_id=-7_300_002,
)
# Every point: one a challenge, and no player has played a million challenges.
_POINTS_ALL = 1_000_000
_ABOVE = CompiledQuery(
    lambda challenge_id, score: (
        ScoreCount.objects.filter(challenge_id=challenge_id, score__gt=score)
        .order_by()
        .values("challenge_id")
        .annotate(n=Sum("entries"))
        .values_list("n")
    ),
    challenge_id=-7_300_003,
    score=-7_300_004,
)


def _form_row(*, player_id: int) -> PlayerForm | None:
    form: PlayerForm | None = _FORM.first(PlayerForm, player_id=player_id)
    return form


def player_record(*, player_id: int) -> engine.PlayerRecord:
    """What the rules read of a player: their counted shares, oldest first, and which
    of them a moderator approved."""
    return _record_of(_form_row(player_id=player_id), player_id=player_id)


def _record_of(form: PlayerForm | None, *, player_id: int) -> engine.PlayerRecord:
    points = _POINTS.rows(limit=_POINTS_ALL, player_id=player_id)
    shares = tuple(share for share, _ in points)
    reviewed = tuple(by_moderator for _, by_moderator in points)
    if form is None:
        return engine.PlayerRecord(shares=shares, reviewed=reviewed)
    return engine.PlayerRecord(
        shares=shares,
        reviewed=reviewed,
        voided=form.voided,
        vouched=form.vouched,
        trust=form.trust,  # type: ignore[arg-type]
    )


def board_rank(*, challenge_id: int, score: int) -> int:
    """The rank ``score`` has among a challenge's live entries (1 + those above it)."""
    above = _ABOVE.row(challenge_id=challenge_id, score=score)
    return 1 + (above[0] if above else 0)


def run_pace(*, run: Run) -> tuple[int, int, int] | None:
    moves = run_valid_log(run=run)["moves"]
    times = [
        int(move["t"])
        for move in moves  # type: ignore[attr-defined]
        if isinstance(move, dict) and move.get("type") == "place"
    ]
    return engine.pace_fingerprint(times)


def runs_overlapping(*, run: Run) -> list[Run]:
    """The other runs in play while ``run`` was: the player's own (their claimed guests'
    among them), those of the players who share a device with them, or a network few
    accounts share (``players_nearby``), and anyone's on the same challenge started from
    the network ``run`` was started from. A run in play is one whose moves arrived
    meanwhile, or one started meanwhile and never played: a second window reading the
    deal leaves its start."""
    nearby = players_nearby(player_id=run.player_id)
    return _runs_overlapping(run, nearby=nearby, network=run.network)


def _runs_overlapping(run: Run, *, nearby: Sequence[int], network: str) -> list[Run]:
    end = run.finished_at or run.finish_by
    overlapping = []
    unplayed = (Run.Status.STARTED, Run.Status.EXPIRED)
    beside = runs_beside(
        players=[run.player_id, *nearby],
        run_id=run.pk,
        started=run.started_at,
        until=end,
        challenge_id=run.challenge_id,
        network=network,
    )
    for other in beside.only(*_BESIDE_FIELDS):
        if other.player_id != run.player_id and other.challenge_id != run.challenge_id:
            continue  # another player's run on another challenge: not this deal's
        if not other.arrivals:
            if other.status in unplayed and other.started_at >= run.started_at:
                overlapping.append(other)  # started during this run, never played
            continue
        first = other.started_at + timedelta(milliseconds=min(other.arrivals))
        last = other.started_at + timedelta(milliseconds=max(other.arrivals))
        if first < end and last > run.started_at:
            overlapping.append(other)
    return overlapping


_BESIDE_FIELDS = (
    "id", "player_id", "started_at", "arrivals", "challenge_id", "score", "status", "network"
)  # fmt: skip


def _ties_of(form: PlayerForm) -> tuple[list[str], list[str]]:
    """The devices and the networks a player's form knows: its own, and those of the
    guests it claimed."""
    devices = [form.device] if form.device else []
    networks = [form.signup_network] if form.signup_network else []
    for device, network in form.claimed or []:
        devices += [device] if device else []
        networks += [network] if network else []
    return devices, networks


def _networks_few_share(networks: Sequence[str]) -> list[str]:
    """Of ``networks``, those at most ``TRUST_LINK_NETWORK_ACCOUNTS`` accounts were made
    on: a household's. A mobile carrier's shared address (CGNAT) joins strangers."""
    if not networks:
        return []
    counts = (
        PlayerForm.objects.filter(signup_network__in=networks)
        .values("signup_network")
        .annotate(n=Count("id"))
        .values_list("signup_network", "n")
    )
    return [network for network, n in counts if n <= settings.TRUST_LINK_NETWORK_ACCOUNTS]


def players_nearby(*, player_id: int, among: Sequence[int] | None = None) -> list[int]:
    """The players (of ``among``, when given) who share a device with ``player_id``, or
    a network few accounts share, theirs or a claimed guest's. A pace never links: a
    rival reads it off public runs."""
    nearby = _nearby_of(_form_row(player_id=player_id), player_id=player_id)
    return nearby if among is None else _among(nearby, among)


def _among(players: Sequence[int], among: Sequence[int]) -> list[int]:
    wanted = set(among)
    return [player for player in players if player in wanted]


def _nearby_of(mine: PlayerForm | None, *, player_id: int) -> list[int]:
    if mine is None:
        return []
    devices, networks = _ties_of(mine)
    networks = _networks_few_share(networks)
    if not devices and not networks:
        return []
    found = PlayerForm.objects.filter(Q(device__in=devices) | Q(signup_network__in=networks))
    return sorted(set(found.exclude(player_id=player_id).values_list("player_id", flat=True)))


@dataclass
class TrustCheck:
    """What trust adds to a submit: reasons, whether a moderator's approval waives
    ``near_par`` and ``solver_like``, and what the desk shows (the linked entries among
    it, never held again for this one)."""

    reasons: list[str] = field(default_factory=list)
    approval_waives: bool = False
    below_the_guard: bool = False
    """Trust is on and the entry is not guarded: the solver's measures do not hold it
    (a score below what scripts aim at is no threat to the top)."""
    features: dict[str, object] = field(default_factory=dict)


def submit_trust_check(
    *,
    run: Run,
    score: int,
    moves_hash: str,
    placements: Sequence[str],
    seen: list[engine.PlacementSeen],
    own_runs_beside: bool,
) -> TrustCheck:
    """Every trust reason for the submit of ``run`` (before its entry exists), whose
    placements are ``placements`` and ``run_placements_seen`` is ``seen``.
    ``own_runs_beside``: the player may have had other runs in play beside it
    (``RunSubmitting``); False spares reading them."""
    challenge = run.challenge
    thresholds = trust_thresholds()
    check = TrustCheck()
    share = score / challenge.par if challenge.par else None
    # A rank guards a board only while it has no par (engine.guarded): read only then.
    trust_on = thresholds.top > 0
    rank = (
        board_rank(challenge_id=challenge.pk, score=score) if share is None and trust_on else None
    )
    at_top = engine.guarded(thresholds, rank=rank, entries=challenge.entry_count, share=share)
    check.below_the_guard = trust_on and not at_top
    pace = run_pace(run=run)  # kept with every entry, never a link (docs/trust.md)
    check.features["pace"] = None if pace is None else list(pace)
    # Below the guard nothing the player's form or their links say holds an entry (the
    # desk reads the form itself): the form, its points and the players near them are
    # read for a guarded entry only, once, and the record and the links come from it.
    nearby: list[int] = []
    if at_top:
        form = _form_row(player_id=run.player_id)
        record = _record_of(form, player_id=run.player_id)
        check.reasons += engine.form_reasons(
            record, share=share, rank=rank, entries=challenge.entry_count, thresholds=thresholds
        )
        check.approval_waives = engine.approval_waives(record, share=share, thresholds=thresholds)
        check.features.update(_form_features(record, thresholds))
        nearby = _nearby_of(form, player_id=run.player_id)
    timing = run_timing_check(run=run, guarded=at_top, seen=seen)
    check.features.update(timing.features)
    check.reasons += timing.reasons
    if settings.TRUST_OVERLAPPING_RUNS:
        _overlap_weigh(
            check, run=run, at_top=at_top, nearby=nearby, own_runs_beside=own_runs_beside
        )
    # Honest strangers at the top share many placements too (docs/trust.md): a near
    # copy is looked for where a copy gains something, at the guarded top, and only
    # there (with trust off, everywhere).
    if settings.TRUST_NEAR_COPY_SHARE > 0 and (at_top or not trust_on):
        shared, source = near_copy_of(
            run=run, score=score, moves_hash=moves_hash, placements=placements
        )
        check.features.update({"near_copy_share": round(shared, 3), "near_copy_of": source})
        if shared >= settings.TRUST_NEAR_COPY_SHARE:
            check.reasons.append(Entry.HoldReason.NEAR_COPY.value)
    if nearby:  # only a guarded entry's player has players near them read
        _links_weigh(check, run=run, thresholds=thresholds, nearby=nearby)
    return check


def _form_features(
    record: engine.PlayerRecord, thresholds: engine.TrustThresholds
) -> dict[str, object]:
    """What the desk shows of the form a guarded entry was judged against."""
    form = engine.form_of(record, thresholds)
    return {
        "form": None if form is None else round(form.level, 3),
        "form_spread": None if form is None else round(form.spread, 3),
        "form_uncertainty": None if form is None else round(form.uncertainty, 3),
        "counted_challenges": record.challenges,
    }


def _overlap_weigh(
    check: TrustCheck, *, run: Run, at_top: bool, nearby: Sequence[int], own_runs_beside: bool
) -> None:
    # Another player's run beside it weighs at the guarded top only: there a run played
    # on the same network is read too (two guests behind a carrier's shared address).
    network = run.network if at_top else ""
    # No run of the player's beside it and no one near them: nothing to read.
    read = own_runs_beside or nearby or network
    overlapping = _runs_overlapping(run, nearby=nearby, network=network) if read else []
    if any(other.player_id == run.player_id or at_top for other in overlapping):
        check.reasons.append(Entry.HoldReason.OVERLAPPING_RUNS.value)
    check.features["overlapping_runs"] = [str(other.pk) for other in overlapping]


def _links_weigh(
    check: TrustCheck, *, run: Run, thresholds: engine.TrustThresholds, nearby: Sequence[int]
) -> None:
    top = _guarded_entries(
        challenge_id=run.challenge_id, par=run.challenge.par, thresholds=thresholds
    )
    linked = _among(nearby, [p for _, p in top])
    if linked:
        # This entry waits; the others stay as they are (an approved entry never
        # returns to held without a moderator), shown beside it at the desk.
        check.reasons.append(Entry.HoldReason.LINKED_ACCOUNTS.value)
        check.features["linked_entries"] = [pk for pk, player in top if player in linked]


def _guarded_entries(
    *, challenge_id: int, par: int | None, thresholds: engine.TrustThresholds
) -> list[tuple[int, int]]:
    """The challenge's entries (live or held) a link is looked for among: those at the
    guarded share of ``par``, or (no par) the first ``top`` scores."""
    entries = Entry.objects.filter(challenge_id=challenge_id).exclude(status=Entry.Status.VOID)
    if par:
        entries = entries.filter(score__gte=math.ceil(thresholds.guard_share * par))
    else:
        entries = entries.order_by("-score")[: thresholds.top]
    return list(entries.values_list("pk", "player_id"))


def reasons_waived(reasons: Sequence[str], *, check: TrustCheck) -> list[str]:
    """The single-run reasons that hold an entry: all of them, but ``near_par`` and
    ``solver_like`` within a step of what a moderator approved, and the solver's
    measures below the guarded top (a pace no person keeps holds wherever it ranks)."""
    if check.below_the_guard:
        reasons = [reason for reason in reasons if reason not in _SOLVER_MEASURES]
    return [reason for reason in reasons if not (check.approval_waives and reason in _WAIVABLE)]


def form_point_add(*, entry: Entry, now: datetime) -> None:
    """A submit adds a challenge to its player's record (counted when live)."""
    par = entry.challenge.par
    FormPoint.objects.create(
        player_id=entry.player_id,
        challenge_id=entry.challenge_id,
        entry=entry,
        share=entry.score / par if par else None,
        counted=entry.is_live,
        at=now,
    )
    if not entry.is_live:
        return
    # A first counted challenge may make the row; get_or_create takes a sign-up or
    # another submit making it meanwhile.
    form, made = PlayerForm.objects.get_or_create(
        player_id=entry.player_id, defaults={"challenges": 1}
    )
    if not made:
        PlayerForm.objects.filter(pk=form.pk).update(challenges=F("challenges") + 1)


def form_point_decide(*, entry: Entry, approved: bool, voided: bool = True) -> None:
    """A moderator's decision on an entry: approved, it counts in its player's form as
    reviewed (and the player is no longer provisional); voided, it no longer counts.
    ``voided=False``: only kept off the board (a hold settled at ``results_at``)."""
    form, _created = PlayerForm.objects.select_for_update().get_or_create(player_id=entry.player_id)
    point = FormPoint.objects.filter(entry=entry).first()
    was_counted = point is not None and point.counted
    if point is not None:
        point.counted = approved
        point.reviewed = approved
        point.save(update_fields=["counted", "reviewed"])
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
