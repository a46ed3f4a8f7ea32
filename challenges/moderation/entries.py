"""Writes about entries: submitting a run, holding a copied one, a moderator's approval
or void, and the challenge's live counts that boards read."""

from __future__ import annotations

import hashlib
import json
from contextlib import nullcontext
from datetime import datetime
from uuid import UUID

from django.db import IntegrityError, connection, transaction
from django.db.models import Count, F, Max, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils.translation import gettext

from challenges.boards.cache import (
    leaderboard_cache_bump,
    leaderboard_version_loaded,
    leaderboard_versions_forget,
)
from challenges.boards.selectors import SUBMIT_COUNTS_SQL, SubmitCounts
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
from challenges.moderation.near_copy import placements_in_sequence
from challenges.moderation.review import run_review
from challenges.moderation.trust import (
    FORM_POINT_ADD_SQL,
    form_point_add,
    form_point_add_params,
    form_point_decide,
    reasons_waived,
    submit_standing_columns,
    submit_trust_check,
)
from challenges.play.selectors import run_for_submit
from challenges.players.services import (
    PLAYER_RECORD_SUBMITTED_SQL,
    player_record_approved,
    player_record_rebuild,
    player_record_submitted,
    player_record_submitted_params,
)


def _moves_hash_placements(*, run: Run) -> tuple[str, list[str]]:
    """The SHA-256 of the run's places and draws without their times (equal for a
    copy), and its placements in order (``near_copy``), from one pass over its moves."""
    valid = run.held_moves[: len(run.move_results)]
    sequence = moves_sequence(valid)  # type: ignore[arg-type]
    placements = placements_in_sequence(sequence)
    return hashlib.sha256(sequence.encode()).hexdigest(), placements


def entry_submit(*, run_id: UUID, player_id: int, now: datetime | None = None) -> Entry:
    """:func:`entry_submit_counted`'s entry."""
    return entry_submit_counted(run_id=run_id, player_id=player_id, now=now)[0]


def entry_submit_counted(
    *, run_id: UUID, player_id: int, now: datetime | None = None
) -> tuple[Entry, SubmitCounts | None]:
    """Make the player's run ``run_id``, finished, valid and eligible, their one entry
    for its challenge (``RunNotFound`` if they have no such run). The entry returned
    holds its challenge (``entry.challenge``).

    The entry is live, or held for review when an earlier entry of the challenge played
    the same moves (``duplicate_log``): a copied log never reaches the board unseen; or
    when the review of runs finds it beyond a threshold (``moderation/review.py``: near
    par, the solver's moves, a pace no person keeps). A guest's run is refused
    (``GuestRunNotSubmittable``) until an account claims it.
    ``UNIQUE(challenge, player)`` decides between simultaneous submits: exactly one
    insert wins, the others get ``EntryAlreadySubmitted``.

    Also what the submit counted of the board, its entry aside (PostgreSQL; ``None``
    elsewhere), for the answer's rank (``leaderboard_rank``).
    """
    now = service_now(now)
    # The run, and whether its player is a guest or has an entry: one query.
    submitting = run_for_submit(run_id=run_id, player_id=player_id, also=submit_standing_columns())
    if submitting is None:
        raise RunNotFound(gettext("You have no run with this id."))
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
    review = run_review(run=run)
    trust = submit_trust_check(
        run=run,
        score=run.score,
        moves_hash=moves_hash,
        placements=placements,
        standing=submitting.also,
    )
    single_run = reasons_waived(review.reasons) if trust.waived else list(review.reasons)

    score = run.score  # an int: asserted above, for the closure

    def made(*, copied: bool) -> Entry:
        reasons = [Entry.HoldReason.DUPLICATE_LOG.value] if copied else []
        reasons += single_run + trust.reasons
        return Entry(
            challenge=challenge,
            player_id=run.player_id,
            run=run,
            score=score,
            submitted_at=now,
            moves_hash=moves_hash,
            status=Entry.Status.HELD if reasons else Entry.Status.LIVE,
            hold_reasons=reasons,
            features={**review.features, **trust.features},
            placements=";".join(placements),
            hard=run.hard,
        )

    postgresql = connection.vendor == "postgresql"
    # PostgreSQL's submit is one message, a transaction of its own (_SUBMIT_SQL): a
    # transaction around it is needed only to hold linked entries with it.
    together = trust.linked_entries or not postgresql
    try:
        with transaction.atomic() if together else nullcontext():
            if postgresql:
                # Most logs are no copy: written as one, unless an entry of the same
                # moves came first; then written again, held as its copy.
                written = _entry_insert_counted(
                    entry=made(copied=False), challenge=challenge, run=run, copied=False
                ) or _entry_insert_counted(
                    entry=made(copied=True), challenge=challenge, run=run, copied=True
                )
                assert written is not None
                entry, counts = written
            else:
                copied = Entry.objects.filter(challenge=challenge, moves_hash=moves_hash).exists()
                entry, counts = made(copied=copied), None
                entry.save(force_insert=True)
                player_record_submitted(
                    player_id=run.player_id,
                    number=challenge.pk,
                    submitted_at=now,
                    score=run.score,
                    live=entry.is_live,
                )
                if entry.is_live:
                    _challenge_entry_stats_add(challenge=challenge, score=run.score)
                    leaderboard_cache_bump(challenge=challenge)
                form_point_add(entry=entry, run=run, now=now)
            if trust.linked_entries:
                _entries_linked_hold(entry_ids=trust.linked_entries)
    except IntegrityError as error:
        # Only the entry's UNIQUE(challenge, player) can fail here; the stats absorb
        # their own races.
        raise EntryAlreadySubmitted() from error
    return entry, counts


def _entries_linked_hold(*, entry_ids: list[int]) -> None:
    """Linked accounts in one top of a board: their entries wait for a moderator too."""
    for other in Entry.objects.select_for_update().filter(pk__in=entry_ids):
        reason = Entry.HoldReason.LINKED_ACCOUNTS.value
        if reason not in other.hold_reasons:
            other.hold_reasons = [*other.hold_reasons, reason]
        was_live = other.is_live
        if was_live:
            other.status = Entry.Status.HELD
        other.save(update_fields=["status", "hold_reasons"])
        if was_live:
            form_point_decide(entry=other, approved=False, voided=False)
            challenge_entry_stats_refresh(challenge=other.challenge)
            player_record_rebuild(player_id=other.player_id)


# One message for all a submit writes (PostgreSQL), which runs as one transaction.
# First a transaction-scoped advisory lock on the moves' hash: two submits of the same
# moves take turns. Then one statement, whose snapshot is taken once the lock is held,
# so that it sees an entry of these moves committed while it waited; unless the caller
# knows the log is a copy, it writes nothing when there is one. It writes the entry; the
# player's record (record_book); their form point and form (trust's FORM_POINT_ADD_SQL);
# and, for a live entry, its challenge's live count, top score and board version (every
# cached read goes stale: leaderboard_cache_bump) and the count of its score. It also
# counts the board as it was, for the answer's rank (SUBMIT_COUNTS_SQL). One round trip
# where a transaction and the count after it took five, and the ORM fifteen.
_SUBMIT_SQL = f"""
SELECT pg_advisory_xact_lock(%(lock)s);
WITH first AS (
    SELECT %(copied)s OR NOT EXISTS (
        SELECT 1 FROM {Entry._meta.db_table}
        WHERE challenge_id = %(challenge)s AND moves_hash = %(hash)s
    ) AS written
),
entry AS (
    INSERT INTO {Entry._meta.db_table}
        (challenge_id, player_id, run_id, score, submitted_at, status, hold_reasons,
         moves_hash, voided_at, void_reason, features, placements, hard)
    SELECT %(challenge)s, %(player)s, %(run)s, %(score)s, %(at)s, %(status)s,
           %(reasons)s::jsonb, %(hash)s, NULL, '', %(features)s::jsonb, %(placements)s,
           %(hard)s
    FROM first WHERE written
    RETURNING id
),
record AS ({PLAYER_RECORD_SUBMITTED_SQL} RETURNING 1),{FORM_POINT_ADD_SQL},
challenge AS (
    UPDATE {Challenge._meta.db_table}
    SET entry_count = entry_count + 1,
        top_score = GREATEST(COALESCE(top_score, %(score)s), %(score)s),
        board_version = board_version + 1
    WHERE number = %(challenge)s AND %(live)s AND EXISTS (SELECT FROM entry)
    RETURNING number, board_version
),
counted AS (
    INSERT INTO {ScoreCount._meta.db_table} (challenge_id, score, entries)
    SELECT number, %(score)s, 1 FROM challenge
    ON CONFLICT (challenge_id, score)
    DO UPDATE SET entries = {ScoreCount._meta.db_table}.entries + 1
    RETURNING 1
)
SELECT (SELECT id FROM entry), (SELECT board_version FROM challenge),
       (SELECT count(*) FROM record) + (SELECT count(*) FROM counted)
       + (SELECT count(*) FROM point) + (SELECT count(*) FROM form),
       ({SUBMIT_COUNTS_SQL})
"""


def _entry_insert_counted(
    *, entry: Entry, challenge: Challenge, run: Run, copied: bool
) -> tuple[Entry, SubmitCounts] | None:
    """Insert ``entry``, count it and add it to its player's form (``_SUBMIT_SQL``),
    with the board's counts before it; ``None``, having written nothing, when an entry
    of the same moves is in and the caller did not know it (``copied``)."""
    live = entry.status == Entry.Status.LIVE
    with connection.cursor() as cursor:
        cursor.execute(
            _SUBMIT_SQL,
            {
                "lock": int(entry.moves_hash[:15], 16),  # 60 bits: a bigint
                "copied": copied,
                "challenge": challenge.pk,
                "player": entry.player_id,
                "run": entry.run_id,
                "score": entry.score,
                "at": entry.submitted_at,
                "entry_id": None,  # not drawn yet: no tie of its moment is behind it
                "status": entry.status,
                "reasons": json.dumps(entry.hold_reasons),
                "hash": entry.moves_hash,
                "features": json.dumps(entry.features),
                "placements": entry.placements,
                "hard": entry.hard,
                "live": live,
                **form_point_add_params(entry=entry, run=run),
                **player_record_submitted_params(
                    player_id=entry.player_id,
                    number=challenge.pk,
                    submitted_at=entry.submitted_at,
                    score=entry.score,
                    live=live,
                ),
            },
        )
        cursor.nextset()  # past the lock's row, to the statement's
        row = cursor.fetchone()
    assert row is not None
    if row[0] is None:
        return None
    entry.pk = row[0]
    entry._state.adding = False
    entry._state.db = connection.alias
    leaderboard_versions_forget()
    if live and row[1] is not None:
        # The version this transaction commits: the request's next board read uses it.
        challenge.board_version = row[1]
        leaderboard_version_loaded(challenge=challenge)
    higher, live_entries, same_score, behind = (int(count) for count in row[3])
    counts = SubmitCounts(higher=higher, live=live_entries, same_score=same_score, behind=behind)
    return entry, counts


def _challenge_entry_stats_add(*, challenge: Challenge, score: int) -> None:
    """Count one more live entry at ``score``: the row's totals and the score count."""
    Challenge.objects.filter(pk=challenge.pk).update(
        entry_count=F("entry_count") + 1,
        top_score=Greatest(Coalesce(F("top_score"), Value(score)), Value(score)),
    )
    same_score = ScoreCount.objects.filter(challenge=challenge, score=score)
    if same_score.update(entries=F("entries") + 1):
        return
    try:
        with transaction.atomic():
            ScoreCount.objects.create(challenge=challenge, score=score, entries=1)
    except IntegrityError:
        # Another submit made the row first; it is committed now, so add to it.
        same_score.update(entries=F("entries") + 1)


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
            reason=reason.strip() or "Approved after review.",
        )
        challenge_entry_stats_refresh(challenge=locked.challenge)
        player_record_approved(player_id=locked.player_id, score=locked.score)
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
