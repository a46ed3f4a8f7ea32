"""Serializers of a player's record, following, the day and week boards, and a run's
standing with its share card. Views hand them the domain's dataclasses."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from challenges.slots import slot_length_hours


class StreakSerializer(serializers.Serializer[Any]):
    current = serializers.IntegerField()
    longest = serializers.IntegerField()


class StreaksSerializer(serializers.Serializer[Any]):
    slots = StreakSerializer(
        help_text=f"Challenges submitted one after another ({slot_length_hours()}-hour slots)."
    )
    days = StreakSerializer(help_text="Days with a submission, in the time zone asked for.")


class CalendarDaySerializer(serializers.Serializer[Any]):
    day = serializers.DateField()
    entries = serializers.IntegerField(help_text="Challenges submitted that day.")


class CalendarSerializer(serializers.Serializer[Any]):
    first = serializers.DateField(help_text="A Monday.")
    last = serializers.DateField(help_text="Today, in the time zone asked for.")
    days = CalendarDaySerializer(many=True)


class BestRankSerializer(serializers.Serializer[Any]):
    challenge = serializers.IntegerField(source="challenge_id")
    rank = serializers.IntegerField()
    entries = serializers.IntegerField()
    score = serializers.IntegerField()


class PlayerRecordSerializer(serializers.Serializer[Any]):
    username = serializers.CharField()
    joined = serializers.DateTimeField()
    time_zone = serializers.CharField(help_text="The zone the days are counted in.")
    played = serializers.IntegerField(help_text="Challenges with a live entry.")
    streaks = StreaksSerializer()
    calendar = CalendarSerializer()
    best_ranks = BestRankSerializer(many=True, help_text="The player's five best ranks.")
    followers = serializers.IntegerField()
    following = serializers.IntegerField(help_text="How many players this player follows.")
    followed_by_you = serializers.BooleanField(help_text="Whether the reader follows them.")


class FollowSerializer(serializers.Serializer[Any]):
    player = serializers.CharField()
    followed_by_you = serializers.BooleanField()
    followers = serializers.IntegerField()


class FollowingRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(help_text="Rank among the players of this board.")
    board_rank = serializers.IntegerField(help_text="Rank on the challenge's whole board.")
    player = serializers.CharField()
    score = serializers.IntegerField()
    submitted_at = serializers.DateTimeField()
    run = serializers.UUIDField(source="run_id")
    is_you = serializers.BooleanField()


class FollowingBoardSerializer(serializers.Serializer[Any]):
    challenge = serializers.IntegerField(source="challenge_id")
    following = serializers.IntegerField(help_text="How many players the reader follows.")
    results = FollowingRowSerializer(many=True, source="rows")


class PeriodRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    score = serializers.IntegerField(help_text="The sum of the best `best_of` entries.")
    entered = serializers.IntegerField(help_text="Challenges of the period entered.")
    counted = serializers.IntegerField(help_text="Of those, how many count.")


class PeriodBoardSerializer(serializers.Serializer[Any]):
    period = serializers.CharField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    best_of = serializers.IntegerField()
    results = PeriodRowSerializer(many=True, source="rows")


class BestsSerializer(serializers.Serializer[Any]):
    today = serializers.IntegerField(allow_null=True)
    week = serializers.IntegerField(allow_null=True)
    all_time = serializers.IntegerField(allow_null=True)


class PlaceSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    count = serializers.IntegerField()


class OwnRunSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField(source="run_id")
    score = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    eligible = serializers.BooleanField()
    submitted = serializers.BooleanField()
    submittable = serializers.BooleanField()
    best = serializers.BooleanField(help_text="The best eligible run: the one to submit.")


class ShareSerializer(serializers.Serializer[Any]):
    text = serializers.CharField(help_text="The card to paste, its link last.")
    url = serializers.URLField(help_text="The run's result page.")
    image = serializers.URLField(help_text="Its Open Graph picture (PNG).")


class RunStandingSerializer(serializers.Serializer[Any]):
    run = serializers.UUIDField(source="standing.run_id")
    score = serializers.IntegerField(source="standing.score")
    par = serializers.IntegerField(source="standing.par", allow_null=True)
    par_percent = serializers.IntegerField(allow_null=True)
    bests_before = BestsSerializer(source="standing.before")
    new_bests = serializers.ListField(
        child=serializers.CharField(),
        source="standing.new_bests",
        help_text="The spans this run is a new best in: today, week, all_time.",
    )
    entry = PlaceSerializer(source="standing.entry", allow_null=True)
    would_be = PlaceSerializer(source="standing.would_be", allow_null=True)
    submittable = serializers.BooleanField(source="standing.submittable")
    runs = OwnRunSerializer(many=True, help_text="The player's valid runs of it, best first.")
    share = ShareSerializer()
