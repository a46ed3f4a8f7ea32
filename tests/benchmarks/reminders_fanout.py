"""``make bench-reminders``: the reminders' fan-out, the figures docs/performance.md keeps
("Reminders").

    .venv/bin/python tests/benchmarks/reminders_fanout.py [--subscribers 10000]
        [--processes 4] [--chunk 250]

Makes ``--subscribers`` players with reminders on (each its own browser: a P-256 key
pair and an auth secret), all awake at the slot's opening, then sends the beat's task
as of that opening to a real Celery worker (prefork, ``--processes``) over Redis, which
fans out in chunks and pushes each reminder through pywebpush (aes128gcm, VAPID) to a
push service on loopback (tests/push_service.py, a thread of this process, answering
201 without decrypting). It prints:

- the time from the task's sending to the last push taken, and pushes per second;
- the worker's CPU (its processes' user and system time, from /proc) per push: the
  figure that holds on a shared machine, from which the cores for a million read off;
- the load average before and after (the machine is shared: say it with the figures).

The beat checks every ``REMINDERS_CHECK_SECONDS`` (10 s): a round starts at most that
long after the opening, on top of the time printed. A benchmark: it asserts nothing.

Environment: ``BENCH_DATABASE_URL`` (default ``postgres://postgres@127.0.0.1:5432/
reminders_bench``; made and migrated if missing; its subscriptions are replaced),
``BENCH_REDIS_URL`` (default ``redis://127.0.0.1:6379/8``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

DATABASE_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/reminders_bench"
)
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/8")
os.environ.update(
    DJANGO_SETTINGS_MODULE="config.settings",
    DJANGO_ENV="development",
    DEBUG="false",
    DATABASE_URL=DATABASE_URL,
    REDIS_URL=REDIS_URL,
    CELERY_TASK_ALWAYS_EAGER="false",
    LOG_LEVEL="WARNING",
)

from tools.database_ensure import database_ensure  # noqa: E402

database_ensure(DATABASE_URL)

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.utils import timezone  # noqa: E402

from challenges.models import PushSubscription, ReminderRound  # noqa: E402
from challenges.slots import slot_number, slot_opens_at  # noqa: E402
from config.celery import app  # noqa: E402
from tests.celery_worker import celery_worker  # noqa: E402
from tests.push_service import PushService, b64  # noqa: E402

TARGET_SECONDS = 60
MILLION = 1_000_000


def _cpu_seconds(pid: int) -> float:
    """User and system CPU of a process and its live children (the prefork pool)."""
    ticks = os.sysconf("SC_CLK_TCK")
    children = Path(f"/proc/{pid}/task/{pid}/children")
    pids = [pid, *(int(p) for p in children.read_text().split())] if children.exists() else [pid]
    total = 0
    for each in pids:
        fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def _subscribers(service: PushService, count: int) -> None:
    """``count`` players, each with one browser subscribed, in Paris (awake at 08:00 UTC)."""
    User = get_user_model()
    PushSubscription.objects.all().delete()
    ReminderRound.objects.all().delete()
    User.objects.filter(username__startswith="bench-").delete()
    users = User.objects.bulk_create(
        [User(username=f"bench-{n}", password="!") for n in range(count)], batch_size=2000
    )
    now = timezone.now()
    rows = []
    for user in users:
        browser = service.browser(f"b{user.pk}")
        rows.append(
            PushSubscription(
                player=user,
                endpoint=browser.endpoint,
                p256dh=browser.p256dh,
                auth=b64(browser.auth),
                language="fr",
                time_zone="Europe/Paris",
                created_at=now,
            )
        )
    PushSubscription.objects.bulk_create(rows, batch_size=2000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--subscribers", type=int, default=10_000)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--chunk", type=int, default=250)
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    # A slot opening at 08:00 UTC days ahead, never started before (rounds are once).
    number = slot_number(at=timezone.now()) + 3
    while slot_opens_at(number=number).hour != 8:
        number += 1
    opening = slot_opens_at(number=number) + timedelta(seconds=1)

    with PushService(decrypt=False) as service:
        made = time.monotonic()
        _subscribers(service, args.subscribers)
        print(f"{args.subscribers} subscribers made in {time.monotonic() - made:.1f} s")
        with celery_worker(
            redis_url=REDIS_URL,
            concurrency=args.processes,
            REMINDERS_CHUNK=str(args.chunk),
            DEBUG="false",
        ) as (queue, worker):
            time.sleep(3)  # the pool forked and listening
            cpu_before = _cpu_seconds(worker.pid)
            load_before = os.getloadavg()
            sent = time.monotonic()
            app.send_task(
                "challenges.tasks.reminders_due", kwargs={"at": opening.isoformat()}, queue=queue
            )
            while len(service.deliveries) < args.subscribers:
                if time.monotonic() - sent > 600:
                    break
                time.sleep(0.05)
            last = max((d.at for d in service.deliveries), default=sent)
            cpu = _cpu_seconds(worker.pid) - cpu_before
            load_after = os.getloadavg()
    pushes = len(service.deliveries)
    taken = sum(1 for d in service.deliveries if d.status == 201)
    seconds = last - sent
    per_push_ms = cpu / max(pushes, 1) * 1000
    cores_million = MILLION * per_push_ms / 1000 / TARGET_SECONDS
    print(f"pushes taken: {taken} of {args.subscribers} ({pushes} requests)")
    print(
        f"from the beat's task to the last push: {seconds:.1f} s ({pushes / seconds:.0f} pushes/s)"
    )
    print(
        f"  target: within {TARGET_SECONDS} s of the opening (plus the beat's check, at most "
        f"{settings.CELERY_BEAT_SCHEDULE['reminders-due']['schedule']})"
    )
    print(
        f"worker CPU: {cpu:.1f} s for {pushes} pushes = {per_push_ms:.2f} ms a push "
        f"({args.processes} processes, chunks of {args.chunk})"
    )
    print(
        f"cores for {MILLION:,} pushes within {TARGET_SECONDS} s: {cores_million:.1f} "
        "(worker CPU only; PostgreSQL's claims are 3 statements a chunk)"
    )
    print(
        f"load average before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}; "
        f"after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} "
        f"({os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
