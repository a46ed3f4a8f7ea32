"""The reads every submit's trust check makes, compiled once (moderation/trust.py),
answer as the querysets they are built from."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db.models import Sum

from challenges.models import Challenge, FormPoint, PlayerForm, ScoreCount
from challenges.moderation import trust
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_form_and_its_points_read_as_the_orm(challenge: Challenge) -> None:
    player, nobody = UserFactory(), UserFactory()
    PlayerForm.objects.create(player=player, challenges=3, voided=1, vouched=True)
    at = challenge.opens_at
    for n, (share, counted, reviewed) in enumerate(
        [(0.5, True, False), (None, True, False), (0.9, False, False), (0.7, True, True)]
    ):
        other = ChallengeFactory(number=challenge.number + 10 + n)
        FormPoint.objects.create(
            player=player,
            challenge=other,
            entry=EntryFactory(challenge=other, player=player),
            share=share,
            counted=counted,
            reviewed=reviewed,
            at=at + timedelta(hours=n),
        )
    record = trust.player_record(player_id=player.pk)
    points = FormPoint.objects.filter(player=player, counted=True).order_by("at", "id")
    assert record.shares == tuple(points.values_list("share", flat=True)) == (0.5, None, 0.7)
    assert record.reviewed == (False, False, True)
    assert (record.voided, record.vouched) == (1, True)
    form = trust._form_row(player_id=player.pk)
    assert form is not None and form.pk == PlayerForm.objects.get(player=player).pk
    assert trust._form_row(player_id=nobody.pk) is None
    assert trust.player_record(player_id=nobody.pk).shares == ()


def test_the_rank_reads_as_the_orms_sum(challenge: Challenge) -> None:
    for score in (500, 400, 400, 300):
        EntryFactory(challenge=challenge, score=score)
    for score in (600, 500, 450, 400, 299, -5):
        above = ScoreCount.objects.filter(challenge=challenge, score__gt=score).aggregate(
            n=Sum("entries")
        )["n"]
        assert trust.board_rank(challenge_id=challenge.pk, score=score) == 1 + (above or 0)
