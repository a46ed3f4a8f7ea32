"""Writes about entries: submitting a run, holding a copied one, a moderator's approval
or void, and the challenge's live counts that boards read."""

from __future__ import annotations

import hashlib
from datetime import datetime
from uuid import UUID

from django.db import transaction
from django.db.models import Count, Max
from django.utils.translation import gettext

from challenges import engine
from challenges.boards.cache import leaderboard_cache_bump
from challenges.engine import moves_sequence
from challenges.errors import (
    EntriesClosed,
    EntryAlreadySubmitted,
    EntryNotHeld,
    GuestRunNotSubmittable,
    RunNotEligible,
    RunNotFound,
    RunNotSubmittable,
    service_now,
)
from challenges.fault_words import ineligible_json, ineligible_reason
from challenges.models import (
    Challenge,
    Entry,
    EntryDecision,
    EntryReport,
    Run,
    ScoreCount,
)
from challenges.moderation.entry_writes import entry_write
from challenges.moderation.near_copy import placements_in_sequence, sequence_turned
from challenges.moderation.review import run_placements_seen, run_review
from challenges.moderation.trust import (
    form_point_decide,
    reasons_waived,
    submit_trust_check,
)
from challenges.moderation.wording import APPROVED_AFTER_REVIEW
from challenges.play.selectors import run_for_submit
from challenges.players.services import (
    player_record_approved,
    player_record_rebuild,
)


def _moves_hash_placements(*, run: Run) -> tuple[str, list[str]]:
    """The SHA-256 of the run's places and draws without their times, the least of the
    three the grid's turns give (equal for a copy, turned or not), and its placements in
    order (``near_copy``), from one pass over its moves."""
    valid = run.held_moves[: len(run.move_results)]
    sequence = moves_sequence(valid)  # type: ignore[arg-type]
    placements = placements_in_sequence(sequence)
    moves_hash = min(
        hashlib.sha256(sequence_turned(sequence, turns).encode()).hexdigest()
        for turns in engine.TURNS
    )
    return moves_hash, placements


def entry_submit(*, run_id: UUID, player_id: int, now: datetime | None = None) -> Entry:
    """Make the player's run ``run_id``, finished, valid and eligible, their one entry
    for its challenge (``RunNotFound`` if they have no such run). The entry returned
    holds its challenge (``entry.challenge``).

    The entry is live, or held for review when an earlier entry of the challenge played
    the same moves, turned or not (``duplicate_log``): a copied log never reaches the
    board unseen; when the review of runs finds it beyond a threshold
    (``moderation/review.py``); or when trust across runs holds it (``trust.py``). A
    guest's run is refused (``GuestRunNotSubmittable``) until an account claims it.

    One transaction writes the entry, the player's record, their form point, and for a
    live entry the challenge's counts and board version (``entry_write``). Submits of
    the same moves take turns; ``UNIQUE(challenge, player)`` decides between
    simultaneous submits of one player: one insert wins, the others get
    ``EntryAlreadySubmitted``.
    """
    now = service_now(now)
    submitting = run_for_submit(run_id=run_id, player_id=player_id)
    if submitting is None:
        raise RunNotFound()
    run = submitting.run
    if submitting.guest:
        # No guest ever appears on a board: an account claims the run first.
        raise GuestRunNotSubmittable()
    if run.status != Run.Status.FINISHED:
        if run.status == Run.Status.STARTED:
            raise RunNotSubmittable(gettext("Finish this run before submitting it."))
        raise RunNotSubmittable(gettext("This run was rejected, so it cannot be submitted."))
    ineligibility = run.ineligibility
    if ineligibility is not None:
        raise RunNotEligible(
            gettext(
                "This run cannot enter the leaderboard: %(reason)s. It counts as practice "
                "in your history."
            )
            % {"reason": ineligible_reason(ineligibility.to_json())},
            code=ineligibility.code,
            ineligible=ineligible_json(ineligibility.to_json()),
        )
    challenge = run.challenge
    if now > challenge.results_at:
        raise EntriesClosed(
            gettext("Challenge #%(number)s stopped taking entries at %(time)s UTC.")
            % {"number": challenge.number, "time": f"{challenge.results_at:%Y-%m-%d %H:%M:%S}"}
        )
    assert run.score is not None
    if submitting.submitted:
        raise EntryAlreadySubmitted()
    moves_hash, placements = _moves_hash_placements(run=run)
    seen = run_placements_seen(run=run)  # one walk for the review and the timing
    review = run_review(run=run, seen=seen)
    trust = submit_trust_check(
        run=run,
        score=run.score,
        moves_hash=moves_hash,
        placements=placements,
        seen=seen,
        own_runs_beside=submitting.own_runs_beside,
    )
    reasons = reasons_waived(review.reasons, check=trust) + trust.reasons
    entry = Entry(
        challenge=challenge,
        player_id=run.player_id,
        run=run,
        score=run.score,
        submitted_at=now,
        moves_hash=moves_hash,
        status=Entry.Status.HELD if reasons else Entry.Status.LIVE,
        hold_reasons=reasons,
        features={**review.features, **trust.features},
        placements=";".join(placements),
        hard=run.hard,
    )
    return entry_write(entry=entry, now=now)


def entry_approve(
    *, entry_id: int, by_id: int | None, reason: str = "", now: datetime | None = None
) -> Entry:
    """A moderator puts a held entry on the board; the decision is recorded."""
    now = service_now(now)
    with transaction.atomic():
        locked = Entry.objects.select_for_update().select_related("challenge").get(pk=entry_id)
        if locked.status != Entry.Status.HELD:
            raise EntryNotHeld(
                gettext("This entry is %(status)s, not held.")
                % {"status": str(locked.get_status_display()).lower()}
            )
        locked.status = Entry.Status.LIVE
        locked.save(update_fields=["status"])
        form_point_decide(entry=locked, approved=True)
        entry_decision_record(
            entry=locked,
            verdict=EntryDecision.Verdict.APPROVE,
            by_id=by_id,
            now=now,
            reason=reason.strip() or APPROVED_AFTER_REVIEW,
        )
        challenge_entry_stats_refresh(challenge=locked.challenge)
        player_record_approved(player_id=locked.player_id)
    return locked


def entry_void(
    *,
    entry_id: int,
    reason: str,
    by_id: int | None = None,
    now: datetime | None = None,
    player_reads: bool = True,
) -> Entry:
    """Take an entry off the boards for good (live or held), keeping it and the
    decision (who, when, why) for the record.

    The player reads ``reason`` on the board, quoted, unless ``player_reads`` is off:
    a reason written for the record (who voided it, the hold's measures) is kept with
    the decision only, and the player is told just that the entry was voided."""
    reason = reason.strip()
    if not reason:
        raise ValueError("a voided entry needs a reason")
    now = service_now(now)
    with transaction.atomic():
        locked = Entry.objects.select_for_update().select_related("challenge").get(pk=entry_id)
        if locked.status != Entry.Status.VOID:
            form_point_decide(entry=locked, approved=False)
        locked.status = Entry.Status.VOID
        locked.voided_at = locked.voided_at or now
        locked.void_reason = reason if player_reads else ""
        locked.save(update_fields=["status", "voided_at", "void_reason"])
        entry_decision_record(
            entry=locked, verdict=EntryDecision.Verdict.VOID, by_id=by_id, now=now, reason=reason
        )
        challenge_entry_stats_refresh(challenge=locked.challenge)
        player_record_rebuild(player_id=locked.player_id)
    return locked


def entry_decision_record(
    *, entry: Entry, verdict: str, by_id: int | None, now: datetime, reason: str
) -> EntryDecision:
    """A moderator's decision, kept for the record (who, when, why), answers every open
    report of the entry. Called inside the decision's transaction, the entry locked."""
    decision = EntryDecision.objects.create(
        entry=entry, verdict=verdict, decided_by_id=by_id, decided_at=now, reason=reason
    )
    entry_reports_resolve(entry=entry, now=now)
    return decision


def entry_reports_resolve(*, entry: Entry, now: datetime) -> None:
    """A moderator's decision on an entry answers every open report of it (called
    inside the decision's transaction)."""
    EntryReport.objects.filter(entry=entry, resolved_at=None).update(resolved_at=now)


def challenge_entry_stats_refresh(*, challenge: Challenge) -> None:
    """Recount a challenge's live entries, top score and score counts from the entries.

    Submits keep these up to date incrementally; a void or an approval (rare) recounts,
    and so may an operator after writing entries by hand.
    """
    live = Entry.objects.live().filter(challenge=challenge)
    with transaction.atomic():
        ScoreCount.objects.filter(challenge=challenge).delete()
        counts = live.order_by().values("score").annotate(n=Count("id")).values_list("score", "n")
        ScoreCount.objects.bulk_create(
            ScoreCount(challenge=challenge, score=score, entries=n) for score, n in counts
        )
        totals = live.aggregate(count=Count("id"), top=Max("score"))
        Challenge.objects.filter(pk=challenge.pk).update(
            entry_count=totals["count"], top_score=totals["top"]
        )
        leaderboard_cache_bump(challenge=challenge)


def entries_void(
    *, entry_ids: list[int], reason: str, by_id: int | None, now: datetime | None = None
) -> list[Entry]:
    """Void several entries at once (a linked group), each decision recorded."""
    with transaction.atomic():
        known = Entry.objects.filter(pk__in=entry_ids).order_by("pk").values_list("pk", flat=True)
        return [entry_void(entry_id=pk, reason=reason, by_id=by_id, now=now) for pk in known]
