"""What the jobs' commands share: the jobs' log lines (logger ``ventila.jobs``) on a command's output while
it runs, and the ``--reminder-hour`` option."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.management.base import CommandParser

from ventila.jobs import schedule


@contextmanager
def jobs_log_to(stream: Any) -> Iterator[None]:
    logger = logging.getLogger("ventila.jobs")
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(message)s"))
    level, propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False  # once, on the command's output (the service's journal)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate


def add_reminder_hour(parser: CommandParser) -> None:
    parser.add_argument(
        "--reminder-hour",
        type=int,
        default=schedule.REMINDER_HOUR,
        help="Hora (Puerto Rico) desde la que se envían los recordatorios del día (%(default)s).",
    )
