"""Shapes of the API's JSON (API.md), also the source of the OpenAPI schema.

Output serializers read models and the domain's dataclasses; the few inputs are
validated here. Run logs are not validated here: the rules engine judges them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from challenges.api.data import EntryReviewData, challenge_data, entry_review_data
from challenges.api.reason_serializers import (
    IneligibleSerializer,
    RunErrorSerializer,
    ScoreFieldSerializer,
)
from challenges.engine import BONUSES, RULESET, TILE_IDS
from challenges.models import Challenge, Entry, EntryReport, Run
from challenges.moderation.selectors import REVIEW_CLASSES
from challenges.play.selectors import MEDALS


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


class MoveResultSerializer(serializers.Serializer[Any]):
    points = serializers.IntegerField()
    bonus = serializers.ChoiceField(choices=list(BONUSES), allow_null=True)


class RunClockSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    status = serializers.CharField()
    started_at = serializers.DateTimeField(help_text="The clock's start: the first touch.")
    deadline = serializers.DateTimeField()
    finish_by = serializers.DateTimeField(help_text="Deadline plus the network grace.")


class GhostSerializer(serializers.Serializer[Any]):
    """A run raced while playing: its score at every whole second, never its moves."""

    kind = serializers.ChoiceField(
        choices=["best", "friend", "leader"],
        help_text="The player's own best run, a followed player's entry, or the leader's.",
    )
    player = serializers.CharField(
        allow_null=True, help_text="Whose entry it is (null for the player's own best)."
    )
    score = serializers.IntegerField(help_text="The run's final score.")
    scores = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The score after 0, 1, 2 ... seconds, to the end of the clock.",
    )


class MedalSerializer(serializers.Serializer[Any]):
    medal = serializers.ChoiceField(choices=[name for name, _percent in MEDALS])
    percent = serializers.IntegerField(help_text="The share of par it stands for.")
    score = serializers.IntegerField(help_text="The score that earns it.")


class GhostsSerializer(serializers.Serializer[Any]):
    """What a run races, sent with its start so the page asks nothing while it plays."""

    best = GhostSerializer(allow_null=True, help_text="The player's best run so far, or null.")
    other = GhostSerializer(
        allow_null=True,
        help_text="Another player's entry, only once the challenge's results are public.",
    )
    medals = MedalSerializer(many=True, help_text="Empty while par is unknown.")


class RunStartSerializer(serializers.Serializer[Any]):
    """A start's body, optional: ``{}`` or none plays the ordinary way."""

    hard = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Hard mode: no fit highlights, no auto-turn; kept for the run, marked * "
        "on its share and its entry.",
    )


class RunStartedSerializer(serializers.ModelSerializer[Run]):
    challenge = serializers.IntegerField(source="challenge_id")
    deadline = serializers.DateTimeField()
    finish_by = serializers.SerializerMethodField(help_text="Deadline plus the network grace.")
    tray = serializers.ListField(child=serializers.CharField(), source="challenge.tray")
    well = serializers.ListField(child=serializers.CharField(), source="challenge.well")
    time_limit_ms = serializers.SerializerMethodField()
    grace_ms = serializers.SerializerMethodField()

    class Meta:
        model = Run
        fields = [
            "id", "challenge", "status", "started_at", "deadline", "finish_by", "tray", "well",
            "time_limit_ms", "grace_ms", "ghosts", "hard",
        ]  # fmt: skip

    ghosts = GhostsSerializer(read_only=True)

    def get_time_limit_ms(self, run: Run) -> int:
        return RULESET.time_limit_ms

    def get_finish_by(self, run: Run) -> datetime:
        return run.finish_by

    def get_grace_ms(self, run: Run) -> int:
        return RULESET.finish_grace_ms


class MoveSerializer(serializers.Serializer[Any]):
    """A move of the run log (RULES.md); documentation only, the engine checks logs."""

    t = serializers.IntegerField(min_value=0, max_value=RULESET.time_limit_ms)
    type = serializers.ChoiceField(choices=["place", "draw"])
    tile = serializers.CharField(required=False, help_text='"a-b-c" with a <= b <= c.')
    cell = serializers.ListField(child=serializers.IntegerField(), required=False)
    rotation = serializers.IntegerField(required=False, min_value=0, max_value=2)


_MOVE_T = {"type": "integer", "minimum": 0, "maximum": RULESET.time_limit_ms}
# A move's exact shape (RULES.md): what the engine refuses as `malformed` or
# `unknown_tile` is outside it, so a move the schema allows is judged only by the rules.
MOVE_SHAPE: dict[str, Any] = {
    "oneOf": [
        {
            "type": "object",
            "title": "Place",
            "properties": {
                "t": _MOVE_T,
                "type": {"type": "string", "enum": ["place"]},
                "tile": {"type": "string", "enum": list(TILE_IDS)},
                "cell": {
                    "type": "array",
                    "items": {"type": "integer"},
                    "minItems": 2,
                    "maxItems": 2,
                    "description": "[row, col]",
                },
                "rotation": {"type": "integer", "minimum": 0, "maximum": 2},
            },
            "required": ["t", "type", "tile", "cell", "rotation"],
        },
        {
            "type": "object",
            "title": "Draw",
            "properties": {"t": _MOVE_T, "type": {"type": "string", "enum": ["draw"]}},
            "required": ["t", "type"],
        },
    ]
}


@extend_schema_field(
    {
        "type": "array",
        "items": MOVE_SHAPE,
        "maxItems": RULESET.run_moves_max,
        "description": f"At most {RULESET.run_moves_max} moves "
        f"({RULESET.tile_count} placements, {RULESET.well_size} draws).",
    }
)
class MovesField(serializers.ListField):
    """The moves of a run log; documentation only: the engine judges them."""


class RunLogSerializer(serializers.Serializer[Any]):
    from_ = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="Index of the first move sent: the moves the server holds are not sent "
        "again. 0 (the whole log) when absent.",
    )
    moves = MovesField()

    def get_fields(self) -> dict[str, Any]:
        # "from" is a Python keyword: the field is declared as from_ and named "from".
        fields = super().get_fields()
        fields["from"] = fields.pop("from_")
        return fields


class RunBatchSerializer(RunLogSerializer):
    """A batch of moves sent while playing: `from` is required (API.md)."""

    from_ = serializers.IntegerField(
        min_value=0,
        help_text="Index of the first move sent: the moves the server holds are not sent again.",
    )


class MovesReceivedSerializer(serializers.Serializer[Any]):
    received = serializers.IntegerField(help_text="How many moves of the run the server holds.")
    score = serializers.IntegerField()
    valid = serializers.BooleanField()
    eligible = serializers.BooleanField(help_text="Whether the run may still enter a board.")
    ineligible = IneligibleSerializer(required=False, help_text="Why not, when not eligible.")


class MovesConflictSerializer(serializers.Serializer[Any]):
    detail = serializers.CharField()
    code = serializers.CharField()
    received = serializers.IntegerField(
        required=False,
        help_text="With moves_conflict: how many moves of the run the server holds.",
    )


class RunFinishedSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    status = serializers.CharField()
    valid = serializers.BooleanField()
    score = serializers.IntegerField(help_text="The total (of the valid prefix, if rejected).")
    moves = MoveResultSerializer(many=True)
    error = RunErrorSerializer(allow_null=True)
    best_score = serializers.IntegerField(
        allow_null=True, help_text="The player's best valid run on this challenge so far."
    )
    submitted = serializers.BooleanField(help_text="Whether the player already has an entry.")
    eligible = serializers.BooleanField(
        help_text="Valid, witnessed and paced: whether it may be submitted."
    )
    ineligible = IneligibleSerializer(
        required=False, help_text="Present when a valid run may not enter a leaderboard."
    )
    received = serializers.IntegerField(help_text="How many moves of the run the server holds.")
    detail = serializers.CharField(required=False, help_text="Present when the run is rejected.")


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


class RunDetailSerializer(serializers.ModelSerializer[Run]):
    challenge = serializers.IntegerField(source="challenge_id")
    player = serializers.CharField(source="player.get_username")
    valid = serializers.BooleanField(source="is_valid")
    deadline = serializers.DateTimeField()
    tray = serializers.ListField(child=serializers.CharField(), source="challenge.tray")
    well = serializers.ListField(child=serializers.CharField(), source="challenge.well")
    moves = MoveResultSerializer(many=True, source="move_results")
    error = RunErrorSerializer(allow_null=True)
    log = serializers.JSONField(
        allow_null=True, help_text="The run log the server holds (RULES.md's fields only)."
    )
    submitted = serializers.SerializerMethodField()
    eligible = serializers.BooleanField(source="is_eligible")
    ineligible = IneligibleSerializer(allow_null=True)

    class Meta:
        model = Run
        fields = [
            "id", "challenge", "player", "status", "valid", "started_at", "deadline",
            "finished_at", "score", "tray", "well", "log", "moves", "error", "submitted",
            "eligible", "ineligible", "hard",
        ]  # fmt: skip

    def get_submitted(self, run: Run) -> bool:
        return Entry.objects.filter(run=run).exists()


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


class MoveAnalysisSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField(help_text="0-based index of the move in the run log.")
    move = MoveSerializer()
    played = MoveResultSerializer(help_text="What the move made.")
    best = serializers.JSONField(
        allow_null=True,
        help_text='The best placement of the position ({"tile", "cell", "rotation"}); null '
        "when nothing fitted (a draw was the only move).",
    )
    best_outcome = MoveResultSerializer(help_text="What the best move would have made.")
    missed = serializers.IntegerField(help_text="The best move's points minus the move's, >= 0.")
    text = serializers.CharField(help_text='e.g. "4-5-5 at 2,1 rotation 1 for +50 (hexagon)".')


class RunAnalysisSerializer(serializers.Serializer[Any]):
    run = serializers.UUIDField()
    score = serializers.IntegerField()
    points_missed = serializers.IntegerField()
    moves = MoveAnalysisSerializer(many=True, help_text="Every move, in the order played.")
    misses = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Indices of the moves that missed points, the biggest miss first.",
    )
    field = ScoreFieldSerializer(
        allow_null=True,
        help_text="Where the run's score stands among the challenge's live entries (null "
        "while there are none): for the end screen beside par.",
    )


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
