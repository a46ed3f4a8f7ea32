"""The database stops, the site says so: a real PostgreSQL stopped and started again.

The test runs its own throwaway PostgreSQL cluster and redis-server (tests/processes.py)
behind gunicorn with the production settings. A player makes an entry; then the
database stops. The API answers 503 JSON (``database_unavailable``, ``Retry-After``),
a page answers a short 503 page in French that reloads itself, and the cached public
reads (the current challenge, a board, the history page) still answer 200 from Redis.
Once the database is back, everything answers again with no restart, and the entry the
player was told about is there.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.crowd import SimulatedPlayer, Tally
from tests.faults.conftest import site_running
from tests.processes import (
    LoopbackSite,
    get,
    request,
    tokens_make,
)

pytestmark = pytest.mark.postgres


@pytest.fixture
def site(tmp_path: Path) -> Iterator[LoopbackSite]:
    with site_running(lambda: LoopbackSite(tmp_path, database="outage", PAR_SOLVE="off")) as made:
        yield made


def _json(answer: tuple[int, dict[str, str], bytes]) -> Any:
    return json.loads(answer[2])


def test_database_stopped_api_503_french_page_cached_reads_then_back(site: LoopbackSite) -> None:
    port = site.web.port
    [token] = tokens_make(site.environment, count=1, prefix="outage")
    tally = Tally()
    player = SimulatedPlayer(
        host="127.0.0.1",
        port=port,
        token=token,
        tally=tally,
        number=0,
        moves=6,
        step_ms=300,
        batch_every_s=0.5,
    )
    assert player.play_run(variant=0), tally.statuses
    [run_id] = tally.entries

    current = _json(get(port, "/api/challenges/current/"))
    number = current["id"]
    reads = [
        "/api/challenges/current/",
        f"/api/challenges/{number}/leaderboard/",
        f"/challenges/{number}/",
        "/challenges/",
    ]
    before = {path: get(port, path) for path in reads}
    assert {path: answer[0] for path, answer in before.items()} == dict.fromkeys(reads, 200)

    site.postgres.stop()

    started = request(
        port,
        "POST",
        f"/api/challenges/{number}/runs/",
        headers={"Authorization": f"Token {token}"},
    )
    assert started[0] == 503, started
    assert _json(started)["code"] == "database_unavailable"
    assert _json(started)["detail"]
    assert int(started[1]["retry-after"]) > 0

    page = get(port, "/play/", {"Accept-Language": "fr"})
    assert page[0] == 503, page[:2]
    assert page[1]["retry-after"]
    text = page[2].decode()
    assert 'http-equiv="refresh"' in text
    assert 'lang="fr"' in text and "De retour dans un instant" in text

    for path in reads:
        status, headers, body = get(port, path)
        assert status == 200, (path, status)
        assert headers.get("x-served-from") == "copy", path
        assert body == before[path][2] or path.startswith("/challenges/"), path

    site.postgres.start()
    deadline = time.monotonic() + 30
    while get(port, "/healthz")[0] != 200:
        assert time.monotonic() < deadline, "the site did not come back"
        time.sleep(0.2)
    for path in [*reads, "/play/"]:
        status, headers, _ = get(port, path)
        assert status == 200 and "x-served-from" not in headers, (path, status)
    again = request(
        port,
        "POST",
        f"/api/challenges/{number}/runs/",
        headers={"Authorization": f"Token {token}"},
    )
    assert again[0] == 201, again
    mine = request(
        port,
        "GET",
        f"/api/challenges/{number}/leaderboard/me/",
        headers={"Authorization": f"Token {token}"},
    )
    assert mine[0] == 200 and _json(mine)["run"] == run_id, mine
    assert tally.server_errors == []
