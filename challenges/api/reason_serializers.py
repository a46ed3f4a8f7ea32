"""The API's reasons and figures about a run: why it was rejected, why it may not enter a
leaderboard (its code and figures, its ``detail`` in the request's language:
challenges/fault_words.py), and where its score stands among the entries."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from challenges.fault_words import ineligible_json, rejection_json


class RunErrorSerializer(serializers.Serializer[Any]):
    """A rejected run's reason (stored in the engine's English): its ``detail`` in the
    request's language, from its code."""

    move = serializers.IntegerField(allow_null=True, help_text="0-based index of the bad move.")
    code = serializers.CharField()
    detail = serializers.CharField()

    def to_representation(self, instance: Any) -> Any:
        return super().to_representation(rejection_json(instance))


class IneligibleSerializer(serializers.Serializer[Any]):
    """The code and its figures, so a client words the reason itself; ``detail`` says
    it in the request's language."""

    move = serializers.IntegerField(help_text="0-based index of the first move at fault.")
    code = serializers.ChoiceField(choices=["not_witnessed", "too_fast"])
    detail = serializers.CharField()
    t_ms = serializers.IntegerField(
        required=False, help_text="not_witnessed: the move's time into the run."
    )
    late_ms = serializers.IntegerField(
        required=False, help_text="not_witnessed: how long after its time the server got it."
    )
    window_ms = serializers.IntegerField(
        required=False, help_text="not_witnessed: the longest a move may take to arrive."
    )
    gap_ms = serializers.IntegerField(
        required=False, help_text="too_fast: time since the placement before it."
    )
    previous_move = serializers.IntegerField(
        required=False, help_text="too_fast: 0-based index of the placement before it."
    )
    floor_ms = serializers.IntegerField(
        required=False, help_text="too_fast: the least time between two placements."
    )

    def to_representation(self, instance: Any) -> Any:
        return super().to_representation(ineligible_json(instance))


class ScoreFieldSerializer(serializers.Serializer[Any]):
    entries = serializers.IntegerField(help_text="Live entries, the run's own one left out.")
    median = serializers.FloatField(help_text="Their median score.")
    better_than = serializers.IntegerField(
        help_text="Percentage of them scoring less than the run (rounded down)."
    )
