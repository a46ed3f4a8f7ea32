"""No request waits on the broker: a real Redis stopped, then paused, under a real site.

The test runs its own PostgreSQL cluster and redis-server, gunicorn with the production
settings (Redis as cache and broker), and a real Celery worker with the beat inside it
(tests/processes.py). While Redis is stopped, then paused, every page that finds no par
answers within a second, and asks for the par with a row in the outbox. Once Redis is
back, the beat and the worker drain the outbox and the par is solved, with no restart
of anything.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.faults.conftest import site_running
from tests.processes import (
    LoopbackSite,
    get,
)

pytestmark = [pytest.mark.postgres, pytest.mark.celery_worker]

# The design's bound: no request waits more than a second on anything but the database.
WITHIN_SECONDS = 1.0
PAGES_WITHOUT_PAR = ["/api/challenges/current/", "/", "/play/", "/challenges/"]


class Site(LoopbackSite):
    def __init__(self, directory: Path) -> None:
        super().__init__(
            directory,
            database="broker",
            PAR_SOLVE="celery",
            PAR_SOLVER_NODES="20000",
            OUTBOX_DRAIN_SECONDS="2",
            REDIS_CIRCUIT_OPEN_SECONDS="1",
        )

    def outbox(self) -> list[str]:
        import psycopg

        with psycopg.connect(self.postgres.url(self.database)) as conn:
            rows = conn.execute("SELECT key FROM challenges_outboxtask ORDER BY id").fetchall()
        return [key for (key,) in rows]

    def outbox_empty(self) -> None:
        import psycopg

        with psycopg.connect(self.postgres.url(self.database)) as conn:
            conn.execute("DELETE FROM challenges_outboxtask")


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    with site_running(lambda: Site(tmp_path)) as made:
        yield made


def _every_page_answers_within_a_second(port: int) -> dict[str, object]:
    """Each page, with a client that gives up after the bound: an answer that does not
    come within it is status 0."""
    seen: dict[str, object] = {}
    for path in PAGES_WITHOUT_PAR:
        status, _, body = get(port, path, timeout=WITHIN_SECONDS)
        assert status == 200, (path, status)
        if path.startswith("/api/"):
            seen[path] = json.loads(body)["par"]
    return seen


def test_redis_stopped_then_paused_pages_answer_and_the_par_is_solved_after(
    site: Site,
) -> None:
    port = site.web.port
    # A warm site (each worker has served each page), whose challenge has no par yet and
    # no ask waiting: the first reader made it, and its ask is forgotten here.
    for _ in range(4):
        for path in PAGES_WITHOUT_PAR:
            assert get(port, path, timeout=30)[0] == 200, path
    site.outbox_empty()

    site.redis.stop()
    site.worker.start()  # it comes up during the outage, and is never restarted
    for _ in range(3):
        assert _every_page_answers_within_a_second(port)["/api/challenges/current/"] is None
    # The pages asked for the par while Redis was down: the ask waits in the database.
    number = json.loads(get(port, "/api/challenges/current/")[2])["id"]
    assert site.outbox() == [f"par:{number}"]

    site.redis.start()
    site.redis.pause()
    time.sleep(1.5)  # the cache's breaker interval: the next calls try Redis again
    for _ in range(3):
        assert _every_page_answers_within_a_second(port)["/api/challenges/current/"] is None

    site.redis.resume()
    deadline = time.monotonic() + 120
    while True:
        status, _, body = get(port, "/api/challenges/current/", timeout=WITHIN_SECONDS)
        assert status == 200
        if json.loads(body)["par"] is not None:
            break
        assert time.monotonic() < deadline, (site.worker.log.read_text()[-3000:],)
        time.sleep(1)
    assert site.outbox() == []
    assert site.worker.process is not None and site.worker.process.poll() is None
    assert site.web.process is not None and site.web.process.poll() is None
