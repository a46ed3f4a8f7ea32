"""The serializers of the classic game's API: what a request sends, and the game as a
seat sees it."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from challenges.engine import CLASSIC_STRENGTHS, TILE_IDS

LENGTHS = ("one_round", "to_400")


class ClassicStartSerializer(serializers.Serializer[Any]):
    computers = serializers.IntegerField(
        min_value=1, max_value=3, default=1, help_text="How many computers play (1-3)."
    )
    strength = serializers.ChoiceField(choices=list(CLASSIC_STRENGTHS), default="medium")
    length = serializers.ChoiceField(
        choices=list(LENGTHS),
        default="one_round",
        help_text="One round (the mobile game), or rounds until someone reaches 400 (the box).",
    )


class ClassicVersionSerializer(serializers.Serializer[Any]):
    # A game's log holds a few hundred actions at most: the bound keeps a client's
    # number within what the database's integers hold.
    version = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text="The game's version the action was chosen on: a game that has moved on "
        "since refuses it (stale_game).",
    )


class ClassicMoveSerializer(ClassicVersionSerializer):
    tile = serializers.ChoiceField(
        choices=list(TILE_IDS), help_text='A tile id, its numbers in order, e.g. "4-4-5".'
    )
    cell = serializers.ListField(
        child=serializers.IntegerField(min_value=-1000, max_value=1000),
        min_length=2,
        max_length=2,
        help_text="[row, col] of the triangle cell (RULES.md).",
    )
    rotation = serializers.IntegerField(min_value=0, max_value=2)


class ClassicSeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["person", "computer"])
    strength = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True, help_text="A person's name; null for a guest.")
    hand_size = serializers.IntegerField()
    score = serializers.IntegerField()


class ClassicPlacementSerializer(serializers.Serializer[Any]):
    tile = serializers.CharField()
    cell = serializers.ListField(child=serializers.IntegerField())
    rotation = serializers.IntegerField()


class ClassicGameSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    status = serializers.CharField(help_text="playing, finished or resigned.")
    length = serializers.ChoiceField(choices=list(LENGTHS))
    strength = serializers.CharField()
    version = serializers.IntegerField(help_text="How many actions the game's log holds.")
    you = serializers.IntegerField(help_text="Your seat.")
    seats = ClassicSeatSerializer(many=True)
    round = serializers.IntegerField()
    turn = serializers.IntegerField(allow_null=True, help_text="The seat to move; null: over.")
    hand = serializers.ListField(child=serializers.CharField(), help_text="Your tiles.")
    board = ClassicPlacementSerializer(many=True, help_text="The current round's board.")
    well_size = serializers.IntegerField()
    draws_this_turn = serializers.IntegerField()
    can_draw = serializers.BooleanField()
    can_pass = serializers.BooleanField()
    opening_tiles = serializers.ListField(
        child=serializers.CharField(), help_text="The tiles the round may open with."
    )
    scores = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    target = serializers.IntegerField()
    max_draws = serializers.IntegerField()
    round_events = serializers.ListField(
        child=serializers.DictField(),
        help_text="The current round's events as your seat sees them (docs/classic.md).",
    )
    new_events = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="After an action: what it and the computers' turns made happen.",
    )


class ClassicStrengthRecordSerializer(serializers.Serializer[Any]):
    strength = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()


class ClassicHistorySerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    status = serializers.CharField()
    length = serializers.CharField()
    strength = serializers.CharField()
    computers = serializers.IntegerField()
    rounds = serializers.IntegerField()
    score = serializers.IntegerField()
    won = serializers.BooleanField(allow_null=True)


class ClassicRecordSerializer(serializers.Serializer[Any]):
    games = serializers.IntegerField(help_text="Games played to the end or resigned.")
    wins = serializers.IntegerField()
    best_round = serializers.IntegerField(allow_null=True)
    by_strength = ClassicStrengthRecordSerializer(many=True)
    history = ClassicHistorySerializer(many=True)
    current = serializers.UUIDField(allow_null=True, help_text="The game being played.")


class ClassicReplaySerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    status = serializers.CharField()
    length = serializers.CharField()
    strength = serializers.CharField()
    you = serializers.IntegerField()
    seats = ClassicSeatSerializer(many=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    events = serializers.ListField(
        child=serializers.DictField(),
        help_text="Every event; every hand shown once the game is over.",
    )
