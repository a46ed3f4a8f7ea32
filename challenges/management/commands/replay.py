"""`python manage.py replay FILE`: replay run logs exactly as the server does.

The operator's answer to "why was my run rejected?". FILE (or `-` for stdin) holds
one JSON object, or JSON Lines of them, each `{"tray": [...], "well": [...],
"moves": [...]}` and optionally `"max_t"` (the server clock's reach, in ms). Every
run prints one line on stdout, exactly `ReplayResult.to_json()`, so the output
can be diffed against what the server stored. `--explain` adds a move-by-move
account on stderr.

Exit status: 0 when every run is valid, 1 when any is not, 2 when FILE cannot be
read or is not JSON.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from challenges.engine import ReplayResult, log_replay
from challenges.models import Run
from challenges.play.selectors import run_replay

EXIT_INVALID = 1
EXIT_UNREADABLE = 2

# Keys of a record that describe the challenge rather than the run log.
_CHALLENGE_KEYS = ("tray", "well", "max_t")


@dataclass(frozen=True)
class _Record:
    line: int  # 1-based line where the record starts, for messages
    value: object
    run: Run | None = None  # a stored run (--run), replayed on its own challenge and clock


class Command(BaseCommand):
    stealth_options = ("stdin",)
    help = (
        "Replay Tri-Ominos run logs the way the server does. FILE holds one JSON object "
        'or JSON Lines, each {"tray": [...], "well": [...], "moves": [...]}; prints one '
        "JSON result per run. Exit 0: all valid, 1: some invalid, 2: FILE unreadable."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", nargs="?", help="path of the JSON / JSON Lines file, or - for stdin"
        )
        parser.add_argument(
            "--run",
            metavar="ID",
            action="append",
            default=[],
            help="replay a stored run by its id, on its challenge and clock (repeatable)",
        )
        parser.add_argument(
            "--max-t",
            type=int,
            default=None,
            metavar="MS",
            help="refuse moves later than MS ms, like the server's clock did "
            "(a record's own max_t wins)",
        )
        parser.add_argument(
            "--explain",
            action="store_true",
            help="also write a readable move-by-move account of every run to stderr",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: str | None = options["file"]
        run_ids: list[str] = options["run"]
        if (path is None) == (not run_ids):
            raise CommandError("give a FILE (or -) or --run ID, not both", returncode=2)
        if run_ids:
            records = [_stored_run_record(run_id) for run_id in run_ids]
        else:
            assert path is not None
            text = _read_text(path, stdin=options.get("stdin") or sys.stdin)
            records = list(_parse_records(text, path=path))
        invalid = 0
        for number, record in enumerate(records, start=1):
            result = (
                run_replay(run=record.run)
                if record.run is not None
                else _replay_record(record, default_max_t=options["max_t"])
            )
            self.stdout.write(json.dumps(result.to_json()))
            if options["explain"]:
                self.stderr.write(
                    _explain(record, result, number=number, of=len(records)), ending="\n"
                )
            if not result.valid:
                invalid += 1
        if invalid:
            raise CommandError(
                f"{invalid} of {len(records)} run{'s' if len(records) != 1 else ''} "
                f"{'is' if invalid == 1 else 'are'} invalid",
                returncode=EXIT_INVALID,
            )


def _stored_run_record(run_id: str) -> _Record:
    try:
        run = Run.objects.select_related("challenge").get(pk=run_id)
    except (Run.DoesNotExist, ValueError, ValidationError) as error:
        raise CommandError(f"no stored run has the id {run_id!r}", returncode=2) from error
    challenge = run.challenge
    log = run.log if isinstance(run.log, dict) else {"moves": run.log}
    value = {"tray": challenge.tray, "well": challenge.well, **log}
    return _Record(line=1, value=value, run=run)


def _read_text(path: str, *, stdin: Any) -> str:
    if path == "-":
        try:
            data = stdin.read()
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read stdin: {error}", returncode=EXIT_UNREADABLE) from error
        return data if isinstance(data, str) else bytes(data).decode("utf-8")
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise CommandError(
            f"cannot read {path}: no such file", returncode=EXIT_UNREADABLE
        ) from error
    except IsADirectoryError as error:
        raise CommandError(
            f"cannot read {path}: it is a directory", returncode=EXIT_UNREADABLE
        ) from error
    except UnicodeDecodeError as error:
        raise CommandError(
            f"cannot read {path}: not UTF-8 text ({error.reason} at byte {error.start})",
            returncode=EXIT_UNREADABLE,
        ) from error
    except OSError as error:
        raise CommandError(
            f"cannot read {path}: {error.strerror or error}", returncode=EXIT_UNREADABLE
        ) from error


def _parse_records(text: str, *, path: str) -> Iterator[_Record]:
    """One JSON document (usually pretty-printed), else JSON Lines."""
    name = "stdin" if path == "-" else path
    if not text.strip():
        raise CommandError(f"{name} is empty: no run to replay", returncode=EXIT_UNREADABLE)
    try:
        whole = json.loads(text)
    except json.JSONDecodeError as whole_error:
        lines = text.splitlines()
        if sum(1 for line in lines if line.strip()) < 2:
            raise CommandError(
                f"{name} is not JSON: {whole_error.msg} at line {whole_error.lineno} "
                f"column {whole_error.colno}",
                returncode=EXIT_UNREADABLE,
            ) from whole_error
        yield from _parse_lines(lines, name=name)
        return
    yield _Record(line=1, value=whole)


def _parse_lines(lines: Sequence[str], *, name: str) -> Iterator[_Record]:
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            records.append(_Record(line=number, value=json.loads(line)))
        except json.JSONDecodeError as error:
            raise CommandError(
                f"{name} is neither one JSON document nor JSON Lines: line {number} "
                f"is not JSON ({error.msg} at column {error.colno})",
                returncode=EXIT_UNREADABLE,
            ) from error
    yield from records


def _replay_record(record: _Record, *, default_max_t: int | None) -> ReplayResult:
    value = record.value
    if not isinstance(value, dict):
        return ReplayResult.refused(
            "bad_log",
            f"line {record.line} holds a JSON {_json_kind(value)}, not an object "
            'with "tray", "well" and "moves"',
        )
    lists: dict[str, list[str]] = {}
    for key in ("tray", "well"):
        tiles = value.get(key)
        if not isinstance(tiles, list) or not all(isinstance(tile, str) for tile in tiles):
            found = "missing" if tiles is None else f"a JSON {_json_kind(tiles)}"
            if isinstance(tiles, list):
                found = "a list holding something other than tile ids"
            return ReplayResult.refused(
                "bad_challenge",
                f'line {record.line}: "{key}" must be a list of tile ids like "0-1-4", '
                f"found {found}",
            )
        lists[key] = tiles
    max_t = value.get("max_t", default_max_t)
    if max_t is not None and (isinstance(max_t, bool) or not isinstance(max_t, int)):
        return ReplayResult.refused(
            "bad_challenge",
            f'line {record.line}: "max_t" must be a whole number of milliseconds or null',
        )
    log = {key: item for key, item in value.items() if key not in _CHALLENGE_KEYS}
    return log_replay(tray=lists["tray"], well=lists["well"], log=log, max_t=max_t)


def _json_kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _explain(record: _Record, result: ReplayResult, *, number: int, of: int) -> str:
    """A readable account: every valid move with its points and running total."""
    verdict = "valid" if result.valid else "INVALID"
    lines = [
        f"run {number} of {of} (line {record.line}): {verdict}, score {result.score}, "
        f"{_plural(result.tiles_placed, 'tile')} placed, {_plural(result.draws, 'draw')}"
        + (", board cleared" if result.board_cleared else "")
    ]
    value = record.value if isinstance(record.value, dict) else {}
    moves, well = value.get("moves"), value.get("well")
    total = 0
    drawn = 0
    for index, outcome in enumerate(result.moves):
        total += outcome.points
        move = moves[index] if isinstance(moves, list) and index < len(moves) else None
        text = _describe_move(move)
        if isinstance(move, dict) and move.get("type") == "draw" and isinstance(well, list):
            text += f" (takes {well[drawn]})" if drawn < len(well) else ""
            drawn += 1
        bonus = f" ({outcome.bonus})" if outcome.bonus else ""
        lines.append(f"  move {index}: {text}: {outcome.points:+d}{bonus}, total {total}")
    error = result.error
    if error is not None:
        where = "before any move" if error.move is None else f"at move {error.move}"
        if error.move is not None and isinstance(moves, list) and 0 <= error.move < len(moves):
            where += f" ({_describe_move(moves[error.move])})"
        lines.append(f"  rejected {where}: {error.code}: {error.detail}")
    return "\n".join(lines)


def _describe_move(move: object) -> str:
    if not isinstance(move, dict):
        return json.dumps(move)
    kind = move.get("type")
    t = move.get("t")
    if kind == "draw":
        return f"t={t} draw"
    if kind == "place":
        return (
            f"t={t} place {move.get('tile')} at {json.dumps(move.get('cell'))} "
            f"rotation {move.get('rotation')}"
        )
    return json.dumps(move)
