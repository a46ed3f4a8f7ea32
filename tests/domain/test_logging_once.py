"""`make run` prints each log line once: with DEBUG on, a record of Django's own loggers
reaches exactly one handler (the root's), not Django's console handler as well."""

from __future__ import annotations

import logging
import logging.config

import pytest
from django.conf import settings
from django.utils.log import DEFAULT_LOGGING


def _handlers_reached(name: str) -> list[logging.Handler]:
    reached: list[logging.Handler] = []
    logger: logging.Logger | None = logging.getLogger(name)
    while logger is not None:
        reached += logger.handlers
        logger = logger.parent if logger.propagate else None
    return reached


def test_a_django_record_is_printed_once(settings_debug: None) -> None:
    # As Django configures logging at start: its defaults, then the project's.
    logging.config.dictConfig(DEFAULT_LOGGING)
    logging.config.dictConfig(settings.LOGGING)
    record = logging.makeLogRecord({"name": "django.request", "levelno": logging.WARNING})
    printing = [
        handler
        for handler in _handlers_reached("django.request")
        if isinstance(handler, logging.StreamHandler) and handler.filter(record)
    ]
    assert len(printing) == 1


@pytest.fixture
def settings_debug(settings: object) -> None:
    settings.DEBUG = True  # type: ignore[attr-defined]
