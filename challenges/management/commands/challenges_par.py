"""Solve the missing pars now, in this process (the beat's make-up, by hand)."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from challenges.schedule.services import challenges_par_missing_solve


class Command(BaseCommand):
    help = (
        "Solve the missing pars of the challenges opening before a day from now, newest "
        "first (the next slot, the current one, then past ones); about 7 s each."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--limit", type=int, default=3, help="How many pars to solve at most (default 3)."
        )
        parser.add_argument(
            "--nodes", type=int, default=None, help="The solver's budget (PAR_SOLVER_NODES)."
        )

    def handle(self, *args: Any, limit: int, nodes: int | None, **options: Any) -> None:
        if limit < 1:
            raise CommandError("--limit must be at least 1")
        if nodes is not None and nodes < 1:
            raise CommandError("--nodes must be at least 1")
        solved = challenges_par_missing_solve(limit=limit, max_nodes=nodes)
        if not solved:
            self.stdout.write("no par missing")
        for number in solved:
            self.stdout.write(f"challenge #{number}: par solved")
