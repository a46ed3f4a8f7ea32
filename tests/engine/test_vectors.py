"""The Python engine reproduces every golden vector, and the vectors are what they claim.

A failure here means the engine's behaviour changed: if on purpose (RULES.md changed),
regenerate with `python -m triominos.vectors tests/vectors` and review the diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.vectors.loader import (
    VECTOR_DIR,
    geometry_cases,
    legal_move_cases,
    load_file,
    replay_cases,
    vector_files,
)
from tools.vectors import (
    COMPUTERS_JSON,
    RULESET_JSON,
    computers_render,
    ruleset_render,
    vectors_write,
)
from triominos import (
    BONUSES,
    ERROR_CODES,
    Board,
    Cell,
    Point,
    cell_corners,
    cell_neighbours,
    cell_points_up,
    placement_parse,
    point_cells,
    replay_challenge,
    tile_parse,
)

REPLAY = replay_cases()
LEGAL = legal_move_cases()
GEOMETRY = geometry_cases()


def _ids(cases: list[dict[str, Any]]) -> list[str]:
    return [case["name"] for case in cases]


@pytest.mark.parametrize("case", REPLAY, ids=_ids(REPLAY))
def test_replay_vector(case: dict[str, Any]) -> None:
    result = replay_challenge(
        tray=case["tray"], well=case["well"], log=case["log"], max_t=case["max_t"]
    )
    expect = case["expect"]

    assert result.valid == expect["valid"]
    assert result.score == expect["score"]
    assert [{"points": p, "bonus": b} for p, b in result.moves] == expect["moves"]
    if expect["error"] is None:
        assert result.error is None
    else:
        assert result.error is not None
        # The human message is pinned too: both engines say the same words.
        assert {
            "move": result.error.move,
            "code": result.error.code,
            "detail": result.error.detail,
        } == expect["error"]
    assert result.score == sum(move["points"] for move in expect["moves"])


@pytest.mark.parametrize("case", LEGAL, ids=_ids(LEGAL))
def test_legal_moves_vector(case: dict[str, Any]) -> None:
    board = Board.from_placements(
        placement_parse(f"{p['tile']}@{p['cell'][0]},{p['cell'][1]}r{p['rotation']}")
        for p in case["board"]
    )

    legal = board.legal_placements(tile_parse(tile) for tile in case["tray"])

    placements = [[p.tile.id, [p.cell.row, p.cell.col], p.rotation] for p in legal]
    assert placements == case["expect"]["placements"]
    assert len(legal) == case["expect"]["count"]
    # Every listed placement is accepted by the checked path.
    for placement in legal:
        assert board.check(placement) is None


def _geometry(kind: str, given: dict[str, Any]) -> dict[str, Any]:
    if kind == "cell":
        cell = Cell(*given["cell"])
        return {
            "up": cell_points_up(cell),
            "corners": [list(point) for point in cell_corners(cell)],
            "neighbours": sorted(list(n) for n in cell_neighbours(cell)),
        }
    if kind == "point":
        return {"cells": [list(cell) for cell in point_cells(Point(*given["point"]))]}
    if kind == "placement":
        numbers = tile_parse(given["tile"]).corner_numbers(given["rotation"])
        corners = cell_corners(Cell(*given["cell"]))
        return {
            "numbers": list(numbers),
            "points": [[p.row, p.x, n] for p, n in zip(corners, numbers, strict=True)],
        }
    if kind == "tile":
        try:
            return {"valid": True, "value": tile_parse(given["text"]).value}
        except ValueError:
            return {"valid": False, "value": None}
    raise AssertionError(f"unknown geometry kind {kind!r}")


@pytest.mark.parametrize("case", GEOMETRY, ids=_ids(GEOMETRY))
def test_geometry_vector(case: dict[str, Any]) -> None:
    assert _geometry(case["kind"], case["input"]) == case["expect"]


# --- the vectors themselves --------------------------------------------------------------


def _tags() -> set[str]:
    return {tag for case in REPLAY + LEGAL + GEOMETRY for tag in case["tags"]}


def test_there_are_over_a_thousand_cases_with_unique_names() -> None:
    names = _ids(REPLAY) + _ids(LEGAL) + _ids(GEOMETRY)

    assert len(names) >= 1000
    assert len(set(names)) == len(names)


def test_every_error_code_and_bonus_is_covered() -> None:
    tags = _tags()

    assert {f"error:{code}" for code in ERROR_CODES} <= tags
    assert {f"bonus:{kind}" for kind in BONUSES} <= tags
    assert {"clear", "long", "rulebook", "precedence", "max_t", "valid"} <= tags
    assert {
        "geometry:negative",
        "geometry:point_forced",
        "geometry:point_contact",
        "geometry:hole_three_sides",
    } <= tags


def test_long_runs_reach_the_longest_legal_run() -> None:
    lengths = [
        len(case["log"]["moves"])
        for case in REPLAY
        if case["expect"]["valid"] and isinstance(case["log"], dict)
    ]
    cleared = [case for case in REPLAY if "clear" in case["tags"]]

    assert max(lengths) == 103
    assert sum(1 for n in lengths if n >= 90) >= 20
    assert cleared
    for case in cleared:
        last_place = [m for m in case["expect"]["moves"] if m["points"] != -5][-1]
        assert last_place["points"] >= 25  # the clear bonus sits in the last placement


def test_files_are_small_sorted_and_well_formed() -> None:
    files = vector_files()

    assert {path.name for path in files} >= {
        "geometry.json",
        "legal_moves.json",
        "replay_errors.json",
        "replay_bonuses.json",
        "replay_long.json",
        "replay_rulebook.json",
    }
    for path in files:
        assert path.stat().st_size <= 1_100_000, path.name
        document = load_file(path)
        assert document["file"] == path.name
        for case in document["cases"]:
            assert case["tags"] == sorted(case["tags"])


def test_regenerating_gives_identical_files(tmp_path: Path) -> None:
    written = vectors_write(tmp_path)

    assert sorted(path.name for path in written) == sorted(p.name for p in vector_files())
    for path in written:
        committed = (VECTOR_DIR / path.name).read_bytes()
        assert path.read_bytes() == committed, (
            f"{path.name} differs from a fresh run of the generator: the engine's "
            "behaviour changed, or the generator is not deterministic"
        )


def test_the_browsers_ruleset_is_the_engines() -> None:
    # rules.js reads every number of the game from ruleset.json; `make vectors` writes it.
    assert RULESET_JSON.read_text(encoding="utf-8") == ruleset_render(), (
        "ruleset.json differs from the engine's Ruleset: run `make vectors`"
    )


def test_the_browsers_computers_are_the_engines() -> None:
    # The offline classic game's easy computer reads its numbers from computers.json.
    assert COMPUTERS_JSON.read_text(encoding="utf-8") == computers_render(), (
        "classic/computers.json differs from the engine's computers: run `make vectors`"
    )


def test_the_command_needs_exactly_one_directory(capsys: pytest.CaptureFixture[str]) -> None:
    from tools.vectors import main

    assert main([]) == 2
    assert main(["a", "b"]) == 2
    assert "usage: python -m tools.vectors OUTPUT_DIR" in capsys.readouterr().err
