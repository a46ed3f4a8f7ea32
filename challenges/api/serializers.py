"""Shapes of the API's JSON (API.md): challenges, their history and boards, entries and
reports; a run's shapes are in ``run_serializers``. Also the source of the OpenAPI schema.

Output serializers read models and the domain's dataclasses; the few inputs are
validated here.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from challenges.api.data import EntryReviewData, challenge_data, entry_review_data
from challenges.models import Challenge, EntryReport
from challenges.moderation.selectors import REVIEW_CLASSES


class ChallengeSerializer(serializers.ModelSerializer[Challenge]):
    """Documents ``data.challenge_data``, which builds the body (for the fast path and
    DRF's views alike): the context's ``now`` decides what is revealed."""

    tray_size = serializers.IntegerField(read_only=True)
    well_size = serializers.IntegerField(read_only=True)
    time_limit_ms = serializers.IntegerField(read_only=True)
    entries = serializers.IntegerField(read_only=True)
    top_score = serializers.IntegerField(read_only=True, allow_null=True)
    is_open = serializers.BooleanField(read_only=True)
    results_at = serializers.DateTimeField(
        read_only=True,
        help_text="The close plus a run's time limit and grace: the last moment a run "
        "started before the close can be submitted; results are public from then on.",
    )
    tray = serializers.ListField(
        child=serializers.CharField(),
        read_only=True,
        allow_null=True,
        help_text="Revealed once the challenge has closed.",
    )
    well = serializers.ListField(
        child=serializers.CharField(),
        read_only=True,
        allow_null=True,
        help_text="Revealed once the challenge has closed.",
    )
    par = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="The best score the solver found on this challenge; null while it is "
        "still being computed, and before the challenge opens.",
    )
    id = serializers.IntegerField(
        source="pk", read_only=True, help_text="The challenge's number (its primary key)."
    )

    class Meta:
        model = Challenge
        fields = [
            "id", "number", "opens_at", "closes_at", "results_at", "ruleset", "rules_version",
            "tray_size",
            "well_size", "time_limit_ms", "entries", "top_score", "is_open", "tray", "well",
            "par",
        ]  # fmt: skip

    def to_representation(self, instance: Challenge) -> Any:
        return challenge_data(instance, now=self.context.get("now") or timezone.now())


class HistoryRowSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="challenge.pk")
    number = serializers.IntegerField(source="challenge.number")
    opens_at = serializers.DateTimeField(source="challenge.opens_at")
    closes_at = serializers.DateTimeField(source="challenge.closes_at")
    ruleset = serializers.CharField(source="challenge.ruleset")
    entries = serializers.IntegerField()
    top_score = serializers.IntegerField(allow_null=True)
    own_score = serializers.IntegerField(
        allow_null=True, help_text="Null when signed out or absent."
    )
    own_rank = serializers.IntegerField(allow_null=True)
    own_run = serializers.UUIDField(source="own_run_id", allow_null=True)
    par = serializers.IntegerField(
        source="challenge.par", allow_null=True, help_text="Null while being computed."
    )


class HistoryPageSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    num_pages = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = HistoryRowSerializer(many=True, source="rows")


ENTRY_STATUS_HELP = "live (on the board), held (under review: see review) or void (off the board)."


class EntryReviewSerializer(serializers.Serializer[Any]):
    code = serializers.ChoiceField(choices=REVIEW_CLASSES, help_text="One plain class.")
    detail = serializers.CharField(help_text="The class in one sentence, in the reader's language.")


class _HeldEntryWordsMixin(serializers.Serializer[Any]):
    """What the owner of an entry reads of its review: under review and one plain
    class of why; never a measure, a threshold, or the rank it would have."""

    reasons = serializers.SerializerMethodField(
        help_text="Under review: the one plain class of why (as review.code); else empty."
    )
    review = serializers.SerializerMethodField(help_text="Under review: why, in plain words.")
    rank = serializers.SerializerMethodField(help_text="Its rank on the board; null while held.")
    percentile = serializers.SerializerMethodField(
        help_text="Share of entries scoring at most this, 0-100; null while held."
    )
    page = serializers.SerializerMethodField(
        help_text="The leaderboard page (of 50) holding the entry; null while held."
    )

    @staticmethod
    def _held(data: Any) -> bool:
        return bool(data["entry"].is_held if isinstance(data, dict) else data.entry.is_held)

    @staticmethod
    def _get(data: Any, name: str) -> Any:
        return data[name] if isinstance(data, dict) else getattr(data, name)

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_reasons(self, data: Any) -> list[str]:
        review = self.get_review(data)
        return [review["code"]] if review else []

    @extend_schema_field(EntryReviewSerializer(allow_null=True))
    def get_review(self, data: Any) -> EntryReviewData | None:
        return entry_review_data(self._get(data, "entry"))

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_rank(self, data: Any) -> int | None:
        return None if self._held(data) else self._get(data, "rank")

    @extend_schema_field(serializers.FloatField(allow_null=True))
    def get_percentile(self, data: Any) -> float | None:
        return None if self._held(data) else self._get(data, "percentile")

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_page(self, data: Any) -> int | None:
        return None if self._held(data) else self._get(data, "page")


class EntrySubmittedSerializer(_HeldEntryWordsMixin):
    id = serializers.IntegerField(source="entry.pk")
    status = serializers.CharField(source="entry.status", help_text=ENTRY_STATUS_HELP)
    challenge = serializers.IntegerField(source="entry.challenge_id")
    run = serializers.UUIDField(source="entry.run_id")
    player = serializers.CharField(source="entry.player.get_username")
    score = serializers.IntegerField()
    submitted_at = serializers.DateTimeField(source="entry.submitted_at")
    count = serializers.IntegerField()


class LeaderboardRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    score = serializers.IntegerField()
    submitted_at = serializers.DateTimeField()
    run = serializers.UUIDField(source="run_id")
    hard = serializers.BooleanField(help_text="Played in hard mode (marked * on the board).")


class LeaderboardPageSerializer(serializers.Serializer[Any]):
    challenge = serializers.IntegerField(source="challenge_id")
    count = serializers.IntegerField()
    page = serializers.IntegerField(help_text="The page holding the first row.")
    num_pages = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    next_cursor = serializers.CharField(allow_null=True)
    previous_cursor = serializers.CharField(allow_null=True)
    results = LeaderboardRowSerializer(many=True)


class PlayerRankSerializer(_HeldEntryWordsMixin):
    challenge = serializers.IntegerField(source="entry.challenge_id")
    status = serializers.CharField(source="entry.status", help_text=ENTRY_STATUS_HELP)
    player = serializers.CharField(source="entry.player.get_username")
    score = serializers.IntegerField()
    count = serializers.IntegerField()
    submitted_at = serializers.DateTimeField(source="entry.submitted_at")
    run = serializers.UUIDField(source="entry.run_id")


class HistogramSerializer(serializers.Serializer[Any]):
    challenge = serializers.IntegerField()
    edges = serializers.ListField(child=serializers.IntegerField())
    counts = serializers.ListField(child=serializers.IntegerField())
    player_bin = serializers.IntegerField(allow_null=True)
    player_score = serializers.IntegerField(allow_null=True)


class ReportRequestSerializer(serializers.Serializer[Any]):
    reason = serializers.ChoiceField(choices=EntryReport.Reason.choices)
    detail = serializers.CharField(
        required=False, allow_blank=True, max_length=500, help_text="What you saw."
    )


class ReportSerializer(serializers.Serializer[Any]):
    entry = serializers.IntegerField(source="entry_id")
    run = serializers.UUIDField(source="entry.run_id")
    reason = serializers.CharField()
    reported_at = serializers.DateTimeField()
