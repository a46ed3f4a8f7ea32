"""The plain reads answered before DRF (challenges/api/hot_reads.py) answer exactly as
the DRF views do, and only when DRF would answer the same for anyone; board reads of
a challenge whose results are out carry an ETag (304 on a match), open ones never say
``public``."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.utils import timezone
from rest_framework.test import APIClient

from challenges.api import hot_reads, views
from challenges.api.data import challenge_data
from challenges.api.serializers import ChallengeSerializer
from challenges.boards.leaderboards import challenge_stats
from challenges.boards.services import leaderboard_cache_key
from challenges.models import Challenge
from challenges.moderation.entries import entry_void
from challenges.schedule.challenge_rows import challenge_board_head, challenge_row
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db

# What both paths must agree on (Vary and the like come from the middleware).
_HEADERS = ("Content-Type", "Allow", "ETag", "Cache-Control")


def _answer(response: Any) -> tuple[int, bytes, dict[str, str | None]]:
    return response.status_code, response.content, {h: response.get(h) for h in _HEADERS}


def _closed_challenge() -> Challenge:
    """A challenge two slots back: closed, its results out."""
    number = slot_number(at=timezone.now()) - 2
    challenge: Challenge = ChallengeFactory(number=number)
    assert challenge.results_out(timezone.now())
    return challenge


def _board(challenge: Challenge) -> str:
    return f"/api/challenges/{challenge.pk}/leaderboard/"


def _drf_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hot_reads, "plain_read", lambda request: False)


@pytest.mark.parametrize("closed", [False, True])
def test_a_plain_board_read_answers_as_the_drf_view(
    closed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    challenge = _closed_challenge() if closed else ChallengeFactory()
    for score in (40, 90, 90):
        EntryFactory(challenge=challenge, score=score)
    client = Client()
    miss = _answer(client.get(_board(challenge), {"size": 2}))  # rendered by DRF, cached
    hit = _answer(client.get(_board(challenge), {"size": 2}))  # from the cache, no DRF
    with monkeypatch.context() as patched:
        _drf_only(patched)
        drf = _answer(client.get(_board(challenge), {"size": 2}))
    assert miss == hit == drf
    assert miss[0] == 200 and b'"count":3' in miss[1]


def test_requests_drf_would_answer_differently_still_go_to_drf(challenge: Challenge) -> None:
    EntryFactory(challenge=challenge, score=10)
    client = Client()
    assert client.get(_board(challenge)).status_code == 200  # now cached
    # A bad token is refused even though the page is cached.
    refused = client.get(_board(challenge), HTTP_AUTHORIZATION="Token not-a-token")
    assert refused.status_code == 401 and refused.json()["code"] == "authentication_failed"
    # An Accept the API cannot answer is refused, as DRF negotiates (through the view
    # itself: the schema declares no 406, which DRF says to any API view so asked).
    request = RequestFactory().get(_board(challenge), HTTP_ACCEPT="text/html")
    assert views.leaderboard_read(request, challenge_id=challenge.pk).status_code == 406
    # A browser's Accept (with */*) gets the JSON.
    browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    assert client.get(_board(challenge), HTTP_ACCEPT=browser).status_code == 200
    # Bad parameters and unknown challenges keep their JSON errors.
    assert client.get(_board(challenge), {"page": "x"}).json()["code"] == "invalid"
    assert client.get("/api/challenges/999999/leaderboard/").json()["code"] == "not_found"


@pytest.mark.parametrize(
    ("accept", "plain"),
    [
        ("", True),
        ("*/*", True),
        ("application/json", True),
        ("text/html,*/*;q=0.8", True),
        ("text/html", False),
        ("text/html, */*;q=0", False),
        ("text/html, */*;q=0.0", False),
        ("application/json; indent=4", False),
    ],
)
def test_which_accept_headers_are_plain(accept: str, plain: bool) -> None:
    request = RequestFactory().get("/", HTTP_ACCEPT=accept)
    assert hot_reads.plain_read(request) is plain


def test_a_challenge_body_has_the_fields_its_serializer_documents() -> None:
    now = timezone.now()
    for challenge, par in ((ChallengeFactory(), None), (_closed_challenge(), 123)):
        Challenge.objects.filter(pk=challenge.pk).update(par=par)
        EntryFactory(challenge=challenge, score=55)
        row = challenge_row(number=challenge.pk)
        assert row is not None
        data = challenge_data(row, now=now)
        assert list(data) == list(ChallengeSerializer().fields)
        assert ChallengeSerializer(row, context={"now": now}).data == data
        stats = challenge_stats(challenge=row)
        assert (data["entries"], data["top_score"]) == (stats.entries, stats.top_score) == (1, 55)
        assert (data["tray"] is None) is (data["par"] is None) is (not row.is_closed(now))


def test_the_current_challenge_plain_and_through_drf(monkeypatch: pytest.MonkeyPatch) -> None:
    challenge = ChallengeFactory()
    EntryFactory(challenge=challenge, score=5)
    client = Client()
    plain = client.get("/api/challenges/current/")
    with monkeypatch.context() as patched:
        _drf_only(patched)
        drf = client.get("/api/challenges/current/")
    assert _answer(plain) == _answer(drf)
    assert plain.json()["id"] == challenge.pk and plain.json()["entries"] == 1
    # A token is checked, as every API request's.
    bad = client.get("/api/challenges/current/", HTTP_AUTHORIZATION="Token nope")
    assert bad.status_code == 401


def test_the_current_challenge_is_made_when_missing() -> None:
    number = slot_number(at=timezone.now())
    Challenge.objects.filter(number=number).delete()
    body = Client().get("/api/challenges/current/").json()
    assert body["number"] == number and Challenge.objects.filter(number=number).exists()


def test_challenge_row_reads_what_the_orm_reads() -> None:
    challenge = _closed_challenge()
    Challenge.objects.filter(pk=challenge.pk).update(par=77, par_log={"moves": []})
    row, orm = challenge_row(number=challenge.pk), Challenge.objects.get(pk=challenge.pk)
    assert row is not None
    # The par's log is left out of the read (no board shows it) and loads if asked for.
    assert row.get_deferred_fields() == {"par_log"}
    fields = [f.attname for f in Challenge._meta.concrete_fields]
    assert [getattr(row, f) for f in fields] == [getattr(orm, f) for f in fields]
    assert challenge_row(number=challenge.pk + 1000) is None


def test_a_board_head_keys_the_cache_and_dates_the_results_as_the_whole_row() -> None:
    for challenge in (_closed_challenge(), ChallengeFactory()):
        Challenge.objects.filter(pk=challenge.pk).update(board_version=41)
        head, row = challenge_board_head(number=challenge.pk), challenge_row(number=challenge.pk)
        assert head is not None and row is not None
        assert leaderboard_cache_key(challenge=head, name="p") == leaderboard_cache_key(
            challenge=row, name="p"
        )
        assert "v41" in leaderboard_cache_key(challenge=head, name="p")
        now = timezone.now()
        assert head.results_out(now) is row.results_out(now)
        # Only those fields are read; another loads when asked for, as the ORM's.
        assert "tray" in head.get_deferred_fields() and head.tray == row.tray
    assert challenge_board_head(number=10**12) is None


# --- ETag and Cache-Control ------------------------------------------------------------


def test_a_closed_board_has_an_etag_and_a_conditional_get_gets_a_304() -> None:
    challenge = _closed_challenge()
    cheat = EntryFactory(challenge=challenge, score=99)
    EntryFactory(challenge=challenge, score=50)
    client = APIClient()
    first = client.get(_board(challenge))
    etag = first["ETag"]
    assert first.status_code == 200 and etag.startswith('"')
    assert first["Cache-Control"] == f"public, max-age={hot_reads.CLOSED_BOARD_MAX_AGE}"
    again = client.get(_board(challenge), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag
    # Another page is another ETag.
    assert client.get(_board(challenge), {"size": 1})["ETag"] != etag
    # A moderator's void still changes a closed board: a new ETag, the new body.
    entry_void(entry_id=cheat.pk, reason="copied log")
    after = client.get(_board(challenge), HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200 and after["ETag"] != etag
    assert after.json()["count"] == 1


def test_open_boards_are_never_public(challenge: Challenge) -> None:
    EntryFactory(challenge=challenge, score=10)
    client = APIClient()
    for _ in range(2):  # the miss, then the hit
        response = client.get(_board(challenge))
        assert response["Cache-Control"] == "private, no-cache"
        assert not response.has_header("ETag")
        assert client.get(_board(challenge), HTTP_IF_NONE_MATCH="*").status_code == 200
    detail = client.get(f"/api/challenges/{challenge.pk}/")
    assert detail["Cache-Control"] == "private, no-cache" and not detail.has_header("ETag")
    assert "public" not in (client.get("/api/challenges/current/").get("Cache-Control") or "")


def test_a_closed_challenge_has_an_etag_that_its_par_changes() -> None:
    challenge = _closed_challenge()
    client = APIClient()
    first = client.get(f"/api/challenges/{challenge.pk}/")
    assert first["Cache-Control"].startswith("public")
    path = f"/api/challenges/{challenge.pk}/"
    assert client.get(path, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    Challenge.objects.filter(pk=challenge.pk).update(par=321)
    solved = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert solved.status_code == 200 and solved.json()["par"] == 321


def test_a_submit_is_on_the_plain_read_at_once(challenge: Challenge) -> None:
    """The hit path reads the version from the row, as the DRF path does."""
    from tests.factories import RunFactory

    EntryFactory(challenge=challenge, score=10)
    client = Client()
    before = client.get(_board(challenge)).json()
    assert client.get(_board(challenge)).json() == before  # a hit
    player = UserFactory(username="late")
    run = RunFactory(player=player, challenge=challenge, finished=True)
    submitter = APIClient()
    submitter.force_authenticate(player)
    assert submitter.post(f"/api/runs/{run.pk}/submit/").status_code == 201
    after = client.get(_board(challenge)).json()
    assert after["count"] == 2 and "late" in {row["player"] for row in after["results"]}
