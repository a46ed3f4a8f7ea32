"""Live tables when parts fail, on the production stack: uvicorn (the ASGI server) in
its own process, the Redis channel layer on a real redis-server, PostgreSQL.

- Redis stopped, or frozen: moves still answer over HTTP at once, the pushes are lost,
  and a page that polls ``events/?after=N`` gets every event: nothing is lost.
- nginx, with the deploy's WebSocket location, in front of uvicorn: the socket passes.
- The socket worker killed outright: the client's socket drops; it reconnects to the
  restarted worker, whose hello shows the gap, and catches up over HTTP, each event
  once, and the pushes flow again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from challenges.models import LiveTable
from challenges.tables import services
from tests.celery_worker import database_url
from tests.conftest import service_missing
from tests.factories import UserFactory
from tests.processes import (
    NGINX_DEPLOY,
    LiveServer,
    RedisServer,
    get,
    nginx_serving,
    site_environment,
)
from tests.tables_play import simple_action, table_match

pytestmark = pytest.mark.django_db(transaction=True)

# A move waits on its push at most TABLE_PUSH_TIMEOUT (0.5 s); with no bound, a frozen
# Redis would hold it for good. Generous beside that: the machine running the suite is
# shared, and a move alone has taken 2.5 s on it.
ANSWER_SECONDS = 5.0


class Stack:
    def __init__(self, redis: RedisServer, log: Path) -> None:
        self.redis = redis
        self.environment = site_environment(
            database_url=database_url(), redis_url=redis.url(2), TABLE_PUSH_TIMEOUT="0.5"
        )
        self.live = LiveServer(self.environment, log=log)

    def socket(self, table_id: str, cookie: str) -> ClientConnection:
        return connect(
            f"ws://127.0.0.1:{self.live.port}/ws/tables/{table_id}/",
            additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{self.live.port}"},
            open_timeout=10,
        )

    def events_after(self, table_id: str, after: int, cookie: str) -> list[dict[str, Any]]:
        status, _, body = get(
            self.live.port, f"/api/tables/{table_id}/events/?after={after}", {"Cookie": cookie}
        )
        assert status == 200, body
        events: list[dict[str, Any]] = json.loads(body)["events"]
        return events


@pytest.fixture
def stack(postgres: None, settings: Any, tmp_path: Path) -> Iterator[Stack]:
    try:
        redis = RedisServer()
    except FileNotFoundError as missing:
        service_missing(str(missing))
    redis.start()
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [redis.url(2)], "prefix": "tod:asgi"},
        }
    }
    settings.TABLE_PUSH_TIMEOUT = 0.5
    running = Stack(redis, tmp_path / "sockets.log")
    running.live.start()
    try:
        yield running
    finally:
        running.live.stop()
        redis.stop()


class Feed:
    """The page's feed (tables/feed.js), over the socket and the HTTP API."""

    def __init__(self, stack: Stack, table_id: str, cookie: str) -> None:
        self.stack, self.table_id, self.cookie = stack, table_id, cookie
        self.last = 0
        self.applied: list[int] = []

    def take(self, seq: int) -> None:
        if seq == self.last + 1:
            self.applied.append(seq)
            self.last = seq
        elif seq > self.last + 1:
            self.catch_up()

    def catch_up(self) -> None:
        for event in self.stack.events_after(self.table_id, self.last, self.cookie):
            self.take(event["seq"])

    def hello(self, socket: ClientConnection) -> None:
        message = json.loads(socket.recv(timeout=10))
        if message["hello"]["seq"] > self.last:
            self.catch_up()

    def pushes(self, socket: ClientConnection, count: int) -> None:
        for _ in range(count):
            self.take(json.loads(socket.recv(timeout=10))["seq"])


def _table() -> tuple[str, dict[int, User], str]:
    people = {0: UserFactory(), 1: UserFactory()}
    made = services.table_create(
        player_id=people[0].pk, seats=2, computers=0, strength="easy", rounds=1, pace="live"
    )
    services.table_join(table_id=made["id"], player_id=people[1].pk)
    browser = Client()
    browser.force_login(people[0])
    return str(made["id"]), people, f"sessionid={browser.cookies['sessionid'].value}"


def _turn(table_id: str, people: dict[int, User]) -> int:
    """A turn through the API, as a page sends it; returns how many events it made."""
    before = LiveTable.objects.get(pk=table_id).seq
    match = table_match(table_id)
    action = simple_action(match)
    kind = action.pop("type")
    client = APIClient()
    client.force_login(people[match.current_player])
    started = time.monotonic()
    path = {"place": "move", "draw": "draw", "pass": "pass"}[kind]
    answer = client.post(
        f"/api/tables/{table_id}/{path}/", {**action, "seq": before}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert time.monotonic() - started < ANSWER_SECONDS
    return LiveTable.objects.get(pk=table_id).seq - before


def test_with_redis_stopped_or_frozen_moves_answer_and_polling_loses_nothing(
    stack: Stack,
) -> None:
    table_id, people, cookie = _table()
    feed = Feed(stack, table_id, cookie)
    with stack.socket(table_id, cookie) as socket:
        feed.hello(socket)
        feed.pushes(socket, _turn(table_id, people))
        assert feed.last == LiveTable.objects.get(pk=table_id).seq, "pushed through Redis"

        stack.redis.pause()
        _turn(table_id, people)
        stack.redis.resume()
        stack.redis.stop()
        for _ in range(3):
            _turn(table_id, people)
        feed.catch_up()
    assert feed.applied == list(range(1, LiveTable.objects.get(pk=table_id).seq + 1))


def test_a_socket_worker_killed_clients_reconnect_and_catch_up(stack: Stack) -> None:
    table_id, people, cookie = _table()
    feed = Feed(stack, table_id, cookie)
    socket = stack.socket(table_id, cookie)
    feed.hello(socket)
    feed.pushes(socket, _turn(table_id, people))
    pushed = feed.last

    stack.live.kill()
    with pytest.raises((ConnectionClosed, TimeoutError, OSError)):
        socket.recv(timeout=5)
    socket.close()
    for _ in range(3):
        _turn(table_id, people)
    # The unit restarts it (Restart=always): the same port, a new process.
    stack.live.start()
    with stack.socket(table_id, cookie) as again:
        feed.hello(again)
        assert feed.last > pushed, "the hello showed the gap and the feed caught up"
        feed.pushes(again, _turn(table_id, people))
    assert feed.applied == list(range(1, LiveTable.objects.get(pk=table_id).seq + 1))


def test_nginx_upgrades_the_table_socket_to_uvicorn(
    stack: Stack, nginx_path: str, tmp_path: Path
) -> None:
    """deploy/nginx/triominos-live.conf in a real nginx in front of uvicorn: the socket
    is upgraded through it and a move's push arrives."""
    http = f"upstream triominos_live {{ server 127.0.0.1:{stack.live.port}; }}"
    server = f"location /ws/ {{ include {NGINX_DEPLOY / 'triominos-live.conf'}; }}"
    upstream = f"127.0.0.1:{stack.live.port}"
    workdir = tmp_path / "nginx"
    workdir.mkdir()
    table_id, people, cookie = _table()
    with nginx_serving(
        nginx_path, workdir=workdir, upstream=upstream, server=server, http=http
    ) as port:
        uri = f"ws://127.0.0.1:{port}/ws/tables/{table_id}/"
        headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}
        with connect(uri, additional_headers=headers, open_timeout=10) as socket:
            feed = Feed(stack, table_id, cookie)
            feed.hello(socket)
            feed.pushes(socket, _turn(table_id, people))
    assert feed.applied == list(range(1, LiveTable.objects.get(pk=table_id).seq + 1))
