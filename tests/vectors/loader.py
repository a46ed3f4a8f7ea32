"""Golden vectors: the schema, and a loader for the Python suite.

The files next to this one are written by the Python rules engine (the reference):

    python -m tools.vectors tests/vectors      (or: make vectors)

Never edit them by hand. Both test suites read them: `tests/engine/test_vectors.py`
here, and `tests/js/` for the browser's port (which reads the JSON with `fs`).
Regenerating on an unchanged engine gives byte-identical files; a diff in review
therefore means the behaviour of the engine changed.

Every file is UTF-8 JSON with sorted keys, one case per line (small, readable diffs),
ending in a newline, at most about 1 MB:

    {"cases": [<case>, ...], "description": "<what the cases cover>",
     "file": "<file name>", "schema": 1}

Every case has a unique `"name"` (unique across all files) and `"tags"`, a sorted
list of short strings saying what it exercises (e.g. "error:corner_mismatch",
"bonus:double_hexagon", "clear", "long", "rulebook", "geometry:negative",
"malformed:bool_as_int", "max_t", "precedence"). Tile ids are canonical ("a-b-c",
a <= b <= c); cells are [row, col]; points are [pr, px]; everything as RULES.md.

Numbers: a JSON number written with a fraction or an exponent (`1500.0`, `1.5e3`,
`0.5`) is NOT an integer for the engine (Python reads it as a float), so such a `t`,
`rotation` or cell coordinate is `malformed`. `JSON.parse` cannot tell `1500.0` from
`1500`: a JavaScript reader must parse the vectors in a way that keeps them apart.
No vector holds NaN, an infinity or an integer beyond 2**53.

## replay*.json (replay_errors, replay_malformed, replay_bonuses, replay_rulebook,
## replay_long, replay_random_1, replay_random_2)

    {"name": str, "tags": [str],
     "tray": [9 tile ids], "well": [47 tile ids],     (normally; see bad_challenge)
     "log": <any JSON value: normally {"moves": [...]}>,
     "max_t": int | null,
     "expect": {"valid": bool,
                "score": int,                         total of the valid prefix
                "moves": [{"points": int, "bonus": null | "bridge" | "hexagon" |
                           "double_hexagon" | "triple_hexagon"}, ...],
                "error": null | {"move": int | null, "code": str, "detail": str}}}

Feed `tray`, `well`, `log` and `max_t` to the replay (`replay_challenge(tray=...,
well=..., log=..., max_t=...)` in Python); the result must equal `expect`:
`moves` is the valid prefix, one entry per accepted move (a draw is
{"points": -5, "bonus": null}; the +25 clear bonus sits inside the points of the
placement that completes the board). `error.move` is the index in
`log.moves` of the first bad move, or null when the whole log or the challenge is
refused ("bad_log", "bad_challenge"). Error codes are those of RULES.md. The human
`detail` text is pinned as well: a port says the same words (players see them).

For "bad_challenge" cases `tray` and `well` may be anything JSON (wrong sizes,
duplicates, unknown ids, non-strings): a port must refuse them, never crash.

Tags used by replay cases: "error:<code>" (the expected code), "valid",
"bonus:<kind>" (a move earning it occurs), "clear" (all 56 tiles placed),
"long" (90+ moves), "rulebook" (a worked example of the printed rulebooks laid as
a challenge placement), "geometry:<what>" (negative coordinates, point-only
contact, holes closed from three sides), "max_t", "precedence" (a move breaking
several rules: the first code of the RULES.md table wins), "malformed:<how>",
"random" (seeded random legal play, possibly ending in a random placement).
Tags are descriptive: they are derived from the outcome ("valid", "error:*",
"bonus:*", "clear", "long", "max_t") or name what a case was built to show; only
`expect` is normative.

## legal_moves*.json

    {"name": str, "tags": [str],
     "board": [{"tile": id, "cell": [r, c], "rotation": 0|1|2}, ...],
     "tray": [tile ids],
     "expect": {"count": int,
                "placements": [[tile id, [r, c], rotation], ...]}}

`board` lists placements in an order in which each one was legal (replaying them
one by one on an empty board, with no tray check, rebuilds the position). `tray`
holds distinct tiles, none of them on the board, sorted. `expect` lists every legal
placement of every tray tile, all rotations, sorted by
(r, c, tile, rotation); a triple tile (e.g. "2-2-2") looks the same in its three
rotations but each rotation is its own placement and is listed. With an empty
board, the legal placements are every tray tile on [0, 0] in every rotation.
`count` == len(placements).

## classic.json

    {"name": str, "tags": [str], "players": int, "seed": str, "rounds": int | null,
     "computers": {"<seat>": "easy" | "medium" | "hard"},
     "log": [{"seat": int, "type": "place" | "draw" | "pass", ...placement}],
     "expect": {"events": [<event>.to_json()], "scores": [int], "winners": [int],
                "over": bool}}

`ClassicGame(players, seed=seed, rounds=rounds)` with the log's actions applied in
order makes exactly `expect.events` (triominos/classic/events.py spells them). And the
computer players named, seeded with `seed`, take exactly the log's actions.
The browser's port (`static/challenges/rules/classic/`, tests/js/classic/vectors.test.mjs)
is held to both: every case's events, and the easy and medium computers' actions (the
hard computer plays on the server only). Tag "offline": a table the browser plays
offline (easy and medium computers only).

## geometry.json

Each case has `"kind"`, an `"input"` and an `"expect"`:

- kind "cell":      input {"cell": [r, c]}
                    expect {"up": bool,
                            "corners": [[pr, px], [pr, px], [pr, px]],   corner 0, 1, 2
                            "neighbours": [[r, c], [r, c], [r, c]]}      sorted
- kind "point":     input {"point": [pr, px]}
                    expect {"cells": [[r, c] x 6]}   in the RULES.md order:
                    [pr-1,px-2], [pr-1,px-1], [pr-1,px], [pr,px-2], [pr,px-1], [pr,px]
- kind "placement": input {"tile": id, "cell": [r, c], "rotation": 0|1|2}
                    expect {"numbers": [n0, n1, n2],        the number at corner 0, 1, 2
                            "points": [[pr, px, n], x 3]}   corner 0, 1, 2 with its number
- kind "tile":      input {"text": str}   any string, canonical or not
                    expect {"valid": bool, "value": int | null}   (value = a+b+c)

## puzzles.json (docs/puzzles.md)

    {"name": str, "tags": [str],
     "puzzle": {"cells": [[r, c], ...], "tray": [tile ids]},
     "pieces": <any JSON value: normally a list of pieces>,
     "expect": {"code": null | str, "index": int | null,
                "stars": null | 1 | 2 | 3, "jokers": null | 0 | 1 | 2}}

Check `pieces` against `puzzle` (`puzzle_check` in Python, `puzzleCheck` in the
browser): a complete legal filling gives its stars and jokers and no code; anything
else the code of docs/puzzles.md's table and the index of the piece that broke it
(the number of pieces for "shape_not_filled"). The details are not pinned: players
read the code's words from the catalog.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SCHEMA = 1
VECTOR_DIR = Path(__file__).resolve().parent

Case = dict[str, Any]


def vector_files(directory: Path = VECTOR_DIR) -> list[Path]:
    """Every vector file, sorted by name."""
    return sorted(directory.glob("*.json"))


def load_file(path: Path) -> dict[str, Any]:
    """One vector file, checked for its schema version."""
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if document.get("schema") != SCHEMA:
        raise ValueError(f"{path.name}: schema {document.get('schema')!r}, expected {SCHEMA}")
    return document


def cases(pattern: str, directory: Path = VECTOR_DIR) -> Iterator[Case]:
    """The cases of every file matching `pattern` (a glob such as "replay*.json")."""
    for path in sorted(directory.glob(pattern)):
        yield from load_file(path)["cases"]


def replay_cases(directory: Path = VECTOR_DIR) -> list[Case]:
    return list(cases("replay*.json", directory))


def legal_move_cases(directory: Path = VECTOR_DIR) -> list[Case]:
    return list(cases("legal_moves*.json", directory))


def classic_cases(directory: Path = VECTOR_DIR) -> list[Case]:
    return list(cases("classic*.json", directory))


def geometry_cases(directory: Path = VECTOR_DIR) -> list[Case]:
    return list(cases("geometry*.json", directory))


def witness_cases(directory: Path = VECTOR_DIR) -> list[Case]:
    return list(cases("witness*.json", directory))


def puzzle_cases(directory: Path = VECTOR_DIR) -> list[Case]:
    return list(cases("puzzles*.json", directory))
