"""Work done off the request path inside this process, for when there is no Celery
worker (the embedded default: ``PAR_SOLVE=thread``).

One daemon thread takes jobs from a queue, one at a time, so a page that asks for ten
pars starts no ten solvers: they are solved in turn while requests are served. Each job
closes its database connections when done, as a request would. A job that fails is
logged and the thread goes on; the job's own service must be safe to run again (a
lost job is asked for again by the next page that needs it).

A job's pure computation of seconds (a par) is worked out in a child process
(``background_compute``): in the web server's own process it would hold the GIL, and
every request thread would queue behind it, long enough to make a crowd's moves late.

A process that exits (``manage.py challenges_make`` makes challenges, and so asks for
their pars) first lets its jobs finish, for at most ``EXIT_WAIT_SECONDS``: a solve cut
off halfway would leave its claim on the challenge, and nobody would solve it until
the claim goes stale.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing

# Imported before this module's exit handler is registered, so that its own (which
# ends the children) runs after ours.
import multiprocessing.util
import queue
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar, cast

from django.db import connections

logger = logging.getLogger(__name__)

EXIT_WAIT_SECONDS = 60.0

_jobs: queue.SimpleQueue[tuple[str, Callable[[], object]]] = queue.SimpleQueue()
_worker: threading.Thread | None = None
_worker_lock = threading.Lock()
# Jobs queued or running; background_idle waits for none.
_pending = 0
_idle = threading.Condition()

T = TypeVar("T")


def background_run(job: Callable[[], object], *, name: str) -> None:
    """Run ``job`` soon on this process's background thread (started on first use)."""
    global _worker, _pending
    with _idle:
        _pending += 1
    _jobs.put((name, job))
    with _worker_lock:
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_work, name="tod-background", daemon=True)
            _worker.start()


def background_idle(*, timeout: float) -> bool:
    """Wait until every job asked for is done; False if ``timeout`` seconds pass first.
    (A test's way to wait for the work it caused, without racing it for the database.)"""
    with _idle:
        return _idle.wait_for(lambda: _pending == 0, timeout=timeout)


def background_compute(function: Callable[..., T], /, **kwargs: Any) -> T:
    """``function(**kwargs)``, a pure function of plain values, worked out in a child
    process while the caller waits; what it raises is raised here."""
    # spawn, not fork: a fork of a process with threads may inherit a held lock.
    context = multiprocessing.get_context("spawn")
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=_compute, args=(sending, function, kwargs), daemon=True)
    child.start()
    sending.close()
    try:
        done, value = receiving.recv()
    except EOFError:
        child.join()
        message = f"{function.__name__} died in its child ({child.exitcode})"
        raise ChildProcessError(message) from None
    finally:
        receiving.close()
    child.join()
    if not done:
        raise value
    return cast(T, value)


def _compute(sending: Connection, function: Callable[..., object], kwargs: dict[str, Any]) -> None:
    try:
        answer: tuple[bool, object] = (True, function(**kwargs))
    except Exception as error:
        answer = (False, error)
    sending.send(answer)
    sending.close()


def _work() -> None:
    global _pending
    while True:
        name, job = _jobs.get()
        try:
            job()
        except Exception:
            logger.exception("background job %s failed", name)
        finally:
            connections.close_all()
            with _idle:
                _pending -= 1
                _idle.notify_all()


@atexit.register
def _finish_before_exit() -> None:
    with _idle:
        pending = _pending
    if pending:
        logger.info("finishing %s background job(s) before exiting", pending)
        if not background_idle(timeout=EXIT_WAIT_SECONDS):
            logger.warning("background jobs still running at exit; they are lost")
