"""``make lighthouse``: Lighthouse's four scores for the site's main pages.

    .venv/bin/python tests/benchmarks/lighthouse_audit.py [--preset mobile|desktop]
        [--language en|fr|nl|de] [--only NAME ...] [--site-only]

A measure, like ``make load``: not part of ``make test``. It

1. migrates and fills a throw-away SQLite database
   (``test-artifacts/lighthouse/site.sqlite3``): the open challenge, and a finished one
   with five entries, so the home page has its top 3 and the leaderboard has rows
   (``--site-only`` stops there);
2. collects the static files and serves the site with gunicorn (one worker), ``DEBUG``
   off, as the browser tests' live server does (no nginx in front: no compression,
   which only the performance score sees);
3. runs Lighthouse (installed by ``make lighthouse`` into ``.lighthouse/``, never
   globally) in Debian's Chromium (``CHROME_PATH``, default ``/usr/bin/chromium``) on
   the home page, /how-to-play/, the play page, the finished challenge's leaderboard
   and the log-in page, as a visitor (``--language``: the ``Accept-Language`` it sends);
4. prints the four category scores per page, the page's bytes (Lighthouse's transfer
   sizes) and, for any category under 100, the audits that cost points; keeps each
   report as JSON and HTML in ``test-artifacts/lighthouse/``.

It exits non-zero when accessibility, best practices or SEO is under 100 on any page
(kept at 100); performance is reported, not held.

Environment: ``LIGHTHOUSE`` (the CLI, default ``.lighthouse/node_modules/.bin/lighthouse``),
``LIGHTHOUSE_PORT`` (default: a free port).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks.load_service import server_start as load_server_start  # noqa: E402

ARTIFACTS = ROOT / "test-artifacts" / "lighthouse"
DATABASE = ARTIFACTS / "site.sqlite3"
LIGHTHOUSE = Path(
    os.environ.get("LIGHTHOUSE", ROOT / ".lighthouse" / "node_modules" / ".bin" / "lighthouse")
)
CHROME_PATH = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
# Lighthouse's own runtime errors ("NO_NAVSTART: ... run Lighthouse again") come
# under a busy machine's load: a page is measured again this many times at most.
ATTEMPTS = 3


def free_port() -> int:
    """A port nothing listens on now (another session may audit at the same time)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


PORT = int(os.environ.get("LIGHTHOUSE_PORT") or free_port())
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
HELD = ["accessibility", "best-practices", "seo"]  # kept at 100
SERVER_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DJANGO_ENV": "development",
    "DEBUG": "false",
    "DATABASE_URL": f"sqlite:///{DATABASE}",
    "REDIS_URL": "",
    "LOG_LEVEL": "WARNING",
}


@dataclass(frozen=True)
class Audited:
    name: str
    path: str
    scores: dict[str, int]
    kib: float
    requests: int
    lost: dict[str, list[str]]


def site_settings() -> None:
    """The audited site's settings, for this process too: set before Django reads any,
    so the database filled here is the one the server reads."""
    os.environ.update(SERVER_ENV)


def site_fill() -> dict[str, str]:
    """The database the audited site reads, migrated and filled; answers the pages'
    paths."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    DATABASE.unlink(missing_ok=True)
    site_settings()
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.utils import timezone

    # Settings read before site_settings() would fill another database than the one
    # the server reads (which then answers 503: "no such table").
    if Path(settings.DATABASES["default"]["NAME"]) != DATABASE:
        raise RuntimeError(f"the settings name {settings.DATABASES['default']['NAME']}")

    from challenges.slots import slot_number
    from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    now = timezone.now()
    ChallengeFactory(number=slot_number(at=now))
    finished = ChallengeFactory(number=slot_number(at=now - timedelta(hours=8)))
    for index, name in enumerate(["hexagone", "brug", "Sechseck", "pont", "zeshoek"]):
        run = RunFactory(
            challenge=finished,
            player=UserFactory(username=name),
            finished=True,
            variant=index,
            started_at=finished.opens_at + timedelta(minutes=10 + index),
        )
        EntryFactory(
            challenge=finished,
            player=run.player,
            run=run,
            score=run.score or 0,
            submitted_at=run.finished_at,
        )
    return {
        "home": "/",
        "how-to-play": "/how-to-play/",
        "play": "/play/",
        "leaderboard": f"/challenges/{finished.pk}/",
        "log-in": "/accounts/login/",
    }


def server_start() -> subprocess.Popen[bytes]:
    return load_server_start(PORT, 1, server_env=SERVER_ENV)


def lighthouse_run(name: str, path: str, preset: str, language: str) -> Audited:
    output = ARTIFACTS / f"{name}-{preset}-{language}"
    command = [
        str(LIGHTHOUSE),
        f"http://127.0.0.1:{PORT}{path}",
        "--chrome-flags=--headless --no-sandbox --disable-gpu",
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json",
        "--output=html",
        f"--output-path={output}",
        "--quiet",
    ]
    if preset == "desktop":
        command.append("--preset=desktop")
    if language != "en":
        command.append(f"--extra-headers={json.dumps({'Accept-Language': language})}")
    for attempt in range(1, ATTEMPTS + 1):
        done = subprocess.run(command, check=False, env={**os.environ, "CHROME_PATH": CHROME_PATH})
        if done.returncode == 0:
            break
        if attempt == ATTEMPTS:
            done.check_returncode()
        print(f"{name}: Lighthouse failed (exit {done.returncode}); measuring again")
    report = json.loads(output.with_suffix(".report.json").read_text())
    return audited(name, path, report)


def audited(name: str, path: str, report: dict[str, Any]) -> Audited:
    categories, audits = report["categories"], report["audits"]
    scores = {key: round((categories[key]["score"] or 0) * 100) for key in CATEGORIES}
    lost: dict[str, list[str]] = {}
    for key in CATEGORIES:
        if scores[key] == 100:
            continue
        for ref in categories[key]["auditRefs"]:
            audit = audits[ref["id"]]
            score = audit.get("score")
            if score is not None and score < 1 and ref.get("weight"):
                shown = audit.get("displayValue") or ""
                lost.setdefault(key, []).append(f"{ref['id']} ({score}) {shown}".strip())
    items = audits["network-requests"].get("details", {}).get("items", [])
    kib = sum(item.get("transferSize") or 0 for item in items) / 1024
    return Audited(name, path, scores, kib, len(items), lost)


def table(results: list[Audited]) -> str:
    lines = [
        "| page | performance | accessibility | best practices | SEO | requests | KiB |",
        "|---|---|---|---|---|---|---|",
    ]
    for result in results:
        scores = " | ".join(str(result.scores[key]) for key in CATEGORIES)
        lines.append(
            f"| {result.name} (`{result.path}`) | {scores} | {result.requests} | {result.kib:.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", choices=["mobile", "desktop"], default="mobile")
    parser.add_argument("--only", nargs="*", help="page names (home, play, ...)")
    parser.add_argument(
        "--site-only", action="store_true", help="fill the site's database and stop"
    )
    site_settings()
    from django.conf import settings

    languages = [code for code, _ in settings.LANGUAGES]
    parser.add_argument(
        "--language", choices=languages, default=settings.LANGUAGE_CODE, help="Accept-Language"
    )
    arguments = parser.parse_args(argv)
    if arguments.site_only:
        print(json.dumps(site_fill()))
        return 0
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"no Lighthouse at {LIGHTHOUSE}: run `make lighthouse`")
    pages = site_fill()
    if arguments.only:
        pages = {name: path for name, path in pages.items() if name in arguments.only}
    server = server_start()
    try:
        results = [
            lighthouse_run(name, path, arguments.preset, arguments.language)
            for name, path in pages.items()
        ]
    finally:
        server.terminate()
        server.wait(timeout=30)
    run = f"{arguments.preset}-{arguments.language}"
    print(f"\nLighthouse ({run}), reports in {ARTIFACTS.relative_to(ROOT)}/\n")
    print(table(results))
    short = False
    for result in results:
        for key, audits in result.lost.items():
            print(f"\n{result.name}, {key} {result.scores[key]}: " + "; ".join(audits))
            short = short or key in HELD
    (ARTIFACTS / f"scores-{run}.md").write_text(table(results) + "\n")
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
