"""Real processes the fault tests and `make chaos` start, stop, pause and kill.

Each is the test's own, on its own free loopback port, never a machine's shared one:
a throwaway PostgreSQL cluster in a temporary directory (so stopping it troubles
nobody), a redis-server, gunicorn with the production settings, a Celery worker, all
of them together (``LoopbackSite``), and nginx with the deploy's snippets.
"""

from __future__ import annotations

import contextlib
import getpass
import glob
import http.client
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NGINX_DEPLOY = ROOT / "deploy" / "nginx"
REDIS_NO_DISK = ["--save", "", "--appendonly", "no"]


_ports_given: set[int] = set()


def free_port() -> int:
    """A free port on loopback; within ``TEST_PORTS`` ("8760-8779") when it is set, as
    a machine shared by several people gives each a range."""
    span = os.environ.get("TEST_PORTS", "")
    if not span:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            return int(probe.getsockname()[1])
    low, _, high = span.partition("-")
    ports = range(int(low), int(high or low) + 1)
    if _ports_given.issuperset(ports):
        _ports_given.clear()  # the servers given the first ones have stopped by now
    for port in ports:
        if port in _ports_given:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        # Given once until the range is used up: two servers made before either
        # starts must not get the same port.
        _ports_given.add(port)
        return port
    raise RuntimeError(f"no free port in TEST_PORTS={span}")


def _wait(ready: object, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ready():  # type: ignore[operator]
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not come up within {seconds:.0f} s")


class PostgresCluster:
    """A throwaway PostgreSQL cluster (initdb) run as an unprivileged user."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not found:
            raise FileNotFoundError("no PostgreSQL server binaries in /usr/lib/postgresql")
        self.bin = Path(found[-1]).parent
        self.port = free_port()
        self.directory = Path(tempfile.mkdtemp(prefix="tod-pg-", dir="/tmp"))
        self.data = self.directory / "data"
        self.user = pwd.getpwuid(os.getuid()).pw_name if os.getuid() else "postgres"
        if os.getuid() == 0:
            entry = pwd.getpwnam(self.user)
            os.chown(self.directory, entry.pw_uid, entry.pw_gid)
        self._as_owner(
            [str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres"],
            "--no-sync",
        )

    def _as_owner(self, command: list[str], *extra: str, check: bool = True) -> None:
        full = [*command, *extra]
        if os.getuid() == 0:
            # root's PATH may lack /usr/sbin (a bare environment); runuser lives there.
            runuser = shutil.which("runuser") or "/usr/sbin/runuser"
            full = [runuser, "-u", self.user, "--", *full]
        subprocess.run(
            full, check=check, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120
        )

    @property
    def admin_url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, name: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def start(self) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.directory}"
        self._as_owner(
            [str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.directory / "log")],
            "-o",
            options,
            "-w",
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._as_owner([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop"])

    def restart(self) -> None:
        self.stop()
        self.start()

    def database_create(self, name: str) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')

    def remove(self) -> None:
        self._as_owner(
            [str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"],
            check=False,
        )
        shutil.rmtree(self.directory, ignore_errors=True)


class RedisServer:
    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise FileNotFoundError("redis-server is not installed")
        self.binary = binary
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", *REDIS_NO_DISK],
            stdout=subprocess.DEVNULL,
        )
        _wait(self._pong, "redis-server")

    def _pong(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None:
            self.resume()
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def pause(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        if self.process is not None:
            os.kill(self.process.pid, signal.SIGCONT)


def site_environment(*, database_url: str, redis_url: str, **extra: str) -> dict[str, str]:
    """The production settings on loopback (DEBUG off, Redis for cache, broker and
    beat), without TLS redirects or the deploy's secrets (fresh random ones)."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key in {"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR"}
    }
    environment.update(
        {
            "DJANGO_ENV": "development",
            "DEBUG": "false",
            "SECRET_KEY": secrets.token_urlsafe(40),
            "CHALLENGE_SECRET": secrets.token_urlsafe(40),
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "CONN_MAX_AGE": "60",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
            **extra,
        }
    )
    return environment


def manage(environment: dict[str, str], *args: str) -> str:
    """``manage.py args``; its last line of output."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    lines = done.stdout.strip().splitlines()
    return lines[-1] if lines else ""


TOKENS_MADE = """
import json
from django.contrib.auth import get_user_model
from accounts.services import api_token_create
tokens = []
for n in range({count}):
    user = get_user_model().objects.create_user(f"{prefix}{{n}}")  # no password: no hashing
    tokens.append(api_token_create(user=user).secret)
print(json.dumps(tokens))
"""


def tokens_make(environment: dict[str, str], *, count: int, prefix: str) -> list[str]:
    tokens: list[str] = json.loads(
        manage(environment, "shell", "-c", TOKENS_MADE.format(count=count, prefix=prefix))
    )
    return tokens


class Gunicorn:
    def __init__(self, environment: dict[str, str], *, workers: int = 2, log: Path) -> None:
        self.port = free_port()
        self.environment = {
            **environment,
            "GUNICORN_BIND": f"127.0.0.1:{self.port}",
            "WEB_CONCURRENCY": str(workers),
            "GUNICORN_ACCESS_LOG": "",
        }
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        gunicorn = Path(sys.executable).with_name("gunicorn")
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                [str(gunicorn), "--config", "deploy/gunicorn.conf.py", "config.wsgi:application"],
                cwd=ROOT,
                env=self.environment,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        _wait(lambda: get(self.port, "/healthz")[0] == 200, "gunicorn", 60)

    def worker_pids(self) -> list[int]:
        assert self.process is not None
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in children.read_text().split()]

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None


LIVE_COMMAND = (
    "uvicorn",
    "--host",
    "127.0.0.1",
    "--proxy-headers",
    "--ws",
    "websockets-sansio",
    "--lifespan",
    "off",
    "--no-access-log",
    "config.asgi:application",
)
"""deploy/Procfile's ``live`` (and the systemd unit's), but for the port."""


class LiveServer:
    """The live tables' ASGI server (uvicorn, deploy/Procfile's ``live``) on a free port."""

    def __init__(self, environment: dict[str, str], *, log: Path, port: int | None = None) -> None:
        self.port = port or free_port()
        self.environment = environment
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        uvicorn = Path(sys.executable).with_name(LIVE_COMMAND[0])
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                [str(uvicorn), *LIVE_COMMAND[1:], "--port", str(self.port)],
                cwd=ROOT,
                env=self.environment,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        _wait(lambda: get(self.port, "/healthz")[0] == 200, "uvicorn", 60)

    def kill(self) -> None:
        """Killed outright (SIGKILL), as a crashed worker: its sockets just drop."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None


class CeleryProcess:
    """A Celery worker (with the beat inside it, ``-B``, when ``beat``)."""

    def __init__(self, environment: dict[str, str], *, log: Path, beat: bool = False) -> None:
        self.environment = environment
        self.log = log
        self.beat = beat
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            str(Path(sys.executable).with_name("celery")),
            "--app",
            "config",
            "worker",
            "--concurrency",
            "1",
            "--loglevel",
            "INFO",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
        if self.beat:
            schedule = self.log.parent / "celerybeat-schedule"
            command += ["--beat", "--schedule", str(schedule)]
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=self.environment, stdout=output, stderr=subprocess.STDOUT
            )

    def kill(self) -> None:
        """SIGKILL the worker and the children it forked."""
        if self.process is None:
            return
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        pids = [int(pid) for pid in children.read_text().split()] if children.exists() else []
        for pid in [self.process.pid, *pids]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
            self.process = None


def get(
    port: int, path: str, headers: dict[str, str] | None = None, *, timeout: float = 10
) -> tuple[int, dict[str, str], bytes]:
    """One GET on a fresh connection: (status, headers, body); status 0 on no answer."""
    return request(port, "GET", path, headers=headers, timeout=timeout)


def request(
    port: int,
    method: str,
    path: str,
    *,
    headers: dict[str, str] | None = None,
    body: object = None,
    timeout: float = 10,
) -> tuple[int, dict[str, str], bytes]:
    sent_headers = dict(headers or {})
    payload = None
    if body is not None:
        payload = json.dumps(body)
        sent_headers["Content-Type"] = "application/json"
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        conn.request(method, path, body=payload, headers=sent_headers)
        response = conn.getresponse()
        data = response.read()
        conn.close()
    except (OSError, http.client.HTTPException):
        return 0, {}, b""
    return response.status, {k.lower(): v for k, v in response.getheaders()}, data


class LoopbackSite:
    """A site of its own on loopback: a PostgreSQL cluster holding ``database``, a
    redis-server, gunicorn with the production settings (``settings`` added to them),
    started, and a Celery worker with the beat, made but not started. FileNotFoundError
    when a server is not installed."""

    def __init__(
        self, directory: Path, *, database: str, web_workers: int = 2, **settings: str
    ) -> None:
        self.postgres = PostgresCluster()
        self.redis = RedisServer()
        self.database = database
        self.environment = site_environment(
            database_url=self.postgres.url(database), redis_url=self.redis.url(), **settings
        )
        self.web = Gunicorn(self.environment, workers=web_workers, log=directory / "gunicorn.log")
        self.worker = CeleryProcess(self.environment, log=directory / "celery.log", beat=True)
        try:
            self.postgres.start()
            self.postgres.database_create(database)
            self.redis.start()
            manage(self.environment, "migrate", "--noinput")
            self.web.start()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        self.worker.stop()
        self.web.stop()
        self.redis.stop()
        self.postgres.remove()


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.access(path, os.X_OK)),
        None,
    )


@contextlib.contextmanager
def nginx_serving(
    binary: str, *, workdir: Path, upstream: str, server: str, http: str = ""
) -> Iterator[int]:
    """A real nginx in ``workdir`` proxying to ``upstream`` (host:port) as
    ``triominos_web``, with ``server`` inside its server block (after ``listen``) and
    ``http`` in its http block; yields its port and stops it after."""
    port = free_port()
    temp = "\n".join(
        f"    {kind}_temp_path {workdir / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    # The workers run as whoever runs the test (``user`` is ignored unless that is
    # root), so they may write below the test's private temporary directory.
    conf = workdir / "nginx.conf"
    conf.write_text(
        f"""
worker_processes 1;
user {getpass.getuser()};
daemon off;
pid {workdir / "nginx.pid"};
error_log {workdir / "error.log"} warn;
events {{ worker_connections 64; }}
http {{
    access_log off;
{temp}
{http}
    upstream triominos_web {{ server {upstream}; keepalive 4; }}
    server {{
        listen 127.0.0.1:{port};
{server}
    }}
}}
"""
    )
    process = subprocess.Popen(
        [binary, "-p", str(workdir), "-c", str(conf)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    error = process.stderr.read().decode() if process.stderr else ""
                    raise AssertionError(f"nginx did not start: {error}") from None
                time.sleep(0.05)
        yield port
    finally:
        process.send_signal(signal.SIGQUIT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
