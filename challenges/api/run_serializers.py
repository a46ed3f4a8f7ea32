"""Shapes of a run's JSON (API.md): its start, its batches of moves and its log, its
finish, its detail and its analysis. Also the source of the OpenAPI schema.

Run logs are not validated here: the rules engine judges them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from challenges.api.reason_serializers import (
    IneligibleSerializer,
    RunErrorSerializer,
    ScoreFieldSerializer,
)
from challenges.engine import BONUSES, RULESET, TILE_IDS
from challenges.models import Entry, Run
from challenges.play.selectors import MEDALS


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
