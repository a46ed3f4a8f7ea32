"""`python manage.py replay FILE`: output lines, exit codes, input shapes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from triominos import deal_shuffle, tile_parse

REPO = Path(__file__).resolve().parents[2]


def _challenge(seed: int) -> tuple[list[str], list[str]]:
    tray, well = deal_shuffle(seed)
    return list(tray), list(well)


TRAY, WELL = _challenge(20261121)
FIRST = TRAY[0]


def _valid_run() -> dict[str, Any]:
    return {
        "tray": TRAY,
        "well": WELL,
        "moves": [
            {"t": 1000, "type": "place", "tile": FIRST, "cell": [0, 0], "rotation": 0},
            {"t": 2000, "type": "draw"},
        ],
    }


def _invalid_run() -> dict[str, Any]:
    run = _valid_run()
    run["moves"].append(
        {"t": 2500, "type": "place", "tile": TRAY[1], "cell": [5, 5], "rotation": 0}
    )
    return run


def _call(path: Path | str, *args: str, stdin: str | None = None) -> tuple[list[Any], str, int]:
    """Run the command in-process: (parsed stdout lines, stderr, exit status)."""
    out, err = io.StringIO(), io.StringIO()
    extra: dict[str, Any] = {} if stdin is None else {"stdin": io.StringIO(stdin)}
    status = 0
    try:
        call_command("replay", str(path), *args, stdout=out, stderr=err, **extra)
    except CommandError as error:
        status = error.returncode
        err.write(str(error))
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    return lines, err.getvalue(), status


def test_one_valid_object_prints_its_result_and_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text(json.dumps(_valid_run(), indent=2))

    lines, _, status = _call(path)

    assert status == 0
    value = tile_parse(FIRST).value
    assert lines == [
        {
            "valid": True,
            "score": value - 5,
            "moves": [{"points": value, "bonus": None}, {"points": -5, "bonus": None}],
        }
    ]


def test_invalid_run_prints_error_and_valid_prefix_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text(json.dumps(_invalid_run()))

    lines, stderr, status = _call(path)

    assert status == 1
    [result] = lines
    assert result["valid"] is False
    assert result["error"]["move"] == 2
    assert result["error"]["code"] == "not_adjacent"
    assert "[5, 5]" in result["error"]["detail"] or "5, 5" in result["error"]["detail"]
    assert len(result["moves"]) == 2
    assert "1 of 1 run is invalid" in stderr


def test_json_lines_give_one_line_per_run_in_order(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    runs = [_valid_run(), _invalid_run(), _valid_run()]
    path.write_text("\n".join(json.dumps(run) for run in runs) + "\n\n")

    lines, stderr, status = _call(path)

    assert [line["valid"] for line in lines] == [True, False, True]
    assert status == 1
    assert "1 of 3 runs is invalid" in stderr


def test_all_valid_json_lines_exit_0(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    path.write_text(json.dumps(_valid_run()) + "\n" + json.dumps(_valid_run()) + "\n")

    lines, _, status = _call(path)

    assert status == 0
    assert len(lines) == 2


def test_output_is_exactly_the_engine_result(tmp_path: Path) -> None:
    from triominos import replay_challenge

    run = _invalid_run()
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run))

    lines, _, _ = _call(path)

    expected = replay_challenge(tray=TRAY, well=WELL, log={"moves": run["moves"]}).to_json()
    assert lines == [json.loads(json.dumps(expected))]


def test_stdin_dash_reads_standard_input() -> None:
    lines, _, status = _call("-", stdin=json.dumps(_valid_run()))

    assert status == 0
    assert lines[0]["valid"] is True


def test_record_max_t_caps_move_times(tmp_path: Path) -> None:
    run = _valid_run()
    run["max_t"] = 1500
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run))

    lines, _, status = _call(path)

    assert status == 1
    assert lines[0]["error"]["code"] == "time_over"
    assert lines[0]["error"]["move"] == 1


def test_max_t_option_applies_when_the_record_has_none(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text(json.dumps(_valid_run()))

    lines, _, status = _call(path, "--max-t", "999")

    assert status == 1
    assert lines[0]["error"] == {
        "move": 0,
        "code": "time_over",
        "detail": lines[0]["error"]["detail"],
    }


def test_missing_moves_is_a_bad_log(tmp_path: Path) -> None:
    run = _valid_run()
    del run["moves"]
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run))

    lines, _, status = _call(path)

    assert status == 1
    assert lines[0]["error"]["code"] == "bad_log"
    assert lines[0]["error"]["move"] is None


def test_a_line_that_is_not_an_object_is_reported_not_crashed(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    path.write_text(json.dumps(_valid_run()) + "\n[1, 2, 3]\n")

    lines, _, status = _call(path)

    assert status == 1
    assert lines[0]["valid"] is True
    assert lines[1]["valid"] is False
    assert lines[1]["error"]["code"] == "bad_log"
    assert "line 2" in lines[1]["error"]["detail"]


@pytest.mark.parametrize(
    ("tray", "message"),
    [(None, "missing"), ("0-0-0", "string"), ([1, 2], "other than tile ids")],
)
def test_tray_that_is_not_a_list_of_ids_is_a_bad_challenge(
    tmp_path: Path, tray: object, message: str
) -> None:
    run = _valid_run()
    run["tray"] = tray
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run))

    lines, _, status = _call(path)

    assert status == 1
    assert lines[0]["error"]["code"] == "bad_challenge"
    assert message in lines[0]["error"]["detail"]


def test_tray_of_wrong_tiles_is_refused_by_the_engine(tmp_path: Path) -> None:
    run = _valid_run()
    run["tray"] = TRAY[:8]
    path = tmp_path / "run.json"
    path.write_text(json.dumps(run))

    lines, _, status = _call(path)

    assert status == 1
    assert lines[0]["error"]["code"] == "bad_challenge"


def test_explain_writes_a_readable_account_to_stderr(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text(json.dumps(_invalid_run()))

    lines, stderr, status = _call(path, "--explain")

    assert status == 1
    assert len(lines) == 1  # stdout stays pure JSON
    assert f"move 0: t=1000 place {FIRST} at [0, 0] rotation 0" in stderr
    assert (
        f"move 1: t=2000 draw (takes {WELL[0]}): -5, total {tile_parse(FIRST).value - 5}" in stderr
    )
    assert "rejected at move 2" in stderr
    assert "not_adjacent" in stderr


def test_missing_file_exits_2_with_a_message(tmp_path: Path) -> None:
    lines, stderr, status = _call(tmp_path / "nope.json")

    assert status == 2
    assert lines == []
    assert "no such file" in stderr


def test_not_json_exits_2_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text("{not json")

    lines, stderr, status = _call(path)

    assert status == 2
    assert lines == []
    assert "not JSON" in stderr


def test_json_lines_with_one_broken_line_exit_2_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    path.write_text(json.dumps(_valid_run()) + "\n{broken\n")

    lines, stderr, status = _call(path)

    assert status == 2
    assert lines == []  # nothing is replayed from a file that is not all JSON
    assert "line 2" in stderr


def test_empty_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text("\n  \n")

    _, stderr, status = _call(path)

    assert status == 2
    assert "empty" in stderr


def test_binary_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_bytes(b"\xff\xfe\x00garbage")

    _, stderr, status = _call(path)

    assert status == 2
    assert "UTF-8" in stderr


def _manage(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(REPO / "manage.py"), "replay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
        check=False,
    )


def test_process_exit_codes_0_1_2(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_valid_run()))
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(_valid_run()) + "\n" + json.dumps(_invalid_run()) + "\n")

    ok = _manage(str(good))
    invalid = _manage(str(bad))
    unreadable = _manage(str(tmp_path / "missing.json"))

    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["valid"] is True
    assert invalid.returncode == 1
    assert [json.loads(line)["valid"] for line in invalid.stdout.splitlines()] == [True, False]
    assert unreadable.returncode == 2
    assert "no such file" in unreadable.stderr
    assert unreadable.stdout == ""


def test_process_reads_stdin() -> None:
    done = _manage("-", stdin=json.dumps(_invalid_run()))

    assert done.returncode == 1
    assert json.loads(done.stdout)["error"]["code"] == "not_adjacent"


def test_agrees_with_the_golden_vectors(tmp_path: Path) -> None:
    from tests.vectors.loader import replay_cases

    cases = [
        case
        for case in replay_cases()
        if isinstance(case["log"], dict)
        and isinstance(case["tray"], list)
        and isinstance(case["well"], list)
        and "moves" in case["log"]
        and not {"tray", "well", "max_t"} & set(case["log"])
    ][::7]
    path = tmp_path / "vectors.jsonl"
    path.write_text(
        "\n".join(
            json.dumps({"tray": c["tray"], "well": c["well"], "max_t": c["max_t"], **c["log"]})
            for c in cases
        )
    )

    lines, _, status = _call(path)

    assert len(lines) == len(cases) > 100
    assert status == (0 if all(c["expect"]["valid"] for c in cases) else 1)
    for line, case in zip(lines, cases, strict=True):
        expect = case["expect"]
        assert line["valid"] == expect["valid"], case["name"]
        assert line["score"] == expect["score"], case["name"]
        assert line["moves"] == expect["moves"], case["name"]
        if expect["error"] is not None:
            if expect["error"]["code"] == "bad_challenge":
                # Tiles that are not a list of ids the command refuses itself, naming
                # the record's line; the rest the engine refuses, in its words.
                assert line["error"]["code"] == "bad_challenge", case["name"]
                detail = line["error"]["detail"]
                assert detail == expect["error"]["detail"] or detail.startswith("line ")
            else:
                got = {k: line["error"][k] for k in ("move", "code", "detail")}
                assert got == expect["error"], case["name"]


@pytest.mark.django_db
def test_a_stored_run_replays_by_id_to_what_the_server_stored() -> None:
    from challenges.models import Run
    from tests.factories import RunFactory

    run = RunFactory(finished=True)
    out, err = io.StringIO(), io.StringIO()
    call_command("replay", "--run", str(run.pk), stdout=out, stderr=err)
    verdict = json.loads(out.getvalue())
    stored = Run.objects.get(pk=run.pk)
    assert verdict["valid"] is True
    assert verdict["score"] == stored.score
    assert [m["points"] for m in verdict["moves"]] == [m["points"] for m in stored.move_results]


@pytest.mark.django_db
def test_an_unknown_run_id_is_a_clear_error() -> None:
    with pytest.raises(CommandError, match="no stored run has the id 'nope'"):
        call_command("replay", "--run", "nope", stdout=io.StringIO(), stderr=io.StringIO())
