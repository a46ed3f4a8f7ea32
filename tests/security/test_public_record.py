"""A held entry is absent from the board, so from the public record too: the calendar
and the streaks anyone reads count live entries; the player's own view counts both."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db


def _record(client: APIClient, username: str) -> dict[str, object]:
    response = client.get(f"/api/players/{username}/")
    assert response.status_code == 200, response.content
    return response.json()


def _days_played(record: dict[str, object]) -> int:
    days = record["calendar"]["days"]  # type: ignore[index]
    return sum(1 for day in days if day["entries"])


def test_a_held_entry_leaves_no_trace_on_the_public_record() -> None:
    player = UserFactory()
    EntryFactory(
        player=player, challenge=ChallengeFactory(), status="held", hold_reasons=["reported"]
    )
    public = _record(APIClient(), player.username)
    assert public["streaks"]["slots"]["current"] == 0  # type: ignore[index]
    assert _days_played(public) == 0
    own = APIClient()
    own.force_authenticate(player)
    mine = _record(own, player.username)
    assert _days_played(mine) == 1


def test_the_player_page_shows_no_held_entry_to_others() -> None:
    from django.test import Client

    player = UserFactory()
    EntryFactory(
        player=player, challenge=ChallengeFactory(), status="held", hold_reasons=["reported"]
    )
    page = Client().get(f"/players/{player.username}/")
    assert page.status_code == 200
    # The page's calendar and streaks are built only when their cached parts are missing.
    calendar, streaks = page.context["calendar"], page.context["streaks"]
    assert (calendar() if callable(calendar) else calendar).played == 0
    assert (streaks() if callable(streaks) else streaks).slots.current == 0
