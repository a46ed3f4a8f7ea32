"""The work after par: the entries submitted before their challenge's par was known,
reviewed against it once it is.

The par's store asks for it with an outbox row in its own transaction
(``schedule/par.py``), so the review is done once the par is, by whoever drains the
outbox, and never lost to a process that dies between the two.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef

from challenges.models import Challenge, Entry, EntryDecision
from challenges.moderation.entries import challenge_entry_stats_refresh
from challenges.moderation.review import features_review
from challenges.players.services import player_record_rebuild
from challenges.schedule.outbox import outbox_job
from challenges.schedule.services import PAR_STORED_JOB


def entries_review_par(*, challenge_id: int) -> int:
    """Review against its par the entries of challenge ``challenge_id`` submitted
    before it was known: each gets its score as a fraction of par, and one that the par
    puts beyond a threshold (``near_par``, ``solver_like``) is held, or keeps being held
    with the new reasons. An entry a moderator already decided on stays as decided.
    Returns how many entries were reviewed; safe to run twice."""
    with transaction.atomic():
        challenge = Challenge.objects.filter(pk=challenge_id, par__isnull=False).first()
        if challenge is None:
            return 0
        assert challenge.par is not None
        decided = EntryDecision.objects.filter(entry=OuterRef("pk"))
        waiting = (
            Entry.objects.select_for_update()
            .filter(challenge=challenge, features__par=None)
            .exclude(status=Entry.Status.VOID)
            .exclude(Exists(decided))
        )
        reviewed, held = 0, []
        for entry in waiting:
            review = features_review(features=entry.features, par=challenge.par)
            new = [reason for reason in review.reasons if reason not in entry.hold_reasons]
            entry.features = review.features
            if new:
                entry.hold_reasons = [*entry.hold_reasons, *new]
                if entry.status == Entry.Status.LIVE:
                    held.append(entry.player_id)
                entry.status = Entry.Status.HELD
            entry.save(update_fields=["features", "hold_reasons", "status"])
            reviewed += 1
        if held:
            challenge_entry_stats_refresh(challenge=challenge)
            for player_id in held:  # a live entry held now leaves the public record
                player_record_rebuild(player_id=player_id)
    return reviewed


@outbox_job(PAR_STORED_JOB)
def _par_stored_job(*, challenge_id: int) -> None:
    entries_review_par(challenge_id=challenge_id)
