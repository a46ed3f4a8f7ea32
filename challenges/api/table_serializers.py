"""What the live tables' API takes: a new table, a seat's action with the ``seq`` it
was chosen on, a reaction, a place in the pool."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from challenges.api.classic_serializers import LENGTHS
from challenges.engine import CLASSIC_STRENGTHS, TILE_IDS
from challenges.models import LiveTable
from challenges.tables.selectors import REACTIONS

SEQ_MAX = 2**31 - 1


class TableCreateSerializer(serializers.Serializer[Any]):
    seats = serializers.IntegerField(min_value=2, max_value=4, default=2)
    computers = serializers.IntegerField(min_value=0, max_value=3, default=0)
    strength = serializers.ChoiceField(choices=list(CLASSIC_STRENGTHS), default="medium")
    length = serializers.ChoiceField(choices=list(LENGTHS), default="one_round")
    pace = serializers.ChoiceField(choices=list(LiveTable.Pace.values), default="live")
    listed = serializers.BooleanField(
        default=True, help_text="Shown in the lobby; otherwise joined by the invitation."
    )
    invite = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=150,
        help_text="A player you follow, invited to the table (which the lobby then hides).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["computers"] >= attrs["seats"]:
            raise serializers.ValidationError(
                {"computers": "Fewer computers than seats: you sit at one."}
            )
        return attrs


class TableSeqSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=SEQ_MAX,
        help_text="The last event the client has seen; a table that has moved on since "
        "refuses the action (stale_table).",
    )


class TableMoveSerializer(TableSeqSerializer):
    tile = serializers.ChoiceField(choices=list(TILE_IDS), help_text='A tile id, e.g. "4-4-5".')
    cell = serializers.ListField(
        child=serializers.IntegerField(min_value=-1000, max_value=1000),
        min_length=2,
        max_length=2,
    )
    rotation = serializers.IntegerField(min_value=0, max_value=2)


class TableJoinSerializer(serializers.Serializer[Any]):
    invite = serializers.CharField(required=False, allow_blank=True, max_length=64)


class TableReactSerializer(serializers.Serializer[Any]):
    reaction = serializers.ChoiceField(choices=list(REACTIONS))


class PairingSerializer(serializers.Serializer[Any]):
    seats = serializers.IntegerField(min_value=2, max_value=4, default=2)
    length = serializers.ChoiceField(choices=list(LENGTHS), default="one_round")


class EventsAfterSerializer(serializers.Serializer[Any]):
    after = serializers.IntegerField(min_value=0, max_value=SEQ_MAX, default=0)
