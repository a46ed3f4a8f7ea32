"""The social pages as the server renders them: a player's streaks, calendar, best
ranks and follow button; the leaderboard's tabs; a shared run's page and its picture,
which shows no tile before the results are out; "top X%" in words that are true."""

from __future__ import annotations

import io
import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from PIL import Image

from challenges.models import Challenge, Follow
from challenges.moderation.entries import entry_submit
from challenges.players.follows import follow_add
from challenges.views import standing_phrase, top_percent_shown
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory

pytestmark = pytest.mark.django_db

# The picture after the results is kept beside the browser tests' screenshots.
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def _logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_standing_words_are_true_at_every_rank_and_count() -> None:
    assert standing_phrase(rank=1, entries=1) == "the only entry"
    assert standing_phrase(rank=1, entries=12) == "first of 12"
    assert standing_phrase(rank=3, entries=40) == "top 8%"
    assert standing_phrase(rank=2, entries=4) == "top 50%"
    assert standing_phrase(rank=3, entries=4) == "3 of 4"
    assert standing_phrase(rank=2, entries=2) == "2 of 2"
    assert top_percent_shown(rank=1, entries=1) is None, "never 'top 100%' for one entry"
    assert top_percent_shown(rank=1, entries=1000) == 1


def test_a_player_page_shows_streaks_calendar_best_ranks_and_follows(challenge: Challenge) -> None:
    player, reader = UserFactory(), UserFactory()
    EntryFactory(challenge=challenge, player=player, score=40)
    client = _logged_in(reader)
    client.cookies["tz"] = "America/New_York"
    page = client.get(reverse("challenges:player", args=[player.username]))
    body = page.content.decode()
    assert 'data-testid="slot-streak">1<' in body
    assert "(America/New_York)" in body
    assert body.count('class="calendar__day ') >= 7 * 52
    assert 'data-entries="1"' in body
    assert f'#{challenge.number}</a>: rank <strong class="num">1</strong> of 1' in body
    assert 'id="follow-button"' in body and "Follow " + player.username in body

    follow = client.post(
        reverse("challenges:player-follow", args=[player.username]), {"action": "follow"}
    )
    assert follow.status_code == 302
    assert Follow.objects.filter(follower=reader, followed=player).exists()
    body = client.get(reverse("challenges:player", args=[player.username])).content.decode()
    assert "Following · unfollow" in body and "1 follower<" in body
    client.post(reverse("challenges:player-follow", args=[player.username]), {"action": "unfollow"})
    assert not Follow.objects.exists()
    own = _logged_in(player).get(reverse("challenges:player", args=[player.username]))
    assert 'id="follow-button"' not in own.content.decode(), "no following oneself"
    assert (
        Client().post(reverse("challenges:player-follow", args=[player.username])).status_code
        == 302
    )
    assert not Follow.objects.exists(), "a visitor is sent to log in, nothing followed"


def test_the_leaderboard_tabs(challenge: Challenge) -> None:
    me, friend, stranger = UserFactory(), UserFactory(), UserFactory()
    follow_add(follower_id=me.pk, followed_id=friend.pk)
    EntryFactory(challenge=challenge, player=stranger, score=90)
    EntryFactory(challenge=challenge, player=friend, score=70)
    EntryFactory(challenge=challenge, player=me, score=60)
    client = _logged_in(me)
    url = reverse("challenges:leaderboard", args=[challenge.pk])
    everyone = client.get(url).content.decode()
    assert 'data-testid="board-tabs"' in everyone and 'data-testid="leaderboard"' in everyone
    following = client.get(url + "?board=following").content.decode()
    table = re.search(r'data-testid="tab-board">(.*?)</table>', following, re.S)
    assert table is not None
    assert stranger.username not in table.group(1)
    assert "#2 overall" in table.group(1) and "#3 overall" in table.group(1)
    week = client.get(url + "?board=week").content.decode()
    assert "best 7 entries" in week
    assert stranger.username in week
    # The caption names the week's first and last day: seven days, not eight.
    caption = re.search(r"<caption>(.*?) to (.*?) \(UTC\)</caption>", week)
    assert caption is not None
    first, last = (datetime.strptime(f"{day} 2000", "%B %d %Y") for day in caption.groups())
    assert (last - first).days % 366 == 6, caption.groups()
    month = client.get(url + "?board=month").content.decode()
    assert 'aria-current="page" data-board="month"' in month and stranger.username in month
    start = challenge.opens_at.replace(day=1)
    assert f"{start:%B} 1 to {start:%B} " in month and "one a day" in month
    visitor = Client().get(url + "?board=following").content.decode()
    assert "to see the players you follow" in visitor
    assert (
        'aria-current="page" data-board="everyone"'
        in Client().get(url + "?board=nope").content.decode()
    )


def test_a_shared_run_page_has_an_open_graph_picture_without_tiles_before_results() -> None:
    challenge = ChallengeFactory()
    run = RunFactory(challenge=challenge, finished=True)
    entry_submit(run_id=run.pk, player_id=run.player_id)
    page = Client().get(reverse("challenges:share", args=[run.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    image = re.search(r'<meta property="og:image" content="([^"]+)">', body)
    assert image is not None and image.group(1).startswith("http://testserver/share/")
    assert "?board=1" not in image.group(1)
    assert f"Tri-Ominos Daily #{challenge.number}" in body
    for tile in [*challenge.tray, *challenge.well]:
        assert f">{tile}<" not in body and f'"{tile}"' not in body
    picture = Client().get(reverse("challenges:share-image", args=[run.pk]))
    assert picture.status_code == 200
    assert picture["Content-Type"] == "image/png"
    assert picture["Cache-Control"] == "public, max-age=300"
    assert Image.open(io.BytesIO(picture.content)).size == (1200, 630)


def test_after_the_results_the_picture_shows_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    challenge = ChallengeFactory()
    run = RunFactory(challenge=challenge, finished=True)
    entry_submit(
        run_id=run.pk, player_id=run.player_id
    )  # after the results only a live entry's card is public
    before = Client().get(reverse("challenges:share-image", args=[run.pk])).content
    from django.utils import timezone

    later = challenge.results_at + timedelta(seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    page = Client().get(reverse("challenges:share", args=[run.pk])).content.decode()
    assert "card.png?board=1" in page
    after = Client().get(reverse("challenges:share-image", args=[run.pk]) + "?board=1")
    assert after["Cache-Control"] == "public, max-age=86400"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    (SCREENSHOTS / "share-picture-after-results.png").write_bytes(after.content)
    assert after.content != before
    # The board's cream tiles are drawn where the hidden panel was.
    pixels = Image.open(io.BytesIO(after.content)).convert("RGB")
    cream = (255, 250, 240)
    board_area = pixels.crop((640, 40, 1160, 590))
    colours = board_area.getcolors(maxcolors=1 << 16) or []
    assert sum(count for count, colour in colours if colour == cream) > 1000


def test_a_rejected_or_unknown_run_has_no_share_page(challenge: Challenge) -> None:
    from challenges.models import Run

    rejected = RunFactory(challenge=challenge, status=Run.Status.REJECTED, score=0)
    assert Client().get(reverse("challenges:share", args=[rejected.pk])).status_code == 404
    assert Client().get(reverse("challenges:share-image", args=[rejected.pk])).status_code == 404


def test_development_shows_the_sites_own_404_page(settings: Any) -> None:
    settings.DEBUG = True
    page = Client().get("/no-such-page/")
    assert page.status_code == 404
    body = page.content.decode()
    assert "No tile fits here" in body
    assert "Using the URLconf" not in body, "not Django's technical page"
    api = Client().get("/api/no-such-thing/")
    assert api.status_code == 404 and api.json()["code"] == "not_found"
